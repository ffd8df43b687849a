import { makeStyles, tokens } from '@fluentui/react-components';
import { useT } from '../../i18n/useT';
import { formatRupiah } from '../../services/money';
import type { BalanceSummary } from '../../services/withdrawalRules';
import { Figure, FigureGrid } from '../common/Figure';

// The total stands apart from the balances it adds up.
const useStyles = makeStyles({ total: { borderTop: `3px solid ${tokens.colorPaletteGreenBorderActive}` } });

const cardsOf = (t: ReturnType<typeof useT>): Array<{ label: string; key: keyof BalanceSummary }> => [
  { label: t({ defaultMessage: 'Non-withdrawable Balance', id: 'bCl8/P' }), key: 'nonwithdrawable_balance' },
  { label: t({ defaultMessage: 'Available Balance', id: 'PkzSaw' }), key: 'withdrawable_balance' },
  { label: t({ defaultMessage: 'Pending Withdrawal', id: 'TE/cax' }), key: 'pending_withdrawal_balance' },
  { label: t({ defaultMessage: 'Total Balance', id: 'zHpvzF' }), key: 'balance' },
];

export function BalanceCards({ summary }: { summary: BalanceSummary | null }) {
  const styles = useStyles();
  const t = useT();
  return (
    <FigureGrid>
      {cardsOf(t).map((c) => (
        <Figure
          key={c.key}
          label={c.label}
          value={summary ? formatRupiah(summary[c.key]) : '-'}
          className={c.key === 'balance' ? styles.total : undefined}
        />
      ))}
    </FigureGrid>
  );
}
