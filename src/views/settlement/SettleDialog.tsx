import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
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
  onConfirm,
  onCancel,
}: {
  window: SettlementWindow;
  rows: SettlementRow[];
  busy: boolean;
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
    <MachineDialog modalType="alert" busy={busy} onDismiss={onCancel}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Settle All Transactions</DialogTitle>
          <DialogContent>
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
            {busy && <Spinner size="small" label="Starting the settlement…" style={{ marginTop: 12 }} />}
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={busy} onClick={onConfirm}>
              Confirm
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
