import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSaid } from '../i18n/useT';
import { documentTitle } from './pageTitles';

/** The tab's title follows the route (and the language shown): rendered once, by the shell, so no page sets its own. */
export function DocumentTitle() {
  const [path] = useLocation();
  // A change of language names the tab again.
  const said = useSaid();
  useEffect(() => {
    document.title = documentTitle(path, said);
  }, [path, said]);
  return null;
}
