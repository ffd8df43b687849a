import { itemPageParent } from '../services/navigation';
import { screens } from '../services/pages';
import { msg } from '../i18n/msg';
import { asEnglish, type Translate } from '../i18n/translate';
import { PRODUCT_NAME } from './brand';

/** Screen titles as the spec names them, by path (the menu keeps the module titles). */
export const pageTitles: Record<string, string> = Object.fromEntries(screens.map((s) => [s.path, s.title]));

/** The pages outside the dashboard, by their headings; any other path outside it is the not-found page. */
const outsideTitles: Record<string, string | null> = {
  '/': null,
  '/login': msg({ defaultMessage: 'Sign In', id: 'Ub+AGc' }),
  '/work-order-detail': msg({ defaultMessage: 'Work Order', id: 'J+9E6b' }),
};
const NOT_FOUND_TITLE = msg({ defaultMessage: '404 Not Found', id: 'kOfp9A' });

function pageTitleOf(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/dashboard' || trimmed.startsWith('/dashboard/')) {
    // A workflow's own page is named as its list is; a parent path (redirected at once) has no title.
    return pageTitles[trimmed] ?? pageTitles[itemPageParent(trimmed) ?? ''] ?? null;
  }
  return trimmed in outsideTitles ? outsideTitles[trimmed] : NOT_FOUND_TITLE;
}

/**
 * The browser tab's title for a path: the page's title, then the product name (issue 26: tabs told apart). The
 * titles are English messages, said in the language shown (issue 48); the product's name never translates.
 */
export function documentTitle(path: string, said: Translate = asEnglish): string {
  const page = pageTitleOf(path);
  return page ? `${said(page)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
