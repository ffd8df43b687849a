import { dialogSurfaceClassNames } from '@fluentui/react-components';

/**
 * Keeps the focus inside the open dialog, for every dialog of the app (MachineDialog holds it while
 * mounted). Fluent's Dialog traps focus with Tabster's modalizer, but it lets go in three cases our
 * dialogs meet (issue 45): a dialog that opens with nothing to focus yet (a preview being counted)
 * focuses its surface, and Tab from there walks the page behind; a step that replaces the focused
 * control (the void upload's Preview, then its Results) drops the focus to <body>, where Escape and
 * Tab no longer reach the dialog; and a control that is disabled while the server works does the same.
 *
 * So, while a dialog is open: Tab and Shift+Tab wrap at its first and last controls, a focus that lands behind the dialog is brought
 * back, and a focus that falls to <body> or to the bare surface goes to the dialog's first control.
 */

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * The controls Tab may rest on, in document order: enabled, in the Tab order, shown, and neither inert nor
 * hidden from screen readers (Tabster's own sentinels are such). Not Tabster's finder: reaching for it from
 * the wrapper (`useFocusFinders`) makes Tabster set up before the dialog's own modalizer does.
 */
const stops = (surface: HTMLElement) =>
  [...surface.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[inert], [aria-hidden="true"]') &&
      (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })),
  );

let holders = 0;
let observer: MutationObserver | null = null;
let checkQueued = false;

/** The dialog on top: Fluent mounts each dialog's portal at the end of <body>, so the last surface. */
function topSurface(): HTMLElement | null {
  const surfaces = document.querySelectorAll<HTMLElement>(`.${dialogSurfaceClassNames.root}`);
  return surfaces.length ? surfaces[surfaces.length - 1] : null;
}

/** The control a dialog starts on, or comes back to: its first, else the surface itself (focusable by Fluent). */
function focusStart(surface: HTMLElement, last = false) {
  const all = stops(surface);
  (all.length ? all[last ? all.length - 1 : 0] : surface).focus();
}

/**
 * Whether an element may have the focus while this surface is on top: inside it, or in something
 * opened from it since (a dropdown's list, a date picker: their portals come later in <body>), but
 * never the page behind or a dialog underneath.
 */
function allowed(surface: HTMLElement, el: Element) {
  if (surface.contains(el)) return true;
  const later = (surface.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  return later && !el.closest(`.${dialogSurfaceClassNames.root}`) && !el.closest('#root');
}

function onKeyDown(e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const surface = topSurface();
  if (!surface) return;
  const active = document.activeElement;
  // A list or picker opened from the dialog (in its own later portal) moves the focus its own way.
  if (active && !surface.contains(active) && active !== document.body && allowed(surface, active)) return;
  const all = stops(surface);
  const inside = !!active && active !== surface && surface.contains(active);
  // From outside its controls, or past either end: to the first (Tab) or the last (Shift+Tab), never to the page behind.
  if (all.length === 0 || !inside || active === (e.shiftKey ? all[0] : all[all.length - 1])) {
    e.preventDefault();
    focusStart(surface, e.shiftKey);
  }
}

function onFocusIn(e: FocusEvent) {
  const surface = topSurface();
  if (surface && e.target instanceof Element && !allowed(surface, e.target)) focusStart(surface);
}

/** After the dialog's DOM changed: a focus that fell to <body>, or rests on the bare surface while it now has controls. */
function checkFocus() {
  checkQueued = false;
  const surface = topSurface();
  // A surface not laid out (not shown yet, or no layout at all, as in jsdom) is left to Fluent.
  if (!surface || surface.getClientRects().length === 0) return;
  const active = document.activeElement;
  if (!active || active === document.body || (active === surface && stops(surface).length > 0)) focusStart(surface);
}

function onMutation() {
  if (checkQueued) return;
  checkQueued = true;
  queueMicrotask(checkFocus);
}

/**
 * A key held when a dialog opens belongs to what opened it: Chrome activates a button with Enter on
 * the `keypress` that follows the `keydown`, so Enter in a form's last field, whose submit opens a
 * question focused on its Cancel, would press that Cancel at once. Until a new key goes down, that
 * press is swallowed.
 */
function swallowOpeningKey() {
  const swallow = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const done = () => {
    document.removeEventListener('keypress', swallow, true);
    document.removeEventListener('keyup', swallow, true);
    document.removeEventListener('keydown', done, true);
  };
  document.addEventListener('keypress', swallow, true);
  document.addEventListener('keyup', swallow, true);
  document.addEventListener('keydown', done, true);
  // A keyup always ends the press; if none comes (the dialog opened by a click), the next keydown ends it.
  document.addEventListener('keyup', () => setTimeout(done, 0), { capture: true, once: true });
}

/** Called by each dialog as it opens; the returned function as it closes. */
export function holdDialogFocus(): () => void {
  swallowOpeningKey();
  if (holders++ === 0) {
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn, true);
    observer = new MutationObserver(onMutation);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
  }
  return () => {
    if (--holders > 0) return;
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('focusin', onFocusIn, true);
    observer?.disconnect();
    observer = null;
  };
}
