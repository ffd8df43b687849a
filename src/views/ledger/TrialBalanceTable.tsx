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
import type { IntlShape } from 'react-intl';
import { useSaid, useT } from '../../i18n/useT';
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

type Translate = IntlShape['formatMessage'];

/**
 * The accounts by owner, the system's own first (named `systemName`), then each client (by id: two clients may share
 * a name).
 */
export function accountGroups(
  accounts: readonly LedgerAccount[],
  systemName: string,
): Array<{ name: string; accounts: LedgerAccount[] }> {
  const groups = new Map<number | null, { name: string; accounts: LedgerAccount[] }>();
  for (const a of accounts) {
    const group = groups.get(a.client_id) ?? { name: a.client_name ?? systemName, accounts: [] };
    group.accounts.push(a);
    groups.set(a.client_id, group);
  }
  return [...groups.values()];
}

/** 'Debits Rp. X = Credits Rp. X': the trial balance's proof, in one line, and the moment it is of (if not now). */
export function totalsText({ totals: { debit, credit }, at }: Pick<TrialBalance, 'totals' | 'at'>, t: Translate) {
  const values = {
    debit: formatRupiah(debit),
    sign: debit === credit ? '=' : '≠',
    credit: formatRupiah(credit),
  };
  return at
    ? t(
        { defaultMessage: 'Debits {debit} {sign} Credits {credit} as of {at}', id: 'NyzEV7' },
        { ...values, at: formatDateTime(at) },
      )
    : t({ defaultMessage: 'Debits {debit} {sign} Credits {credit}', id: 'zG8Ia1' }, values);
}

/**
 * Why every balance is Rp. 0 as of a moment before anything was posted (the ledger is kept by posting
 * time), so an empty past is not taken for a ledger that nets to nothing; null otherwise.
 */
export function asOfNotice(
  { at, first_posting_at: first }: Pick<TrialBalance, 'at' | 'first_posting_at'>,
  t: Translate,
) {
  if (!at) return null;
  const values = { at: formatDateTime(at), zero: formatRupiah(0) };
  if (!first)
    return t(
      {
        defaultMessage:
          'Nothing has been posted yet: the ledger is kept by posting time, so as of {at} every balance is {zero}.',
        id: '5DAgbg',
      },
      values,
    );
  return Date.parse(at) < Date.parse(first)
    ? t(
        {
          defaultMessage:
            'No postings before {first}: the ledger is kept by posting time, so as of {at} every balance is {zero}.',
          id: 'XXf7rJ',
        },
        { ...values, first: formatDateTime(first) },
      )
    : null;
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
  const t = useT();
  // The accounts' names are the rules' English words (ACCOUNT_NAMES), in the language shown.
  const said = useSaid();
  return (
    <div className={styles.wrap}>
      <Table aria-label={t({ defaultMessage: 'Trial balance', id: 'EXhKBi' })} aria-busy={loading} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t({ defaultMessage: 'Account', id: 'TwyMau' })}</TableHeaderCell>
            <TableHeaderCell>{t({ defaultMessage: 'Kind', id: 'e5x8FT' })}</TableHeaderCell>
            <TableHeaderCell>{t({ defaultMessage: 'Code', id: 'h2vipu' })}</TableHeaderCell>
            <TableHeaderCell className={amounts.header}>
              {t({ defaultMessage: 'Balance', id: 'H5+NAX' })}
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accountGroups(balance?.accounts ?? [], t({ defaultMessage: 'System accounts', id: 'wbghZL' })).map(
            (group) => [
              <TableRow key={`group-${group.accounts[0].id}`} className={styles.group}>
                <TableCell colSpan={4}>
                  <Text weight="semibold">{group.name}</Text>
                </TableCell>
              </TableRow>,
              ...group.accounts.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>
                    <Link as="button" onClick={() => onOpen(a.id)}>
                      {said(a.name)}
                    </Link>
                  </TableCell>
                  <TableCell>{a.kind}</TableCell>
                  <TableCell>{a.code}</TableCell>
                  <TableCell className={amounts.amount}>{formatRupiah(a.balance)}</TableCell>
                </TableRow>
              )),
            ],
          )}
        </TableBody>
      </Table>
      {loading && (
        <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} className={styles.empty} />
      )}
      {balance && (
        <Text as="p" className={styles.totals} aria-label={t({ defaultMessage: 'Totals', id: '17bpAU' })}>
          {totalsText(balance, t)}
        </Text>
      )}
    </div>
  );
}
