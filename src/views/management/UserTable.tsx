import {
  Badge, Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { EditRegular, KeyResetRegular } from '@fluentui/react-icons';
import { NO_ROLE_NAME, type UserRow } from '../../services/managementRules';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const clientsOf = (row: UserRow) => (row.type === 'SUPER ADMIN' ? 'All Clients' : row.clients.join(', ') || '-');

/** User Management's table (spec section 2); the Type column is for SUPER ADMIN only. */
export function UserTable({ rows, loading, showType, onEdit, onResetAuthenticator }: {
  rows: UserRow[]; loading: boolean; showType: boolean; onEdit: (row: UserRow) => void; onResetAuthenticator: (row: UserRow) => void;
}) {
  const styles = useStyles();
  const columns = ['Name', 'Email', ...(showType ? ['Type'] : []), 'Role', 'Clients', 'Authenticator', 'Status', 'Actions'];
  return (
    <div className={styles.wrap}>
      <Table aria-label="Users" size="small" style={{ tableLayout: 'auto', minWidth: 900 }}>
        <TableHeader>
          <TableRow>{columns.map((c) => <TableHeaderCell key={c}>{c}</TableHeaderCell>)}</TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.email}</TableCell>
              {showType && <TableCell>{r.type}</TableCell>}
              <TableCell>{r.role_name ?? NO_ROLE_NAME}</TableCell>
              <TableCell>{clientsOf(r)}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={r.two_factor_active ? 'success' : 'subtle'}>{r.two_factor_active ? 'Active' : 'Not Set'}</Badge>
              </TableCell>
              <TableCell>
                <Badge appearance="tint" color={r.is_active ? 'success' : 'danger'}>{r.is_active ? 'Active' : 'Inactive'}</Badge>
              </TableCell>
              <TableCell>
                <div className={styles.actions}>
                  {r.two_factor_active && <Button size="small" icon={<KeyResetRegular />} onClick={() => onResetAuthenticator(r)}>Reset Authenticator</Button>}
                  <Button size="small" icon={<EditRegular />} onClick={() => onEdit(r)}>Edit</Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && rows.length === 0 && <Spinner label="Loading users…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && <Text block className={styles.empty}>No users match these filters.</Text>}
    </div>
  );
}
