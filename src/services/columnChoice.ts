/**
 * Issue 29: a person's columns of a list, as the column chooser changes them. `offered` is the list's
 * own columns in their default order (savedViewRules.ts LIST_COLUMNS); `shown` the ones chosen, in
 * the order chosen. A list always keeps at least one column, so nothing here empties `shown`.
 */

/**
 * The columns to show from what was stored: only offered ones, each once, in the stored order; none
 * left (an old view, or every name gone) means every offered column.
 */
export function shownColumns(offered: readonly string[], shown: readonly string[]): string[] {
  const known = [...new Set(shown)].filter((c) => offered.includes(c));
  return known.length > 0 ? known : [...offered];
}

/** Whether a column's box may be unticked: not the last column left. */
export const canHide = (shown: readonly string[], column: string) => !(shown.length === 1 && shown[0] === column);

/**
 * Shows a hidden column or hides a shown one. A column shown again goes back where the offered order
 * puts it: just after the nearest shown column that comes before it there (first, if none does).
 * The last shown column and a name not offered change nothing.
 */
export function toggleColumn(offered: readonly string[], shown: readonly string[], column: string): string[] {
  if (shown.includes(column)) return canHide(shown, column) ? shown.filter((c) => c !== column) : [...shown];
  const at = offered.indexOf(column);
  if (at < 0) return [...shown];
  const before = offered.slice(0, at);
  const after = shown.reduce((found, c, i) => (before.includes(c) ? i : found), -1);
  return [...shown.slice(0, after + 1), column, ...shown.slice(after + 1)];
}

/** Swaps a shown column with its neighbour above ('up') or below; at an end, or not shown, nothing moves. */
export function moveColumn(shown: readonly string[], column: string, direction: 'up' | 'down'): string[] {
  const from = shown.indexOf(column);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= shown.length) return [...shown];
  const next = [...shown];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** Whether a column can move that way (the chooser's move buttons are disabled where it cannot). */
export function canMove(shown: readonly string[], column: string, direction: 'up' | 'down'): boolean {
  const from = shown.indexOf(column);
  return from >= 0 && (direction === 'up' ? from > 0 : from < shown.length - 1);
}
