import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatRoleCreatedAt } from '../../services/format';
import { shownUserType, type RoleRow } from '../../services/managementRules';
import { DataTable, type Column } from '../common/DataTable';

const useStyles = makeStyles({ count: { fontVariantNumeric: 'tabular-nums' } });

/** Role Management's table (spec section 2); the Type column is for SUPER ADMIN only. */
export function RoleTable({
  rows,
  loading,
  showType,
  actions,
}: {
  rows: RoleRow[];
  loading: boolean;
  showType: boolean;
  actions: (row: RoleRow) => ReactNode;
}) {
  const styles = useStyles();
  const columns: Column<RoleRow>[] = [
    { header: 'Name', cell: (r) => r.name },
    { header: 'Description', cell: (r) => r.description },
    ...(showType ? [{ header: 'Type', cell: (r: RoleRow) => shownUserType(r.type) }] : []),
    {
      header: 'Total Modules',
      // A role without modules opens nothing: red, and said in words for those who cannot see the colour.
      cell: (r) => (
        <Text
          className={styles.count}
          weight={r.module_count === 0 ? 'semibold' : 'regular'}
          title={r.module_count === 0 ? 'No modules' : undefined}
          style={r.module_count === 0 ? { color: tokens.colorPaletteRedForeground1 } : undefined}
        >
          {r.module_count}
        </Text>
      ),
    },
    { header: 'Created At', cell: (r) => formatRoleCreatedAt(r.created_at) },
    { header: 'Actions', cell: actions },
  ];
  return (
    <DataTable
      label="Roles"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: 'Loading roles…' }}
      empty="No roles match these filters."
      minWidth={760}
    />
  );
}
