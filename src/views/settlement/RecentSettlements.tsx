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
import { useSaid, useT } from '../../i18n/useT';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
import { SETTLEMENT_TYPE_LABELS, type SettlementRun, type SettlementRunStatus } from '../../services/settlementRules';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  wrap: { overflowX: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  note: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const STATUS_COLOR: Record<SettlementRunStatus, 'informative' | 'success' | 'danger'> = {
  running: 'informative',
  succeeded: 'success',
  failed: 'danger',
};

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
  const t = useT();
  const said = useSaid();
  const status: Record<SettlementRunStatus, string> = {
    running: t({ defaultMessage: 'Running', id: 'nDyaq/' }),
    succeeded: t({ defaultMessage: 'Succeeded', id: 'LOghU6' }),
    failed: t({ defaultMessage: 'Failed', id: 'vXCeIi' }),
  };
  const columns: Array<{ label: string; number?: boolean }> = [
    { label: t({ defaultMessage: 'Type', id: '+U6ozc' }) },
    { label: t({ defaultMessage: 'Window', id: 'dGjF1Z' }) },
    { label: t({ defaultMessage: 'Requested By', id: 'dDzs68' }) },
    { label: t({ defaultMessage: 'Settled', id: 'f6a7e/' }), number: true },
    { label: t({ defaultMessage: 'Net Amount', id: 'FxUka3' }), number: true },
    { label: t({ defaultMessage: 'Started', id: 'TDUfVk' }) },
    { label: t({ defaultMessage: 'Finished', id: 'EQpfkS' }) },
    { label: t({ defaultMessage: 'Status', id: 'tzMNF3' }) },
    { label: t({ defaultMessage: 'Report', id: 'x5Tz6M' }) },
  ];
  return (
    <Card className={styles.panel} role="region" aria-labelledby="recent-settlements-title">
      <Title3 as="h2" id="recent-settlements-title">
        {t({ defaultMessage: 'Recent settlements', id: 'aMP8Nn' })}
      </Title3>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
          {onReload && (
            <MessageBarActions>
              <Button
                aria-label={t({ defaultMessage: 'Try again to load recent settlements', id: 'TuTddF' })}
                onClick={onReload}
              >
                {t({ defaultMessage: 'Try again', id: 'FazwRl' })}
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
          aria-label={t({ defaultMessage: 'Recent settlements', id: 'aMP8Nn' })}
          aria-busy={loading}
          size="small"
          style={{ tableLayout: 'auto', minWidth: 960 }}
        >
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHeaderCell key={c.label} className={c.number ? styles.number : undefined}>
                  {c.label}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{said(SETTLEMENT_TYPE_LABELS[r.type] ?? r.type)}</TableCell>
                <TableCell className={styles.nowrap}>
                  {t({ defaultMessage: '{start} to {end}', id: 'bnL41w' }, { start: r.start, end: r.end })}
                </TableCell>
                <TableCell>{r.requested_by}</TableCell>
                <TableCell className={styles.number}>
                  {t(
                    { defaultMessage: '{settled} of {total}', id: '3FfhvC' },
                    { settled: countText(r.settled_transaction), total: countText(r.total_transaction) },
                  )}
                </TableCell>
                <TableCell className={styles.number}>{formatRupiah(r.settled_amount)}</TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(r.started_at)}</TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(r.finished_at)}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={STATUS_COLOR[r.status]}>
                    {status[r.status]}
                  </Badge>
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    icon={<ArrowDownloadRegular />}
                    disabled={!canDownload(r.id)}
                    onClick={() => onDownload(r.id)}
                  >
                    {downloadingId === r.id
                      ? t({ defaultMessage: 'Downloading…', id: 'Is04US' })
                      : t({ defaultMessage: 'Download Report', id: 'iHdvdj' })}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loading && (
          <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} className={styles.note} />
        )}
        {!loading && !error && runs.length === 0 && (
          <div className={styles.note}>{t({ defaultMessage: 'No settlement has been run yet.', id: 'XW/URX' })}</div>
        )}
      </div>
    </Card>
  );
}
