import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { CallbackAttemptRow, CallbackDeliveryRow } from '../../services/callbackRules';
import { formatDateTime } from '../../services/format';
import { MachineDialog } from '../common/MachineDialog';
import { RetryBar } from '../common/RetryBar';
import { CallbackOutcomeBadge } from './CallbackOutcomeBadge';
import { msg } from '../../i18n/msg';
import type { Translate } from '../../i18n/translate';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  surface: { maxWidth: '1100px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  nowrap: { whiteSpace: 'nowrap' },
  url: { maxWidth: '220px', overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase200 },
  // 'Resend by someone.with.a.long.name@merchant.co.id' wraps at any character rather than run into the URL.
  trigger: { maxWidth: '180px', overflowWrap: 'anywhere' },
  // The receiver's own words, as it sent them: monospace, scrolled within its cell.
  excerpt: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    maxWidth: '300px',
    maxHeight: '80px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    margin: 0,
  },
});

type T = ReturnType<typeof useT>;

// No words: what stands in a cell without a value, and between the client and the outcome.
const NONE = '-';
const SEPARATOR = ' · ';

const triggerText = (t: T, a: CallbackAttemptRow) =>
  a.trigger === 'system'
    ? t({ defaultMessage: 'System', id: '+CwN9C' })
    : a.trigger === 'retry'
      ? t({ defaultMessage: 'Retry', id: '62nsdy' })
      : a.triggered_by
        ? t({ defaultMessage: 'Resend by {name}', id: 'rMzd7H' }, { name: a.triggered_by })
        : t({ defaultMessage: 'Resend by someone', id: '6TfbwF' });

const answerText = (t: T, said: Translate, a: CallbackAttemptRow) =>
  a.status_code != null
    ? a.ok
      ? t({ defaultMessage: 'HTTP {code}', id: 'TKcECh' }, { code: a.status_code })
      : t({ defaultMessage: 'HTTP {code} (failed)', id: '/7wniv' }, { code: a.status_code })
    : a.error
      ? said(a.error)
      : NONE;

const COLUMNS = [
  msg({ defaultMessage: 'Time', id: 'ug01Mk' }),
  msg({ defaultMessage: 'Trigger', id: 'B3Q5mz' }),
  msg({ defaultMessage: 'URL', id: 'bWjdfa' }),
  msg({ defaultMessage: 'Answer', id: 'DwjT1H' }),
  msg({ defaultMessage: 'Duration', id: 'IuFETn' }),
  msg({ defaultMessage: 'Response', id: 'MgdnPi' }),
  msg({ defaultMessage: 'Next retry', id: 'S+TMna' }),
];

/** One delivery's attempts, newest first as the server answers them, read again when a new one is made. */
export function CallbackAttemptsDialog({
  delivery,
  attempts,
  loading,
  error,
  onRetry,
  onClose,
}: {
  delivery: CallbackDeliveryRow;
  attempts: CallbackAttemptRow[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label={t({ defaultMessage: 'Callback attempts', id: 'YfIfHg' })} className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            {t({ defaultMessage: 'Attempts of {id}', id: '2aZoZ2' }, { id: delivery.correlation_id })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <Text>
              {delivery.client_name}
              {SEPARATOR}
              <CallbackOutcomeBadge outcome={delivery.outcome} size="small" />
            </Text>
            {error && <RetryBar message={said(error)} onRetry={onRetry} />}
            {loading && (
              <Spinner
                size="tiny"
                label={
                  attempts.length
                    ? t({ defaultMessage: 'Reading the attempts again…', id: '/8u2+a' })
                    : t({ defaultMessage: 'Loading the attempts…', id: '99Zk0h' })
                }
              />
            )}
            {attempts.length > 0 && (
              <Table
                aria-label={t({ defaultMessage: 'Attempts', id: 'HhYIki' })}
                size="small"
                style={{ tableLayout: 'auto' }}
              >
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableHeaderCell key={c}>{said(c)}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {attempts.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell className={styles.nowrap}>{formatDateTime(a.attempted_at)}</TableCell>
                      <TableCell className={styles.trigger}>{triggerText(t, a)}</TableCell>
                      <TableCell className={styles.url}>{a.url}</TableCell>
                      <TableCell className={styles.nowrap}>{answerText(t, said, a)}</TableCell>
                      <TableCell className={styles.nowrap}>
                        {a.duration_ms != null
                          ? t({ defaultMessage: '{ms} ms', id: '+K7UE9' }, { ms: a.duration_ms })
                          : NONE}
                      </TableCell>
                      <TableCell>
                        {a.response_excerpt ? (
                          <pre
                            className={styles.excerpt}
                            tabIndex={0}
                            aria-label={t({ defaultMessage: 'Response excerpt', id: 'nLcOH3' })}
                          >
                            {a.response_excerpt}
                          </pre>
                        ) : (
                          NONE
                        )}
                      </TableCell>
                      <TableCell className={styles.nowrap}>
                        {a.next_retry_at ? formatDateTime(a.next_retry_at) : NONE}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {!loading && !error && attempts.length === 0 && (
              <Text>{t({ defaultMessage: 'No attempts are recorded.', id: '01oQ/G' })}</Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
