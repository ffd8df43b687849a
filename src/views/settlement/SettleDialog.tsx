import { makeStyles, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '../common/ConfirmDialog';
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
 * shown), with Cancel and Confirm; busy while the server starts the run.
 */
export function SettleDialog({
  window,
  rows,
  busy,
  canConfirm,
  canCancel,
  onConfirm,
  onCancel,
}: {
  window: SettlementWindow;
  rows: SettlementRow[];
  busy: boolean;
  /** Whether the page's machine takes CONFIRM and CANCEL now (snapshot.can): not while the run is started. */
  canConfirm: boolean;
  canCancel: boolean;
  onConfirm: () => void;
  onCancel: () => void;
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
    <ConfirmDialog
      title="Settle All Transactions"
      busy={busy}
      busyLabel="Starting the settlement…"
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={onConfirm}
      onCancel={onCancel}
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
    </ConfirmDialog>
  );
}
