import { SUPER_ADMIN_MODULES } from '../../src/services/managementRules.ts';

/** The module catalogue mirrors the spec's route table; a role grants module ids from it. */
export interface CatalogueEntry {
  id: string;
  title: string;
  path: string;
  icon: string;
  isRequired?: boolean;
  children?: Omit<CatalogueEntry, 'children' | 'icon'>[];
}

export const moduleCatalogue: CatalogueEntry[] = [
  { id: 'transactions', title: 'Payments List', path: '/dashboard/transactions', icon: 'receipt' },
  { id: 'payin', title: 'Payin Detail', path: '/dashboard/payin', icon: 'wallet' },
  {
    id: 'disbursement', title: 'Disbursement', path: '/dashboard/disbursement', icon: 'money-hand',
    children: [
      { id: 'disbursement-list', title: 'List', path: '/dashboard/disbursement/transactions', isRequired: true },
      { id: 'disbursement-account', title: 'Account', path: '/dashboard/disbursement/account' },
      { id: 'disbursement-master-balance', title: 'Master Balance', path: '/dashboard/disbursement/master-balance' },
    ],
  },
  { id: 'balance', title: 'Payments Balance', path: '/dashboard/balance', icon: 'scales' },
  { id: 'settlement', title: 'Settlement', path: '/dashboard/settlement', icon: 'calendar-checkmark' },
  { id: 'audit-log', title: 'Audit Log', path: '/dashboard/audit-log', icon: 'document-search' },
  { id: 'workflows', title: 'Workflows', path: '/dashboard/workflows', icon: 'flowchart' },
  { id: 'approvals', title: 'Approvals', path: '/dashboard/approvals', icon: 'checkmark-shield' },
  {
    id: 'management', title: 'Management', path: '/dashboard/management', icon: 'people-settings',
    children: [
      { id: 'management-user', title: 'User', path: '/dashboard/management/user', isRequired: true },
      { id: 'management-role', title: 'Role', path: '/dashboard/management/role' },
    ],
  },
  {
    id: 'settings', title: 'Settings', path: '/dashboard/settings', icon: 'settings',
    children: [{ id: 'settings-user', title: 'User Settings', path: '/dashboard/settings/user', isRequired: true }],
  },
];

/**
 * Modules only a SUPER ADMIN may be granted, whatever a role says (spec section 6). Management is
 * not among them: an ADMIN role may grant it, and that ADMIN then manages users and roles of their
 * own type and clients only.
 */
export const superAdminModules = new Set(SUPER_ADMIN_MODULES);

/** Modules whose pages and calls are for staff (SUPER ADMIN or ADMIN) only, whatever a client user's role holds. */
export const staffOnlyModules = new Set(['disbursement-master-balance']);
