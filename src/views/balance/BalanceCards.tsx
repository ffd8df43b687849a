import { Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { formatRupiah } from '../../services/money';
import type { BalanceSummary } from '../../services/withdrawalRules';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderTop: `3px solid ${tokens.colorBrandStroke1}`,
  },
  total: { borderTop: `3px solid ${tokens.colorPaletteGreenBorderActive}` },
  figure: {
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

const cards: Array<{ label: string; key: keyof BalanceSummary }> = [
  { label: 'Non-withdrawable Balance', key: 'nonwithdrawable_balance' },
  { label: 'Available Balance', key: 'withdrawable_balance' },
  { label: 'Pending Withdrawal', key: 'pending_withdrawal_balance' },
  { label: 'Total Balance', key: 'balance' },
];

export function BalanceCards({ summary }: { summary: BalanceSummary | null }) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {cards.map((c) => (
        <Card
          key={c.key}
          className={mergeClasses(styles.card, c.key === 'balance' && styles.total)}
          role="group"
          aria-label={c.label}
        >
          <Text size={300}>{c.label}</Text>
          <span className={styles.figure}>{summary ? formatRupiah(summary[c.key]) : '-'}</span>
        </Card>
      ))}
    </div>
  );
}
