import { Spinner } from '@fluentui/react-components';

/**
 * What shows while a page's code downloads (each page is its own chunk, issue 16). The label makes
 * the Spinner's progressbar role announce something to a screen reader, not just spin.
 */
export function PageLoading() {
  return <Spinner label="Loading the page…" style={{ marginTop: '20vh' }} />;
}
