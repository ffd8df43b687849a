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
import { msg } from '../../i18n/msg';
import { asEnglish, type Translate } from '../../i18n/translate';
import { englishIntl, useSaid, useT } from '../../i18n/useT';

// No words: what stands in a cell without a value.
const NONE = '-';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  // A receiver's answer can be long: the cell keeps one line, the whole is in its title.
  answer: { maxWidth: '140px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  client: { minWidth: '120px', maxWidth: '180px' },
  amount: { textAlign: 'right', whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** The last answer in a few words: the status code, or the network error (stored in English, said in the language). */
export const lastAnswerOf = (
  row: Pick<CallbackDeliveryRow, 'last_status_code' | 'last_error'>,
  t: ReturnType<typeof useT> = englishIntl.formatMessage,
  said: Translate = asEnglish,
) =>
  row.last_status_code != null
    ? t({ defaultMessage: 'HTTP {code}', id: 'TKcECh' }, { code: row.last_status_code })
    : row.last_error
      ? said(row.last_error)
      : NONE;

// In English (issue 48): the table says them in the language shown.
export const COLUMNS = [
  msg({ defaultMessage: 'Last attempt', id: 'qL8Wks' }),
  msg({ defaultMessage: 'Correlation ID', id: 'p849eW' }),
  msg({ defaultMessage: 'Client', id: 'JX0502' }),
  msg({ defaultMessage: 'Amount', id: '/0TOL5' }),
  msg({ defaultMessage: 'Outcome', id: 'iaHymw' }),
  msg({ defaultMessage: 'Attempts', id: 'HhYIki' }),
  msg({ defaultMessage: 'Last answer', id: 'rMgI9U' }),
  msg({ defaultMessage: 'Next retry', id: 'S+TMna' }),
  msg({ defaultMessage: 'Actions', id: 'wL7VAE' }),
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
  const t = useT();
  const said = useSaid();
  return (
    // Columns sized by their content (Fluent's fixed layout gave every column the same width: the date ran into the id).
    <Table
      aria-label={t({ defaultMessage: 'Callbacks', id: 'kThHj4' })}
      aria-busy={loading}
      size="small"
      style={{ tableLayout: 'auto' }}
    >
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHeaderCell key={c} className={c === COLUMNS[3] ? styles.amount : undefined}>
              {said(c)}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS.length} className={styles.empty}>
              {loading ? (
                <Spinner size="tiny" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} />
              ) : failed ? (
                NONE
              ) : (
                t({ defaultMessage: 'No callbacks in this window.', id: 'ybLdNK' })
              )}
            </TableCell>
          </TableRow>
        )}
        {rows.map((row) => (
          <TableRow
            key={row.correlation_id}
            aria-label={t({ defaultMessage: 'Callback {id}', id: 'XjG2mt' }, { id: row.correlation_id })}
          >
            <TableCell className={styles.nowrap}>{formatDateTime(row.last_attempt_at)}</TableCell>
            <TableCell>
              <Link
                className={styles.id}
                aria-label={t({ defaultMessage: 'Attempts of {id}', id: '2aZoZ2' }, { id: row.correlation_id })}
                onClick={() => onOpen(row)}
              >
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
              <div className={styles.answer} title={lastAnswerOf(row, t, said)}>
                {lastAnswerOf(row, t, said)}
              </div>
            </TableCell>
            <TableCell className={styles.nowrap}>
              {row.next_retry_at ? formatDateTime(row.next_retry_at) : NONE}
            </TableCell>
            <TableCell>
              {mayResend(row) ? (
                <Tooltip content={t({ defaultMessage: 'Resend callback', id: 'aKvTlB' })} relationship="inaccessible">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<SendRegular />}
                    aria-label={t({ defaultMessage: 'Resend callback {id}', id: '8qmP+7' }, { id: row.correlation_id })}
                    disabled={resending != null}
                    onClick={() => onResend(row)}
                  />
                </Tooltip>
              ) : (
                <span aria-label={t({ defaultMessage: 'No actions', id: '0kn7st' })}>{NONE}</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
