import type { ReactNode } from 'react';
import { Badge } from '@fluentui/react-components';
import { clientsText, NO_ROLE_NAME, shownUserType, type UserRow } from '../../services/managementRules';
import { DataTable, type Column } from '../common/DataTable';

/** User Management's table (spec section 2); the Type column is for SUPER ADMIN only. */
export function UserTable({
  rows,
  loading,
  showType,
  actions,
}: {
  rows: UserRow[];
  loading: boolean;
  showType: boolean;
  actions: (row: UserRow) => ReactNode;
}) {
  const columns: Column<UserRow>[] = [
    { header: 'Name', cell: (r) => r.name },
    { header: 'Email', cell: (r) => r.email },
    ...(showType ? [{ header: 'Type', cell: (r: UserRow) => shownUserType(r.type) }] : []),
    { header: 'Role', cell: (r) => r.role_name ?? NO_ROLE_NAME },
    { header: 'Clients', cell: clientsText },
    {
      header: 'Authenticator',
      cell: (r) => (
        <Badge appearance="tint" color={r.two_factor_active ? 'success' : 'subtle'}>
          {r.two_factor_active ? 'Active' : 'Not Set'}
        </Badge>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <Badge appearance="tint" color={r.is_active ? 'success' : 'danger'}>
          {r.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    { header: 'Actions', cell: actions },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: 'Loading users…' }}
      empty="No users match these filters."
      minWidth={900}
    />
  );
}
