import type { RoleRow, UserRow } from '../../services/managementRules';
import type { ModuleItem, RoleOption } from '../../services/schemas';

/** Users, roles and a module tree for the management machine and view tests. */
export const roles: RoleOption[] = [
  { id: 1, name: 'Operator', type: 'ADMIN', description: 'Back office' },
  { id: 2, name: 'Finance', type: 'ADMIN', description: 'Money' },
  { id: 3, name: 'Root', type: 'SUPER ADMIN', description: 'Everything' },
  { id: 4, name: 'Merchant', type: 'CLIENT', description: 'Client users' },
];

export const budi: UserRow = {
  id: 7,
  name: 'Budi',
  email: 'budi@demo.local',
  type: 'ADMIN',
  role_id: 1,
  role_name: 'Operator',
  client_id: [1, 2],
  clients: ['PT Maju', 'CV Jaya'],
  is_active: true,
  two_factor_active: true,
  created_at: '2026-11-20T03:00:00Z',
};

export const siti: UserRow = {
  id: 8,
  name: 'Siti',
  email: 'siti@demo.local',
  type: 'CLIENT',
  role_id: 4,
  role_name: 'Merchant',
  client_id: [2],
  clients: ['CV Jaya'],
  is_active: false,
  two_factor_active: false,
  created_at: '2026-11-21T03:00:00Z',
};

const child = (id: string, title: string, isRequired = false) => ({
  id,
  title,
  path: `/dashboard/${id.replace('-', '/')}`,
  is_required: isRequired,
});

export const tree: ModuleItem[] = [
  {
    id: 'transactions',
    title: 'Payments List',
    path: '/dashboard/transactions',
    icon: 'receipt',
    is_required: false,
    children: [],
  },
  {
    id: 'disbursement',
    title: 'Disbursement',
    path: '/dashboard/disbursement',
    icon: 'money',
    is_required: false,
    children: [
      child('disbursement-transactions', 'Disbursement List', true),
      child('disbursement-account', 'Disbursement Account'),
      child('disbursement-master', 'Master Balance'),
    ],
  },
  {
    id: 'management',
    title: 'Management',
    path: '/dashboard/management',
    icon: 'people',
    is_required: false,
    children: [child('management-user', 'User Management'), child('management-role', 'Role Management')],
  },
];

export const auditor: RoleRow = {
  id: 5,
  name: 'Auditor',
  description: 'Reads the books',
  type: 'ADMIN',
  modules: ['disbursement', 'disbursement-account'],
  module_count: 2,
  created_at: '2026-11-20T03:04:05Z',
};

export const empty: RoleRow = {
  id: 6,
  name: 'Nobody',
  description: 'No access yet',
  type: 'CLIENT',
  modules: [],
  module_count: 0,
  created_at: '2026-01-02T23:59:58Z',
};
