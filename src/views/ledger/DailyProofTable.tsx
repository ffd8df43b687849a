import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { PROOF_ACCOUNTS, type DailyProof, type ProofAmounts } from '../../services/dailyProofRules';
import { ACCOUNT_NAMES } from '../../services/ledgerRules';
import { formatRupiah } from '../../services/money';
import { useSaid, useT } from '../../i18n/useT';
import { countText } from '../../i18n/countText';
import { ScrollRegion } from '../common/ScrollRegion';
import { useAmountStyles } from '../common/amountStyles';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  // Fluent's tables share their width equally (fixed layout): here the amounts take what they need, the words the rest.
  table: { tableLayout: 'auto' },
  count: { textAlign: 'right' },
  // The sums: opening, closing and the ledger's own balance stand out from the day's movements.
  sum: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  agrees: { color: tokens.colorPaletteGreenForeground1 },
  differs: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  verdict: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
});

/** A movement's amount; an account the kind did not move is left blank, so the day's changes stand out. */
const moved = (amount: number) => (amount === 0 ? '' : formatRupiah(amount));

function AmountCells({ amounts, show = formatRupiah }: { amounts: ProofAmounts; show?: (n: number) => string }) {
  const styles = useAmountStyles();
  return PROOF_ACCOUNTS.map((account) => (
    <TableCell key={account} className={styles.amount}>
      {show(amounts[account])}
    </TableCell>
  ));
}

/**
 * One client's day: the opening balance of each of its five accounts, the day's movements by kind,
 * the closing balance (opening + movements), the ledger's own balance at the day's end, and whether
 * the two agree, account by account (a disagreement in red, in words and by its icon).
 */
export function DailyProofTable({ proof }: { proof: DailyProof }) {
  const styles = useStyles();
  const amounts = useAmountStyles();
  const t = useT();
  const said = useSaid();
  return (
    <ScrollRegion label={t({ defaultMessage: 'Daily proof table', id: 'hGHpnR' })} className={styles.wrap}>
      <Table
        aria-label={t(
          { defaultMessage: 'Daily proof of {client} on {day}', id: '+i08oI' },
          { client: proof.client.client_name, day: proof.day },
        )}
        size="small"
        className={styles.table}
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t({ defaultMessage: 'Line', id: 'YcUhLa' })}</TableHeaderCell>
            <TableHeaderCell className={styles.count}>{t({ defaultMessage: 'Entries', id: '87ZCAe' })}</TableHeaderCell>
            {PROOF_ACCOUNTS.map((account) => (
              <TableHeaderCell key={account} className={amounts.header}>
                {said(ACCOUNT_NAMES[account])}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow className={styles.sum}>
            <TableCell>{t({ defaultMessage: 'Opening balance', id: 'I+QxGo' })}</TableCell>
            <TableCell />
            <AmountCells amounts={proof.opening} />
          </TableRow>
          {proof.movements.map((m) => (
            <TableRow key={m.kind}>
              <TableCell>{said(m.name)}</TableCell>
              <TableCell className={styles.count}>{countText(m.entries)}</TableCell>
              <AmountCells amounts={m.amounts} show={moved} />
            </TableRow>
          ))}
          {proof.movements.length === 0 && (
            <TableRow>
              <TableCell colSpan={2 + PROOF_ACCOUNTS.length}>
                {t({ defaultMessage: 'Nothing was posted to these accounts on this day.', id: 'Hx8h5n' })}
              </TableCell>
            </TableRow>
          )}
          <TableRow className={styles.sum}>
            <TableCell>{t({ defaultMessage: 'Closing balance (opening + movements)', id: 'bTieo1' })}</TableCell>
            <TableCell />
            <AmountCells amounts={proof.closing} />
          </TableRow>
          <TableRow className={styles.sum}>
            <TableCell>{t({ defaultMessage: "Ledger balance at the day's end", id: 'KcGj9i' })}</TableCell>
            <TableCell />
            <AmountCells amounts={proof.ledger} />
          </TableRow>
          <TableRow>
            <TableCell>{t({ defaultMessage: 'Closing equals the ledger', id: '8bquJ7' })}</TableCell>
            <TableCell />
            {PROOF_ACCOUNTS.map((account) => (
              <TableCell
                key={account}
                className={mergeClasses(amounts.amount, proof.agrees[account] ? styles.agrees : styles.differs)}
              >
                <span className={styles.verdict}>
                  {proof.agrees[account] ? <CheckmarkCircleRegular aria-hidden /> : <ErrorCircleRegular aria-hidden />}
                  {proof.agrees[account]
                    ? t({ defaultMessage: 'Yes', id: 'a5msuh' })
                    : t({ defaultMessage: 'No', id: 'oUWADl' })}
                </span>
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
