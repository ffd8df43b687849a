import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatRoleCreatedAt } from '../../services/format';
import { shownUserType, type RoleRow } from '../../services/managementRules';
import { DataTable, type Column } from '../common/DataTable';
import { useSaid, useT } from '../../i18n/useT';

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
  const t = useT();
  const said = useSaid();
  const columns: Column<RoleRow>[] = [
    { header: t({ defaultMessage: 'Name', id: 'HAlOn1' }), cell: (r) => r.name },
    { header: t({ defaultMessage: 'Description', id: 'Q8Qw5B' }), cell: (r) => r.description },
    ...(showType
      ? [{ header: t({ defaultMessage: 'Type', id: '+U6ozc' }), cell: (r: RoleRow) => said(shownUserType(r.type)) }]
      : []),
    {
      header: t({ defaultMessage: 'Total Modules', id: 'e9eEeT' }),
      // A role without modules opens nothing: red, and said in words for those who cannot see the colour.
      cell: (r) => (
        <Text
          className={styles.count}
          weight={r.module_count === 0 ? 'semibold' : 'regular'}
          title={r.module_count === 0 ? t({ defaultMessage: 'No modules', id: 'cUFO3+' }) : undefined}
          style={r.module_count === 0 ? { color: tokens.colorPaletteRedForeground1 } : undefined}
        >
          {r.module_count}
        </Text>
      ),
    },
    { header: t({ defaultMessage: 'Created At', id: 'wittYy' }), cell: (r) => formatRoleCreatedAt(r.created_at) },
    { header: t({ defaultMessage: 'Actions', id: 'wL7VAE' }), cell: actions },
  ];
  return (
    <DataTable
      label={t({ defaultMessage: 'Roles', id: 'c35gM5' })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: t({ defaultMessage: 'Loading roles…', id: 'cQ0fqV' }) }}
      empty={t({ defaultMessage: 'No roles match these filters.', id: 'g+KhrQ' })}
      minWidth={760}
    />
  );
}
