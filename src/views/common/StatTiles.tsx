import { formatRupiah, groupDigits } from '../../services/money';
import type { TransactionStats } from '../../services/payinQuery';
import { Figure, FigureGrid } from './Figure';

/** Total Transactions, Total Amount, Total Fee: the sums of exactly the filtered rows. */
export function StatTiles({ stats }: { stats: TransactionStats | null }) {
  const tiles = [
    { label: 'Total Transactions', value: stats ? groupDigits(stats.total_transaction_count) : '-' },
    { label: 'Total Amount', value: stats ? formatRupiah(stats.total_transaction_amount) : '-' },
    { label: 'Total Fee', value: stats ? formatRupiah(stats.total_fee_amount) : '-' },
  ];
  return (
    <FigureGrid>
      {tiles.map((t) => (
        <Figure key={t.label} label={t.label} value={t.value} />
      ))}
    </FigureGrid>
  );
}
