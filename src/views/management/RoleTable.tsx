import dayjs from 'dayjs';
import {
  Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import type { RoleRow } from '../../services/managementRules';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  count: { fontVariantNumeric: 'tabular-nums' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** Spec section 9: a role's creation time as DD MMM YYYY HH:mm:ss, in the viewer's own time. */
export const roleCreatedAt = (iso: string) => dayjs(iso).format('DD MMM YYYY HH:mm:ss');

/** Role Management's table (spec section 2); the Type column is for SUPER ADMIN only. */
export function RoleTable({ rows, loading, showType, onEdit }: { rows: RoleRow[]; loading: boolean; showType: boolean; onEdit: (row: RoleRow) => void }) {
  const styles = useStyles();
  const columns = ['Name', 'Description', ...(showType ? ['Type'] : []), 'Total Modules', 'Created At', 'Actions'];
  return (
    <div className={styles.wrap}>
      <Table aria-label="Roles" size="small" style={{ tableLayout: 'auto', minWidth: 760 }}>
        <TableHeader>
          <TableRow>{columns.map((c) => <TableHeaderCell key={c}>{c}</TableHeaderCell>)}</TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.description}</TableCell>
              {showType && <TableCell>{r.type}</TableCell>}
              <TableCell>
                {/* A role without modules opens nothing: red, and said in words for those who cannot see the colour. */}
                <Text className={styles.count} weight={r.module_count === 0 ? 'semibold' : 'regular'} title={r.module_count === 0 ? 'No modules' : undefined}
                  style={r.module_count === 0 ? { color: tokens.colorPaletteRedForeground1 } : undefined}>
                  {r.module_count}
                </Text>
              </TableCell>
              <TableCell>{roleCreatedAt(r.created_at)}</TableCell>
              <TableCell><Button size="small" icon={<EditRegular />} onClick={() => onEdit(r)}>Edit</Button></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && rows.length === 0 && <Spinner label="Loading roles…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && <Text block className={styles.empty}>No roles match these filters.</Text>}
    </div>
  );
}
