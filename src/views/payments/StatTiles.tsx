import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatRupiah, groupDigits } from '../../services/money';
import type { TransactionStats } from '../../services/transactionQuery';

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
  figure: {
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

/** Total Transactions, Total Amount, Total Fee: the sums of exactly the filtered rows. */
export function StatTiles({ stats }: { stats: TransactionStats | null }) {
  const styles = useStyles();
  const tiles = [
    { label: 'Total Transactions', value: stats ? groupDigits(stats.total_transaction_count) : '-' },
    { label: 'Total Amount', value: stats ? formatRupiah(stats.total_transaction_amount) : '-' },
    { label: 'Total Fee', value: stats ? formatRupiah(stats.total_fee_amount) : '-' },
  ];
  return (
    <div className={styles.grid}>
      {tiles.map((t) => (
        <Card key={t.label} className={styles.card} role="group" aria-label={t.label}>
          <Text size={300}>{t.label}</Text>
          <span className={styles.figure}>{t.value}</span>
        </Card>
      ))}
    </div>
  );
}
