import {
  Badge,
  Button,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { formatDateTime } from '../../services/format';
import { formatRupiah, groupDigits } from '../../services/money';
import { SETTLEMENT_TYPE_LABELS, type SettlementRun, type SettlementRunStatus } from '../../services/settlementRules';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wrap: { overflowX: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  note: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const STATUS: Record<SettlementRunStatus, { label: string; color: 'informative' | 'success' | 'danger' }> = {
  running: { label: 'Running', color: 'informative' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'danger' },
};

const columns = ['Type', 'Window', 'Requested By', 'Settled', 'Net Amount', 'Started', 'Finished', 'Status', 'Report'];

/** The recorded settlement runs, newest first, each with its report once it has ended. */
export function RecentSettlements({
  runs,
  loading,
  error,
  onReload,
  canDownload,
  downloadingId,
  reportError,
  onDownload,
}: {
  runs: SettlementRun[];
  loading: boolean;
  error: string | null;
  onReload: (() => void) | null;
  canDownload: (runId: number) => boolean;
  downloadingId: number | null;
  reportError: string | null;
  onDownload: (runId: number) => void;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.panel} role="region" aria-labelledby="recent-settlements-title">
      <Title3 as="h2" id="recent-settlements-title">
        Recent settlements
      </Title3>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
          {onReload && (
            <MessageBarActions>
              <Button aria-label="Try again to load recent settlements" onClick={onReload}>
                Try again
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {reportError && (
        <MessageBar intent="error">
          <MessageBarBody>{reportError}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.wrap}>
        <Table
          aria-label="Recent settlements"
          aria-busy={loading}
          size="small"
          style={{ tableLayout: 'auto', minWidth: 960 }}
        >
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHeaderCell key={c} className={c === 'Net Amount' || c === 'Settled' ? styles.number : undefined}>
                  {c}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{SETTLEMENT_TYPE_LABELS[r.type] ?? r.type}</TableCell>
                <TableCell className={styles.nowrap}>{`${r.start} to ${r.end}`}</TableCell>
                <TableCell>{r.requested_by}</TableCell>
                <TableCell
                  className={styles.number}
                >{`${groupDigits(r.settled_transaction)} of ${groupDigits(r.total_transaction)}`}</TableCell>
                <TableCell className={styles.number}>{formatRupiah(r.settled_amount)}</TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(r.started_at)}</TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(r.finished_at)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={STATUS[r.status].color}>
                    {STATUS[r.status].label}
                  </Badge>
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    icon={<ArrowDownloadRegular />}
                    disabled={!canDownload(r.id)}
                    onClick={() => onDownload(r.id)}
                  >
                    {downloadingId === r.id ? 'Downloading…' : 'Download Report'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loading && <Spinner size="small" label="Loading…" className={styles.note} />}
        {!loading && !error && runs.length === 0 && <div className={styles.note}>No settlement has been run yet.</div>}
      </div>
    </Card>
  );
}
