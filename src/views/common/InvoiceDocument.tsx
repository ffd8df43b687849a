import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { currentLanguage } from '../../i18n/language';
import { useT } from '../../i18n/useT';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { rupiahInWords } from '../../services/terbilang';

export interface InvoiceItem {
  name: string;
  ori_price: number;
  curr_price: number;
}
export interface Invoice {
  items: InvoiceItem[];
  service: string;
  /** ISO 8601; shown in the business time zone. */
  transaction_date: string;
  correlation_id: string;
  client_name: string;
}

// Fixed colours rather than theme tokens for ink: the page is printed, so it must not follow a dark theme.
const useStyles = makeStyles({
  page: {
    width: '800px',
    boxSizing: 'border-box',
    padding: '40px',
    backgroundColor: '#fff',
    color: '#000',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    boxShadow: tokens.shadow8,
    // 800px is wider than A4's printable area, so on paper the page takes the width @page leaves it.
    '@media print': { width: '100%', padding: 0, boxShadow: 'none' },
  },
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: '2px solid #000',
  },
  company: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightBold,
  },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: `${tokens.spacingVerticalL} 0`,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere' },
  table: { width: '100%', borderCollapse: 'collapse' },
  th: { textAlign: 'left', padding: '6px 8px', borderBottom: '1px solid #000', fontWeight: tokens.fontWeightSemibold },
  td: { padding: '6px 8px', borderBottom: '1px solid #ccc', verticalAlign: 'top', overflowWrap: 'anywhere' },
  num: { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  total: { textAlign: 'left', fontWeight: tokens.fontWeightBold, borderBottom: 'none', borderTop: '2px solid #000' },
  // A row split across two sheets is hard to read; with few items this also keeps the page whole.
  row: { breakInside: 'avoid' },
  words: { marginTop: tokens.spacingVerticalM, fontStyle: 'italic' },
});

/** Each item is one of its kind: its quantity. */
const ONE = 1;

// Griffel cannot emit @page, so the sheet size lives in a plain style element.
const PRINT_CSS = '@media print { @page { size: A4 portrait; margin: 15mm; } }';

/**
 * Discount from the list price, e.g. '25.00%' ('25,00%' in Bahasa Indonesia, issue 48); a free list price has
 * no discount to show.
 */
const discountPercent = ({ ori_price, curr_price }: InvoiceItem) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ori_price === 0 ? 0 : (ori_price - curr_price) / ori_price);

/**
 * A printable A4 invoice for one transaction, in the language shown (issue 48): its labels, figures and date; the
 * amount in words (terbilang) is Indonesian in both languages.
 */
export function InvoiceDocument({
  invoice,
  supportEmail,
  companyName,
}: {
  invoice: Invoice;
  supportEmail: string;
  companyName: string;
}) {
  const styles = useStyles();
  const t = useT();
  const total = invoice.items.reduce((sum, item) => sum + item.curr_price, 0);
  const details: Array<[string, string]> = [
    [t({ defaultMessage: 'Client', id: 'JX0502' }), invoice.client_name],
    [t({ defaultMessage: 'Correlation ID', id: 'p849eW' }), invoice.correlation_id],
    [t({ defaultMessage: 'Service', id: 'n7yYXG' }), invoice.service],
    [t({ defaultMessage: 'Transaction Date', id: '3h5GUT' }), formatDateTime(invoice.transaction_date)],
  ];
  const priceHeaders = [
    t({ defaultMessage: 'Quantity', id: 'qVGRIE' }),
    t({ defaultMessage: 'Original Price', id: 'xJhrSw' }),
    t({ defaultMessage: 'Discount', id: '28C0Aj' }),
    t({ defaultMessage: 'Price', id: 'b1zuN9' }),
  ];
  return (
    <div role="document" aria-label={t({ defaultMessage: 'Invoice', id: 'Ecfndm' })} className={styles.page}>
      <style>{PRINT_CSS}</style>
      <header className={styles.header}>
        <h1 className={styles.company}>{companyName}</h1>
        <span>{t({ defaultMessage: 'Support: {email}', id: 'POs//h' }, { email: supportEmail })}</span>
      </header>
      <dl className={styles.details}>
        {details.map(([term, value]) => [
          <dt key={`${term}-t`} className={styles.term}>
            {term}
          </dt>,
          <dd key={`${term}-d`} className={styles.value}>
            {value}
          </dd>,
        ])}
      </dl>
      <table className={styles.table} aria-label={t({ defaultMessage: 'Items', id: 'yNmV/R' })}>
        <thead>
          <tr>
            <th className={styles.th} scope="col">
              {t({ defaultMessage: 'Item', id: '5ujeDa' })}
            </th>
            {priceHeaders.map((h) => (
              <th key={h} className={mergeClasses(styles.th, styles.num)} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((item, i) => (
            <tr key={i} className={styles.row}>
              <td className={styles.td}>{item.name}</td>
              <td className={mergeClasses(styles.td, styles.num)}>{ONE}</td>
              <td className={mergeClasses(styles.td, styles.num)}>{formatRupiah(item.ori_price)}</td>
              <td className={mergeClasses(styles.td, styles.num)}>{discountPercent(item)}</td>
              <td className={mergeClasses(styles.td, styles.num)}>{formatRupiah(item.curr_price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.row}>
            <th className={mergeClasses(styles.td, styles.total)} scope="row" colSpan={4}>
              {t({ defaultMessage: 'Total', id: 'MJ2jZQ' })}
            </th>
            <td className={mergeClasses(styles.td, styles.total, styles.num)}>{formatRupiah(total)}</td>
          </tr>
        </tfoot>
      </table>
      {/* formatRupiah drops fractions, so the words drop them too and both say the same amount. */}
      <p className={styles.words}>{rupiahInWords(Math.trunc(total))}</p>
    </div>
  );
}
