import type { ReactNode } from 'react';
import {
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

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** The table User Management and Role Management share: a column list, the rows, and what shows while empty. */
export function ManagementTable<Row extends { id: number }>({
  label,
  noun,
  columns,
  rows,
  loading,
  minWidth,
}: {
  label: string;
  noun: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  loading: boolean;
  minWidth: number;
}) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Table aria-label={label} aria-busy={loading} size="small" style={{ tableLayout: 'auto', minWidth }}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c.header}>{c.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.cell(r)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && rows.length === 0 && <Spinner label={`Loading ${noun}…`} style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && (
        <Text block className={styles.empty}>
          No {noun} match these filters.
        </Text>
      )}
    </div>
  );
}
