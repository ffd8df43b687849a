import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

/**
 * Issue 26: at 1366 px a list is wider than its box, and scrolling sideways to a row's actions took
 * the row's identity out of view. So the identity columns (Transaction Time, Correlation ID) stick to
 * the box's left edge and the actions column to its right, inside the table's own scroll box.
 *
 * The second column sits where the first ends, so the first has a fixed width (a date-time and its
 * header fit in it). Pinned cells are opaque, or scrolled cells would show through them, and draw a
 * line on their inner edge (a box shadow: a border does not move with a sticky cell in every browser).
 * Layers: body cells < pinned body cells (1) < the sticky header row (2) < its pinned corners (3).
 */
const FIRST_WIDTH = '140px';

export const usePinnedColumnStyles = makeStyles({
  first: {
    position: 'sticky',
    left: 0,
    width: FIRST_WIDTH,
    minWidth: FIRST_WIDTH,
    maxWidth: FIRST_WIDTH,
    boxSizing: 'border-box',
  },
  second: { position: 'sticky', left: FIRST_WIDTH, boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke1}` },
  actions: { position: 'sticky', right: 0, boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke1}` },
  body: { zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  head: { zIndex: 3 },
});

/**
 * The class of each header and of the pinned body cells, for a list whose styles name its plain
 * header (th), cell (td), right-aligned figure (num) and monospaced id (mono) classes: both lists
 * pin the same columns the same way.
 */
export function usePinnedCells(styles: { th: string; td: string; num: string; mono: string }) {
  const pin = usePinnedColumnStyles();
  const head = (h: string) => {
    if (h === 'Transaction Time') return mergeClasses(styles.th, pin.first, pin.head);
    if (h === 'Correlation ID') return mergeClasses(styles.th, pin.second, pin.head);
    return h === 'Amount' || h === 'Fee' ? mergeClasses(styles.th, styles.num) : styles.th;
  };
  return {
    head,
    first: mergeClasses(styles.td, pin.first, pin.body),
    second: mergeClasses(styles.td, styles.mono, pin.second, pin.body),
    actionsCell: mergeClasses(styles.td, pin.actions, pin.body),
    actionsHead: mergeClasses(styles.th, pin.actions, pin.head),
  };
}
