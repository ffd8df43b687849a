import {
  Button,
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
import { BookRegular, FlowRegular, ListRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { isPathType } from '../../machines/auditLogMachine';
import { auditDetailLines } from '../../services/auditDetail';
import { itemCountOf, movedMoney, type AuditLogRow } from '../../services/auditLogRules';
import type { AuditLineView } from '../../machines/auditLineMachine';
import { formatDateTime } from '../../services/format';
import { countText } from '../../i18n/countText';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  // Times never wrap: '2026-11-26 03:44' split over two lines read as two values.
  nowrap: { whiteSpace: 'nowrap' },
  // Detail lines wrap between words only; a word too long for the column widens it instead of breaking.
  detail: {
    fontSize: tokens.fontSizeBase200,
    wordBreak: 'normal',
    overflowWrap: 'normal',
    hyphens: 'none',
    minWidth: '180px',
    maxWidth: '320px',
  },
  // The line's ways on, one under the other, so the column stays narrow at 1366 px.
  open: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  object: { display: 'flex', flexDirection: 'column', maxWidth: '170px' },
  // A uuid breaks anywhere rather than widen the column past the window at 1366 px (issue 43).
  objectId: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  // Actions read as words joined by dots and underscores: they may break inside one.
  action: { maxWidth: '150px', overflowWrap: 'anywhere' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** A cell with nothing to say. */
const NONE = '-';

/** The object: its type and human id, the logged id smaller beside it when that differs. */
function ObjectCell({ row }: { row: AuditLogRow }) {
  const styles = useStyles();
  if (!row.object_type) return <>{NONE}</>;
  const shown = row.object_label ?? row.object_id;
  return (
    <div className={styles.object}>
      <span className={styles.nowrap}>
        {row.object_type} <Text weight="semibold">{shown ?? ''}</Text>
      </span>
      {row.object_label && row.object_id && row.object_label !== row.object_id && (
        <span className={styles.objectId}>{row.object_id}</span>
      )}
    </div>
  );
}

/**
 * The detail in words. The action key and the items' seal are for the chain and the trace (issue 43):
 * the line says how many records it moved instead, and its buttons open them and its journal.
 */
function DetailCell({ row }: { row: AuditLogRow }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { action_key: _key, items: _items, ...rest } = row.detail ?? {};
  const count = itemCountOf(row);
  const lines = [
    ...(count != null
      ? [t({ defaultMessage: 'records moved: {count}', id: 'WYQNI6' }, { count: countText(count) })]
      : []),
    ...auditDetailLines(row.detail == null ? null : rest, said),
  ];
  if (!lines.length) return <>{NONE}</>;
  return (
    <div className={styles.detail}>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

interface AuditColumn {
  /** The column's name in the saved views (LIST_COLUMNS['audit-log']), in English whatever the language shown. */
  header: string;
  cell: (row: AuditLogRow) => ReactNode;
  nowrap?: boolean;
  /** The cell's own class name (a style key). */
  style?: 'action';
}

/** Time and Actor say which line it is and stay; the others are the person's to show, hide and order (issue 29). */
const IDENTITY: readonly AuditColumn[] = [
  { header: 'Time', cell: (r) => formatDateTime(r.created_at), nowrap: true },
  { header: 'Actor', cell: (r) => r.actor_email ?? '-' },
];
export const AUDIT_COLUMNS: readonly AuditColumn[] = [
  { header: 'IP', cell: (r) => r.ip ?? '-' },
  { header: 'Action', cell: (r) => r.action, style: 'action' },
  { header: 'Object', cell: (r) => <ObjectCell row={r} /> },
  { header: 'Outcome', cell: (r) => r.outcome },
  { header: 'Detail', cell: (r) => <DetailCell row={r} /> },
];

/** The audit lines, with the person's shown columns in their order, and each line's Path button last. */
export function AuditLogTable({
  rows,
  shown,
  loading,
  failed,
  onPath,
  onLine,
}: {
  rows: AuditLogRow[];
  shown: readonly string[];
  loading: boolean;
  failed: boolean;
  onPath: (objectType: string, objectId: string) => void;
  onLine: (id: number, view: AuditLineView) => void;
}) {
  const styles = useStyles();
  const t = useT();
  const columns = [
    ...IDENTITY,
    ...shown.flatMap((header) => AUDIT_COLUMNS.filter((column) => column.header === header)),
  ];
  // Each column's heading in the language shown; the saved views keep the English names.
  const headings: Record<string, string> = {
    Time: t({ defaultMessage: 'Time', id: 'ug01Mk' }),
    Actor: t({ defaultMessage: 'Actor', id: 'CHXoWz' }),
    IP: t({ defaultMessage: 'IP', id: '99tjyG' }),
    Action: t({ defaultMessage: 'Action', id: 'QlsDcr' }),
    Object: t({ defaultMessage: 'Object', id: 'XMUL1w' }),
    Outcome: t({ defaultMessage: 'Outcome', id: 'iaHymw' }),
    Detail: t({ defaultMessage: 'Detail', id: '4aal2m' }),
  };
  return (
    <div className={styles.wrap}>
      <Table
        aria-label={t({ defaultMessage: 'Audit log', id: 'ED9RG5' })}
        aria-busy={loading}
        size="small"
        style={{ tableLayout: 'auto', minWidth: 860 }}
      >
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{headings[column.header] ?? column.header}</TableHeaderCell>
            ))}
            <TableHeaderCell>{t({ defaultMessage: 'Open', id: 'JfG49w' })}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  className={column.nowrap ? styles.nowrap : column.style ? styles[column.style] : undefined}
                >
                  {column.cell(r)}
                </TableCell>
              ))}
              <TableCell>
                <div className={styles.open}>
                  {isPathType(r.object_type) && r.object_id && (
                    <Button size="small" icon={<FlowRegular />} onClick={() => onPath(r.object_type!, r.object_id!)}>
                      {t({ defaultMessage: 'Path', id: 'Qp1beM' })}
                    </Button>
                  )}
                  {itemCountOf(r) != null && (
                    <Button size="small" icon={<ListRegular />} onClick={() => onLine(r.id, 'items')}>
                      {t({ defaultMessage: 'Records', id: 'AgxEdc' })}
                    </Button>
                  )}
                  {movedMoney(r) && (
                    <Button size="small" icon={<BookRegular />} onClick={() => onLine(r.id, 'journal')}>
                      {t({ defaultMessage: 'Journal', id: '046zjm' })}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && (
        <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} className={styles.empty} />
      )}
      {!loading && rows.length === 0 && !failed && (
        <div className={styles.empty}>{t({ defaultMessage: 'No audit lines match.', id: '+Mu9xo' })}</div>
      )}
    </div>
  );
}
