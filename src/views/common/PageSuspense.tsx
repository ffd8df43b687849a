import { Component, Suspense, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { defineMessage } from 'react-intl';
import { useT } from '../../i18n/useT';

const LOADING = defineMessage({ defaultMessage: 'Loading the page…', id: 'EYcX2I' });
const LOAD_FAILED = defineMessage({
  defaultMessage: 'This page could not be loaded. Reload to get the latest version of the back office.',
  id: 'CqjoWx',
});
/** The words in English, as a screen without a catalog says them. */
export const PAGE_LOADING = LOADING.defaultMessage as string;
export const PAGE_LOAD_FAILED = LOAD_FAILED.defaultMessage as string;

/**
 * Where a lazily loaded page (its own chunk, issue 16) shows: a labelled Spinner while its code
 * downloads (the label is what a screen reader announces for the progressbar), and a way out when the
 * download fails (offline, or a chunk a newer deploy replaced). Give it a `key` per page, so a failure
 * on one page does not stay on the next.
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <LoadFailure>
      <Suspense fallback={<Spinner label={t(LOADING)} style={{ marginTop: '20vh' }} />}>{children}</Suspense>
    </LoadFailure>
  );
}

/** The failure's words and its Reload: a component of its own, as the boundary (a class) takes no hooks. */
function LoadFailed() {
  const t = useT();
  return (
    <MessageBar intent="error" style={{ margin: 24 }}>
      <MessageBarBody>{t(LOAD_FAILED)}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => window.location.reload()}>{t({ defaultMessage: 'Reload', id: 'fdCS5/' })}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed />;
  }
}
