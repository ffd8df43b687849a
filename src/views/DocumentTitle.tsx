import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitle } from './pageTitles';

/** The tab's title follows the route: rendered once, by the shell, so no page sets its own. */
export function DocumentTitle() {
  const [path] = useLocation();
  useEffect(() => {
    document.title = documentTitle(path);
  }, [path]);
  return null;
}
