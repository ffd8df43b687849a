import { itemPageParent } from '../services/navigation';
import { PRODUCT_NAME } from './brand';

/** Screen titles as the spec names them; the menu keeps the module titles. */
export const pageTitles: Record<string, string> = {
  '/dashboard/transactions': 'Payments List',
  '/dashboard/payin': 'Disbursement Accounts',
  '/dashboard/disbursement/transactions': 'Disbursement List',
  '/dashboard/disbursement/account': 'Disbursement Account',
  '/dashboard/disbursement/master-balance': 'Master Disbursement Balance',
  '/dashboard/balance': 'Payments Balance',
  '/dashboard/settlement': 'Settlement',
  '/dashboard/audit-log': 'Audit Log',
  '/dashboard/workflows': 'Workflows',
  '/dashboard/approvals': 'Approvals',
  '/dashboard/management/user': 'User Management',
  '/dashboard/management/role': 'Role Management',
  '/dashboard/settings/user': 'User Settings',
};

/** The pages outside the dashboard, by their headings; any other path outside it is the not-found page. */
const outsideTitles: Record<string, string | null> = { '/': null, '/login': 'Sign In', '/work-order-detail': 'Work Order' };
const NOT_FOUND_TITLE = '404 Not Found';

function pageTitleOf(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/dashboard' || trimmed.startsWith('/dashboard/')) {
    // A workflow's own page is named as its list is; a parent path (redirected at once) has no title.
    return pageTitles[trimmed] ?? pageTitles[itemPageParent(trimmed) ?? ''] ?? null;
  }
  return trimmed in outsideTitles ? outsideTitles[trimmed] : NOT_FOUND_TITLE;
}

/** The browser tab's title for a path: the page's title, then the product name (issue 26: tabs told apart). */
export function documentTitle(path: string): string {
  const page = pageTitleOf(path);
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
