import {
  Button,
  Link,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import type { CallbackDeliveryRow } from '../../services/callbackRules';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { CallbackOutcomeBadge } from './CallbackOutcomeBadge';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  // A receiver's answer can be long: the cell keeps one line, the whole is in its title.
  answer: { maxWidth: '140px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  client: { minWidth: '120px', maxWidth: '180px' },
  amount: { textAlign: 'right', whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** The last answer in a few words: the status code, or the network error. */
export const lastAnswerOf = (row: Pick<CallbackDeliveryRow, 'last_status_code' | 'last_error'>) =>
  row.last_status_code != null ? `HTTP ${row.last_status_code}` : (row.last_error ?? '-');

export const COLUMNS = [
  'Last attempt',
  'Correlation ID',
  'Client',
  'Amount',
  'Outcome',
  'Attempts',
  'Last answer',
  'Next retry',
  'Actions',
] as const;

/** The deliveries, newest first: a row's correlation id opens its attempts; Resend where the page offers it. */
export function CallbacksTable({
  rows,
  loading,
  failed,
  mayResend,
  resending,
  onOpen,
  onResend,
}: {
  rows: CallbackDeliveryRow[];
  loading: boolean;
  failed: boolean;
  mayResend: (row: CallbackDeliveryRow) => boolean;
  resending: string | null;
  onOpen: (row: CallbackDeliveryRow) => void;
  onResend: (row: CallbackDeliveryRow) => void;
}) {
  const styles = useStyles();
  return (
    // Columns sized by their content (Fluent's fixed layout gave every column the same width: the date ran into the id).
    <Table aria-label="Callbacks" aria-busy={loading} size="small" style={{ tableLayout: 'auto' }}>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHeaderCell key={c} className={c === 'Amount' ? styles.amount : undefined}>
              {c}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} className={styles.empty}>
              {loading ? <Spinner size="tiny" label="Loading…" /> : failed ? '-' : 'No callbacks in this window.'}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => (
          <TableRow key={row.correlation_id} aria-label={`Callback ${row.correlation_id}`}>
            <TableCell className={styles.nowrap}>{formatDateTime(row.last_attempt_at)}</TableCell>
            <TableCell>
              <Link className={styles.id} aria-label={`Attempts of ${row.correlation_id}`} onClick={() => onOpen(row)}>
                {row.correlation_id}
              </Link>
            </TableCell>
            <TableCell className={styles.client}>{row.client_name}</TableCell>
            <TableCell className={styles.amount}>{formatRupiah(row.amount)}</TableCell>
            <TableCell>
              <CallbackOutcomeBadge outcome={row.outcome} />
            </TableCell>
            <TableCell>{row.attempts}</TableCell>
            <TableCell>
              <div className={styles.answer} title={lastAnswerOf(row)}>
                {lastAnswerOf(row)}
              </div>
            </TableCell>
            <TableCell className={styles.nowrap}>
              {row.next_retry_at ? formatDateTime(row.next_retry_at) : '-'}
            </TableCell>
            <TableCell>
              {mayResend(row) ? (
                <Tooltip content="Resend callback" relationship="inaccessible">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<SendRegular />}
                    aria-label={`Resend callback ${row.correlation_id}`}
                    disabled={resending != null}
                    onClick={() => onResend(row)}
                  />
                </Tooltip>
              ) : (
                <span aria-label="No actions">-</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
