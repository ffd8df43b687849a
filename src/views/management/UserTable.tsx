import type { ReactNode } from 'react';
import { Badge } from '@fluentui/react-components';
import { clientsText, NO_ROLE_NAME, shownUserType, type UserRow } from '../../services/managementRules';
import { DataTable, type Column } from '../common/DataTable';
import { useSaid, useT } from '../../i18n/useT';

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
  const t = useT();
  const said = useSaid();
  const columns: Column<UserRow>[] = [
    { header: t({ defaultMessage: 'Name', id: 'HAlOn1' }), cell: (r) => r.name },
    { header: t({ defaultMessage: 'Email', id: 'sy+pv5' }), cell: (r) => r.email },
    ...(showType
      ? [{ header: t({ defaultMessage: 'Type', id: '+U6ozc' }), cell: (r: UserRow) => said(shownUserType(r.type)) }]
      : []),
    { header: t({ defaultMessage: 'Role', id: '1ZgrhW' }), cell: (r) => r.role_name ?? said(NO_ROLE_NAME) },
    { header: t({ defaultMessage: 'Clients', id: 'iCpuph' }), cell: (r) => said(clientsText(r)) },
    {
      header: t({ defaultMessage: 'Authenticator', id: 'PNG6dT' }),
      cell: (r) => (
        <Badge appearance="tint" color={r.two_factor_active ? 'success' : 'subtle'}>
          {r.two_factor_active
            ? t({ defaultMessage: 'Active', id: '3a5wL8' })
            : t({ defaultMessage: 'Not Set', id: 'kWlBq2' })}
        </Badge>
      ),
    },
    {
      header: t({ defaultMessage: 'Status', id: 'tzMNF3' }),
      cell: (r) => (
        <Badge appearance="tint" color={r.is_active ? 'success' : 'danger'}>
          {r.is_active
            ? t({ defaultMessage: 'Active', id: '3a5wL8' })
            : t({ defaultMessage: 'Inactive', id: '6Tps09' })}
        </Badge>
      ),
    },
    { header: t({ defaultMessage: 'Actions', id: 'wL7VAE' }), cell: actions },
  ];
  return (
    <DataTable
      label={t({ defaultMessage: 'Users', id: 'YDMrKK' })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: t({ defaultMessage: 'Loading users…', id: 'R5phI8' }) }}
      empty={t({ defaultMessage: 'No users match these filters.', id: 'LAFH+j' })}
      minWidth={900}
    />
  );
}
