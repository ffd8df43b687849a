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
  return (
    <ScrollRegion label="Daily proof table" className={styles.wrap}>
      <Table
        aria-label={`Daily proof of ${proof.client.client_name} on ${proof.day}`}
        size="small"
        className={styles.table}
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Line</TableHeaderCell>
            <TableHeaderCell className={styles.count}>Entries</TableHeaderCell>
            {PROOF_ACCOUNTS.map((account) => (
              <TableHeaderCell key={account} className={amounts.header}>
                {ACCOUNT_NAMES[account]}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow className={styles.sum}>
            <TableCell>Opening balance</TableCell>
            <TableCell />
            <AmountCells amounts={proof.opening} />
          </TableRow>
          {proof.movements.map((m) => (
            <TableRow key={m.kind}>
              <TableCell>{m.name}</TableCell>
              <TableCell className={styles.count}>{m.entries.toLocaleString('en-US')}</TableCell>
              <AmountCells amounts={m.amounts} show={moved} />
            </TableRow>
          ))}
          {proof.movements.length === 0 && (
            <TableRow>
              <TableCell colSpan={2 + PROOF_ACCOUNTS.length}>
                Nothing was posted to these accounts on this day.
              </TableCell>
            </TableRow>
          )}
          <TableRow className={styles.sum}>
            <TableCell>Closing balance (opening + movements)</TableCell>
            <TableCell />
            <AmountCells amounts={proof.closing} />
          </TableRow>
          <TableRow className={styles.sum}>
            <TableCell>Ledger balance at the day&apos;s end</TableCell>
            <TableCell />
            <AmountCells amounts={proof.ledger} />
          </TableRow>
          <TableRow>
            <TableCell>Closing equals the ledger</TableCell>
            <TableCell />
            {PROOF_ACCOUNTS.map((account) => (
              <TableCell
                key={account}
                className={mergeClasses(amounts.amount, proof.agrees[account] ? styles.agrees : styles.differs)}
              >
                <span className={styles.verdict}>
                  {proof.agrees[account] ? <CheckmarkCircleRegular aria-hidden /> : <ErrorCircleRegular aria-hidden />}
                  {proof.agrees[account] ? 'Yes' : 'No'}
                </span>
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
