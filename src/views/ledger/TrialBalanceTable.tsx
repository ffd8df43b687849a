import {
  Link,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { LedgerAccount, TrialBalance } from '../../services/ledgerRules';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { useAmountStyles } from '../common/amountStyles';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  group: { backgroundColor: tokens.colorNeutralBackground3 },
  totals: { fontWeight: tokens.fontWeightSemibold },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export const SYSTEM_GROUP = 'System accounts';

/** The accounts by owner, the system's own first, then each client (by id: two clients may share a name). */
export function accountGroups(accounts: readonly LedgerAccount[]): Array<{ name: string; accounts: LedgerAccount[] }> {
  const groups = new Map<number | null, { name: string; accounts: LedgerAccount[] }>();
  for (const a of accounts) {
    const group = groups.get(a.client_id) ?? { name: a.client_name ?? SYSTEM_GROUP, accounts: [] };
    group.accounts.push(a);
    groups.set(a.client_id, group);
  }
  return [...groups.values()];
}

/** 'Debits Rp. X = Credits Rp. X': the trial balance's proof, in one line. */
export const totalsText = ({ debit, credit }: TrialBalance['totals']) =>
  `Debits ${formatRupiah(debit)} ${debit === credit ? '=' : '≠'} Credits ${formatRupiah(credit)}`;

/**
 * Why every balance is Rp. 0 as of a moment before anything was posted (the ledger is kept by posting
 * time), so an empty past is not taken for a ledger that nets to nothing; null otherwise.
 */
export function asOfNotice({ at, first_posting_at: first }: Pick<TrialBalance, 'at' | 'first_posting_at'>) {
  if (!at) return null;
  const why = `the ledger is kept by posting time, so as of ${formatDateTime(at)} every balance is Rp. 0.`;
  if (!first) return `Nothing has been posted yet: ${why}`;
  return Date.parse(at) < Date.parse(first) ? `No postings before ${formatDateTime(first)}: ${why}` : null;
}

/** The trial balance grouped by client; each account's name opens its statement. */
export function TrialBalanceTable({
  balance,
  loading,
  onOpen,
}: {
  balance: TrialBalance | null;
  loading: boolean;
  onOpen: (id: number) => void;
}) {
  const styles = useStyles();
  const amounts = useAmountStyles();
  return (
    <div className={styles.wrap}>
      <Table aria-label="Trial balance" aria-busy={loading} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Account</TableHeaderCell>
            <TableHeaderCell>Kind</TableHeaderCell>
            <TableHeaderCell>Code</TableHeaderCell>
            <TableHeaderCell className={amounts.header}>Balance</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accountGroups(balance?.accounts ?? []).map((group) => [
            <TableRow key={`group-${group.accounts[0].id}`} className={styles.group}>
              <TableCell colSpan={4}>
                <Text weight="semibold">{group.name}</Text>
              </TableCell>
            </TableRow>,
            ...group.accounts.map((a) => (
              <TableRow key={a.id}>
                <TableCell>
                  <Link as="button" onClick={() => onOpen(a.id)}>
                    {a.name}
                  </Link>
                </TableCell>
                <TableCell>{a.kind}</TableCell>
                <TableCell>{a.code}</TableCell>
                <TableCell className={amounts.amount}>{formatRupiah(a.balance)}</TableCell>
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
      {loading && <Spinner size="small" label="Loading…" className={styles.empty} />}
      {balance && (
        <Text as="p" className={styles.totals} aria-label="Totals">
          {totalsText(balance.totals)}
          {balance.at ? ` as of ${formatDateTime(balance.at)}` : ''}
        </Text>
      )}
    </div>
  );
}
