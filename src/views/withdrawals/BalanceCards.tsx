import { makeStyles, tokens } from '@fluentui/react-components';
import { formatRupiah } from '../../services/money';
import type { BalanceSummary } from '../../services/withdrawalRules';
import { Figure, FigureGrid } from '../common/Figure';

// The total stands apart from the balances it adds up.
const useStyles = makeStyles({ total: { borderTop: `3px solid ${tokens.colorPaletteGreenBorderActive}` } });

const cards: Array<{ label: string; key: keyof BalanceSummary }> = [
  { label: 'Non-withdrawable Balance', key: 'nonwithdrawable_balance' },
  { label: 'Available Balance', key: 'withdrawable_balance' },
  { label: 'Pending Withdrawal', key: 'pending_withdrawal_balance' },
  { label: 'Total Balance', key: 'balance' },
];

export function BalanceCards({ summary }: { summary: BalanceSummary | null }) {
  const styles = useStyles();
  return (
    <FigureGrid>
      {cards.map((c) => (
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
