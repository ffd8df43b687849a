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
import { useSaid } from '../../i18n/useT';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  // A time broken at its hyphen or space ('2026-11-' over '26 03:44') no longer reads as a time.
  nowrap: { whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned tabular figures (amounts, counts). */
  number?: boolean;
  nowrap?: boolean;
  /** How many columns this row's cell spans; 0 leaves the cell out (an earlier one spans it). */
  span?: (row: Row) => number;
}

/** While loading: a spinner under the rows, or only in place of them when the table is still empty. */
export interface TableLoading {
  label: string;
  overRows?: boolean;
}

/**
 * The plain tables of the small screens (users, roles, deposits, settlements, withdrawals): a column
 * list, the rows, a spinner while loading and what stands in for rows when there are none.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  loadingText,
  empty,
  minWidth,
}: {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  loading: boolean;
  loadingText: TableLoading;
  empty: ReactNode;
  minWidth: number;
}) {
  const styles = useStyles();
  // A header names its column (its key too): the page's English, said in the person's language.
  const said = useSaid();
  const classOf = (c: Column<Row>) => (c.number ? styles.number : c.nowrap ? styles.nowrap : undefined);
  const showSpinner = loading && (loadingText.overRows || rows.length === 0);
  return (
    <div className={styles.wrap}>
      <Table aria-label={label} aria-busy={loading} size="small" style={{ tableLayout: 'auto', minWidth }}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c.header} className={c.number ? styles.number : undefined}>
                {said(c.header)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)}>
              {columns.map((c) => {
                const span = c.span?.(r) ?? 1;
                if (span === 0) return null;
                return (
                  <TableCell key={c.header} className={classOf(c)} colSpan={span > 1 ? span : undefined}>
                    {c.cell(r)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {showSpinner &&
        (loadingText.overRows ? (
          <Spinner size="small" label={loadingText.label} className={styles.empty} />
        ) : (
          <Spinner label={loadingText.label} style={{ padding: 24 }} />
        ))}
      {!loading && rows.length === 0 && empty !== null && (
        <Text block className={styles.empty}>
          {empty}
        </Text>
      )}
    </div>
  );
}
