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
import { FlowRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { isPathType } from '../../machines/auditLogMachine';
import { auditDetailLines } from '../../services/auditDetail';
import type { AuditLogRow } from '../../services/auditLogRules';
import { formatDateTime } from '../../services/format';

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
    minWidth: '220px',
    maxWidth: '420px',
  },
  object: { display: 'flex', flexDirection: 'column' },
  objectId: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** The object: its type and human id, the logged id smaller beside it when that differs. */
function ObjectCell({ row }: { row: AuditLogRow }) {
  const styles = useStyles();
  if (!row.object_type) return <>-</>;
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

function DetailCell({ detail }: { detail: AuditLogRow['detail'] }) {
  const styles = useStyles();
  const lines = auditDetailLines(detail);
  if (!lines.length) return <>-</>;
  return (
    <div className={styles.detail}>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

interface AuditColumn {
  header: string;
  cell: (row: AuditLogRow) => ReactNode;
  nowrap?: boolean;
}

/** Time and Actor say which line it is and stay; the others are the person's to show, hide and order (issue 29). */
const IDENTITY: readonly AuditColumn[] = [
  { header: 'Time', cell: (r) => formatDateTime(r.created_at), nowrap: true },
  { header: 'Actor', cell: (r) => r.actor_email ?? '-' },
];
export const AUDIT_COLUMNS: readonly AuditColumn[] = [
  { header: 'IP', cell: (r) => r.ip ?? '-' },
  { header: 'Action', cell: (r) => r.action },
  { header: 'Object', cell: (r) => <ObjectCell row={r} /> },
  { header: 'Outcome', cell: (r) => r.outcome },
  { header: 'Detail', cell: (r) => <DetailCell detail={r.detail} /> },
];

/** The audit lines, with the person's shown columns in their order, and each line's Path button last. */
export function AuditLogTable({
  rows,
  shown,
  loading,
  failed,
  onPath,
}: {
  rows: AuditLogRow[];
  shown: readonly string[];
  loading: boolean;
  failed: boolean;
  onPath: (objectType: string, objectId: string) => void;
}) {
  const styles = useStyles();
  const columns = [
    ...IDENTITY,
    ...shown.flatMap((header) => AUDIT_COLUMNS.filter((column) => column.header === header)),
  ];
  return (
    <div className={styles.wrap}>
      <Table aria-label="Audit log" aria-busy={loading} size="small" style={{ tableLayout: 'auto', minWidth: 900 }}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
            ))}
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.nowrap ? styles.nowrap : undefined}>
                  {column.cell(r)}
                </TableCell>
              ))}
              <TableCell>
                {isPathType(r.object_type) && r.object_id && (
                  <Button size="small" icon={<FlowRegular />} onClick={() => onPath(r.object_type!, r.object_id!)}>
                    Path
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && <Spinner size="small" label="Loading…" className={styles.empty} />}
      {!loading && rows.length === 0 && !failed && <div className={styles.empty}>No audit lines match.</div>}
    </div>
  );
}
