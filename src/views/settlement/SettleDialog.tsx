import { makeStyles, tokens } from '@fluentui/react-components';
import type { ActorRefFrom } from 'xstate';
import type { settleConfirmMachine } from '../../machines/settleConfirmMachine';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { formatRupiah, groupDigits } from '../../services/money';
import {
  SETTLEMENT_TYPE_LABELS,
  settlementTotals,
  type SettlementRow,
  type SettlementWindow,
} from '../../services/settlementRules';

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
});

/**
 * 'Settle All Transactions': the window and what settling it moves (settlementTotals of the rows
 * shown), with Cancel and Confirm; busy while the server starts the run. Renders the page's settle
 * press child, whose can() enables each button.
 */
export function SettleDialog({
  actor,
  window,
  rows,
}: {
  actor: ActorRefFrom<typeof settleConfirmMachine>;
  window: SettlementWindow;
  rows: SettlementRow[];
}) {
  const styles = useStyles();
  const totals = settlementTotals(rows);
  const figures: Array<[string, string]> = [
    ['Transactions', groupDigits(totals.count)],
    ['Total Transaction Amount', formatRupiah(totals.amount)],
    ['Total Fee Amount', formatRupiah(totals.fee)],
    ['Total Amount', formatRupiah(totals.net)],
  ];
  return (
    // The confirm button keeps its word while busy: the spinner says what is under way.
    <ConfirmCallDialog
      actor={actor}
      title="Settle All Transactions"
      verb="Confirm"
      busyVerb="Confirm"
      busyLabel="Starting the settlement…"
    >
      {`Settle all ${SETTLEMENT_TYPE_LABELS[window.type]} transactions from ${window.start} to ${window.end}?`}
      <dl className={styles.figures} aria-label="Settlement totals">
        {figures.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      The total amount moves to the clients&apos; withdrawable balance. This cannot be undone.
    </ConfirmCallDialog>
  );
}
