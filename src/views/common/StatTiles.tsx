import { currentLanguage } from '../../i18n/language';
import { formatRupiah } from '../../services/money';
import type { TransactionStats } from '../../services/payinQuery';
import { Figure, FigureGrid } from './Figure';
import { useT } from '../../i18n/useT';

/** A count as the language shown writes it: '1,234', '1.234' in Bahasa Indonesia. */
const count = (n: number) => new Intl.NumberFormat(currentLanguage()).format(Math.trunc(n));

/** Total Transactions, Total Amount, Total Fee: the sums of exactly the filtered rows. */
export function StatTiles({ stats }: { stats: TransactionStats | null }) {
  const t = useT();
  const tiles = [
    {
      label: t({ defaultMessage: 'Total Transactions', id: 'a3+VDd' }),
      value: stats ? count(stats.total_transaction_count) : '-',
    },
    {
      label: t({ defaultMessage: 'Total Amount', id: 'CDTMW3' }),
      value: stats ? formatRupiah(stats.total_transaction_amount) : '-',
    },
    {
      label: t({ defaultMessage: 'Total Fee', id: 'W0faSt' }),
      value: stats ? formatRupiah(stats.total_fee_amount) : '-',
    },
  ];
  return (
    <FigureGrid>
      {tiles.map((t) => (
        <Figure key={t.label} label={t.label} value={t.value} />
      ))}
    </FigureGrid>
  );
}
