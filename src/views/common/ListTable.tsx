import { memo, useId, useMemo, type ReactNode } from 'react';
import { Spinner, Text, makeStyles, mergeClasses, tokens, useArrowNavigationGroup } from '@fluentui/react-components';
import { defineMessage } from 'react-intl';
import { useSaid, useT } from '../../i18n/useT';
import { JournalLink } from './JournalLink';
import { ScrollRegion } from './ScrollRegion';
import { usePinnedCells } from './pinnedColumns';
import { useKeptRowFocus } from './rowFocus';

/**
 * One column of a list: its header and what its cell shows. The first two columns are the row's
 * identity (Transaction Time, Correlation ID) and stay pinned in view (pinnedColumns.ts); a figure
 * is right-aligned, an account or reference number monospaced.
 */
export interface ListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  kind?: 'num' | 'mono';
  /** The reference this column's value has in the ledger: a journal reader's cell links to its journal. */
  journal?: (row: Row) => string;
}

// A plain table with one class per cell type: a 1000-row page stays light to render and scroll.
// Separate borders: collapsed ones stay behind when a pinned cell sticks.
const useStyles = makeStyles({
  wrap: {
    overflow: 'auto',
    maxHeight: '70vh',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: 0,
    fontSize: tokens.fontSizeBase200,
    minWidth: '1200px',
  },
  wide: { minWidth: '1400px' },
  th: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    textAlign: 'left',
    padding: '8px 10px',
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '6px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap' },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  hint: { display: 'block', marginBottom: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
});

/**
 * Issue 45 (8): how a keyboard reaches the row actions, said on screen and as the table's description.
 * The actions stay out of the Tab order (one Tab stop for the table, the arrow keys inside it, issue
 * 26): a 1000-row page offers up to three actions a row, so with them in the Tab order some 3000 stops
 * would lie between the filters and the pager, and Tab would no longer move anywhere useful. Saying
 * the keys costs nothing and keeps Tab quick.
 */
const ROW_ACTIONS_HINT_MESSAGE = defineMessage({
  defaultMessage:
    "Keyboard: Tab into the table, then the arrow keys (Left, Right, Up, Down) move to a row's actions; Enter opens one.",
  id: '8Ypqon',
});
/** The hint in English, as a screen without a catalog says it. */
export const ROW_ACTIONS_HINT = ROW_ACTIONS_HINT_MESSAGE.defaultMessage as string;

export interface ListTableProps<Row extends { uuid: string }> {
  rows: Row[];
  loading: boolean;
  /** A row's actions; without them the table has no Actions column. */
  actions?: (row: Row) => ReactNode;
  /** The user reads the Ledger: a column with a `journal` reference links to it (issue 28). */
  journals?: boolean;
  /**
   * Issue 29: the person's columns, by header, in their order (the column chooser's). The two pinned
   * identity columns always lead; names the table has not, or already pinned, are ignored. Absent: every column.
   */
  shown?: readonly string[];
}

interface Props<Row extends { uuid: string }> extends ListTableProps<Row> {
  columns: readonly ListColumn<Row>[];
  /**
   * The table's name ('Payments', said in the person's language); its lower case names the rows in the loading
   * and empty words.
   */
  label: string;
  /** Names the table's box as a focusable scroll region (ScrollRegion.tsx); without it, a plain box. */
  scrollLabel?: string;
  /** More columns want a wider table before it scrolls sideways. */
  wide?: boolean;
}

/** The pinned pair, then the shown headers that name a column, each once, in the order given. */
function chosenColumns<Row>(columns: readonly ListColumn<Row>[], shown: readonly string[] | undefined) {
  if (!shown) return columns;
  const pinned = columns.slice(0, 2);
  const rest = columns.slice(2);
  const picked = [...new Set(shown)].flatMap((header) => rest.filter((c) => c.header === header));
  return [...pinned, ...picked];
}

/** A list's paged table, from its column definitions: the Payments List's and the Disbursement List's. */
function ListTableOf<Row extends { uuid: string }>({
  rows,
  loading,
  actions,
  journals,
  shown,
  columns: allColumns,
  label,
  scrollLabel,
  wide,
}: Props<Row>) {
  const styles = useStyles();
  const t = useT();
  // The table's name and its headers are the page's English (a header is also the column's key): said here.
  const said = useSaid();
  const columns = useMemo(() => chosenColumns(allColumns, shown), [allColumns, shown]);
  // The whole table is one Tab stop: the arrow keys move between the action buttons, along a row and
  // to the rows above and below, so Tab does not walk every icon of every row (issue 26).
  const arrowKeys = useArrowNavigationGroup({ axis: 'grid', memorizeCurrent: true });
  const keptFocus = useKeptRowFocus();
  const { head, first, second, actionsCell, actionsHead } = usePinnedCells(styles);
  const cellClass = (index: number, kind: ListColumn<Row>['kind']) => {
    if (index === 0) return first;
    if (index === 1) return second;
    return kind ? `${styles.td} ${styles[kind]}` : styles.td;
  };
  const name = said(label);
  const noun = name.toLowerCase();
  const hintId = useId();
  const table = (
    <table
      className={mergeClasses(styles.table, wide && styles.wide)}
      aria-label={name}
      aria-busy={loading}
      aria-describedby={actions ? hintId : undefined}
      {...arrowKeys}
      ref={keptFocus}
    >
      <thead>
        <tr>
          {columns.map(({ header }) => (
            <th key={header} scope="col" className={head(header)}>
              {said(header)}
            </th>
          ))}
          {actions && (
            <th scope="col" className={actionsHead}>
              {t({ defaultMessage: 'Actions', id: 'wL7VAE' })}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.uuid}>
            {columns.map((c, i) => (
              <td key={c.header} className={cellClass(i, c.kind)}>
                {journals && c.journal ? <JournalLink reference={c.journal(r)}>{c.cell(r)}</JournalLink> : c.cell(r)}
              </td>
            ))}
            {actions && <td className={actionsCell}>{actions(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const after = (
    <>
      {loading && rows.length === 0 && (
        <Spinner
          label={t({ defaultMessage: 'Loading {rows}…', id: 'bK1a8z' }, { rows: noun })}
          style={{ padding: 24 }}
        />
      )}
      {!loading && rows.length === 0 && (
        <Text block className={styles.empty}>
          {t({ defaultMessage: 'No {rows} match these filters.', id: 'Jpk3Zu' }, { rows: noun })}
        </Text>
      )}
    </>
  );
  const hint = actions && (
    <Text id={hintId} size={200} className={styles.hint}>
      {t(ROW_ACTIONS_HINT_MESSAGE)}
    </Text>
  );
  return scrollLabel ? (
    <>
      {hint}
      <ScrollRegion label={said(scrollLabel)} className={styles.wrap}>
        {table}
        {after}
      </ScrollRegion>
    </>
  ) : (
    <>
      {hint}
      <div className={styles.wrap}>
        {table}
        {after}
      </div>
    </>
  );
}

/** Memoised: a keystroke in the filter bar does not render a 1000-row page again. */
export const ListTable = memo(ListTableOf) as typeof ListTableOf;
