import { makeStyles, tokens } from '@fluentui/react-components';
import type { ActorRefFrom } from 'xstate';
import type { settleConfirmMachine } from '../../machines/settleConfirmMachine';
import { useSaid, useT } from '../../i18n/useT';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
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
  const t = useT();
  const said = useSaid();
  const totals = settlementTotals(rows);
  const figures: Array<[string, string]> = [
    [t({ defaultMessage: 'Transactions', id: '/jJLYy' }), countText(totals.count)],
    [t({ defaultMessage: 'Total Transaction Amount', id: 'H1Egnm' }), formatRupiah(totals.amount)],
    [t({ defaultMessage: 'Total Fee Amount', id: 'RYepBx' }), formatRupiah(totals.fee)],
    [t({ defaultMessage: 'Total Amount', id: 'CDTMW3' }), formatRupiah(totals.net)],
  ];
  return (
    // The confirm button keeps its word while busy: the spinner says what is under way.
    <ConfirmCallDialog
      actor={actor}
      title={t({ defaultMessage: 'Settle All Transactions', id: 'x0iDMu' })}
      verb={t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
      busyVerb={t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
      busyLabel={t({ defaultMessage: 'Starting the settlement…', id: 'PZDw4m' })}
    >
      {t(
        { defaultMessage: 'Settle all {type} transactions from {start} to {end}?', id: 'MT2QEJ' },
        { type: said(SETTLEMENT_TYPE_LABELS[window.type]), start: window.start, end: window.end },
      )}
      <dl className={styles.figures} aria-label={t({ defaultMessage: 'Settlement totals', id: 'iguOgc' })}>
        {figures.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {t({
        defaultMessage: "The total amount moves to the clients' withdrawable balance. This cannot be undone.",
        id: 'nzu48I',
      })}
    </ConfirmCallDialog>
  );
}
