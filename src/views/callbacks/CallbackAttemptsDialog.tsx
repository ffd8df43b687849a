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

const triggerText = (a: CallbackAttemptRow) =>
  a.trigger === 'system' ? 'System' : a.trigger === 'retry' ? 'Retry' : `Resend by ${a.triggered_by ?? 'someone'}`;

const answerText = (a: CallbackAttemptRow) =>
  a.status_code != null ? `HTTP ${a.status_code}${a.ok ? '' : ' (failed)'}` : (a.error ?? '-');

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
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label="Callback attempts" className={styles.surface}>
        <DialogBody>
          <DialogTitle>Attempts of {delivery.correlation_id}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>
              {delivery.client_name} · <CallbackOutcomeBadge outcome={delivery.outcome} size="small" />
            </Text>
            {error && <RetryBar message={error} onRetry={onRetry} />}
            {loading && (
              <Spinner size="tiny" label={attempts.length ? 'Reading the attempts again…' : 'Loading the attempts…'} />
            )}
            {attempts.length > 0 && (
              <Table aria-label="Attempts" size="small" style={{ tableLayout: 'auto' }}>
                <TableHeader>
                  <TableRow>
                    {['Time', 'Trigger', 'URL', 'Answer', 'Duration', 'Response', 'Next retry'].map((c) => (
                      <TableHeaderCell key={c}>{c}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {attempts.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell className={styles.nowrap}>{formatDateTime(a.attempted_at)}</TableCell>
                      <TableCell className={styles.trigger}>{triggerText(a)}</TableCell>
                      <TableCell className={styles.url}>{a.url}</TableCell>
                      <TableCell className={styles.nowrap}>{answerText(a)}</TableCell>
                      <TableCell className={styles.nowrap}>
                        {a.duration_ms != null ? `${a.duration_ms} ms` : '-'}
                      </TableCell>
                      <TableCell>
                        {a.response_excerpt ? (
                          <pre className={styles.excerpt} tabIndex={0} aria-label="Response excerpt">
                            {a.response_excerpt}
                          </pre>
                        ) : (
                          '-'
                        )}
                      </TableCell>
                      <TableCell className={styles.nowrap}>
                        {a.next_retry_at ? formatDateTime(a.next_retry_at) : '-'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {!loading && !error && attempts.length === 0 && <Text>No attempts are recorded.</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
