import { useCallback, useRef } from 'react';

/**
 * Where a row's action button was: its table, the row's position and the action (its `data-action`, else the
 * verb of its name: 'Finalize' of 'Finalize DSB26…'). A decided row leaves the list, and its button with it;
 * the focus then goes to the same action of the row that took its place, not to the top of the page (issue 26).
 * The `data-action` holds whatever language names the buttons: two actions whose names start alike in Bahasa
 * Indonesia stay apart (issue 48).
 */
export interface RowActionPlace {
  readonly table: HTMLTableElement;
  readonly row: number;
  readonly verb: string;
}

const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
const actionOf = (el: Element) => el.getAttribute('data-action') ?? nameOf(el).split(' ')[0];
const sameAction = (el: Element, action: string) =>
  el.hasAttribute('data-action') ? el.getAttribute('data-action') === action : nameOf(el).startsWith(`${action} `);

export function rowActionPlace(el: Element | null): RowActionPlace | null {
  const row = el?.closest('tbody > tr');
  const table = row?.closest('table');
  if (!el || !row || !table) return null;
  return { table, row: Array.prototype.indexOf.call(row.parentElement!.children, row), verb: actionOf(el) };
}

/** Focuses that action in the row now at that place (or the last row), else the row's first action. */
export function focusRowAction(place: RowActionPlace): boolean {
  const rows = place.table.isConnected ? place.table.tBodies[0]?.rows : undefined;
  if (!rows?.length) return false;
  const row = rows[Math.min(place.row, rows.length - 1)];
  const buttons = Array.from(row.querySelectorAll<HTMLButtonElement>('button:not([disabled])'));
  const target = buttons.find((b) => sameAction(b, place.verb)) ?? buttons[0];
  target?.focus();
  return target != null;
}

/** A place whose row was not there yet (the list was reloading): the table's observer finishes it. */
let pending: RowActionPlace | null = null;

/** Focuses the action at `place` now, or as soon as its table has rows again. */
export function restoreRowFocus(place: RowActionPlace) {
  pending = focusRowAction(place) ? null : place;
}

/**
 * A table's ref that keeps the keyboard user's place: when the focused row action is removed (the
 * list reloaded without its row), the focus moves to the same action of the row now there. Focus
 * the person moved elsewhere themselves is left alone.
 */
export function useKeptRowFocus() {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((table: HTMLTableElement | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!table) return;
    let focused: { el: HTMLElement; place: RowActionPlace } | null = null;
    const onFocusIn = (e: FocusEvent) => {
      if (pending?.table === table) pending = null;
      const place = rowActionPlace(e.target as Element);
      focused = place ? { el: e.target as HTMLElement, place } : null;
    };
    // Focus moved by the person (Tab to another element, a click anywhere) is theirs: nothing to keep.
    // Focus dropped to nowhere without one (its button removed or disabled while its row reloads, or
    // taken back by a closing dialog's clean-up) is kept, and put back below.
    const gone = (el: HTMLElement) => !el.isConnected || (el as HTMLButtonElement).disabled;
    let clickedAt = 0;
    const onPointerDown = () => {
      clickedAt = performance.now();
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget || performance.now() - clickedAt < 500) focused = null;
    };
    // On each change in the table (rows, or buttons enabled again) while nothing has the focus and
    // no dialog is open (a dialog gives the focus back itself when it closes).
    const observer = new MutationObserver(() => {
      if (document.activeElement != null && document.activeElement !== document.body) return;
      if (document.querySelector('[role=dialog],[role=alertdialog]')) return;
      // Focusing a button records it again (focusin), so a later loss is caught the same way.
      if (focused) {
        if (!gone(focused.el)) focused.el.focus();
        else focusRowAction(focused.place);
      } else if (pending?.table === table) focusRowAction(pending);
    });
    table.addEventListener('focusin', onFocusIn);
    table.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown, true);
    observer.observe(table, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    cleanup.current = () => {
      table.removeEventListener('focusin', onFocusIn);
      table.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
      observer.disconnect();
    };
  }, []);
}
