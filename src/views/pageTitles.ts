/** Screen titles as the spec names them; the menu keeps the module titles. */
export const pageTitles: Record<string, string> = {
  '/dashboard/transactions': 'Payments List',
  '/dashboard/payin': 'Disbursement Accounts',
  '/dashboard/disbursement/transactions': 'Disbursement List',
  '/dashboard/disbursement/account': 'Disbursement Account',
  '/dashboard/disbursement/master-balance': 'Master Disbursement Balance',
  '/dashboard/balance': 'Payments Balance',
  '/dashboard/settlement': 'Settlement',
  '/dashboard/workflows': 'Workflows',
  '/dashboard/approvals': 'Approvals',
  '/dashboard/management/user': 'User Management',
  '/dashboard/management/role': 'Role Management',
  '/dashboard/settings/user': 'User Settings',
};
