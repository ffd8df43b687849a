import { useLayoutEffect, useState } from 'react';
import { Dialog, type DialogProps } from '@fluentui/react-components';
import { holdDialogFocus } from './dialogFocus';
import { restoreRowFocus, rowActionPlace } from './rowFocus';

/**
 * The opener of a dialog that closed in this very commit. A dialog that takes its place (a
 * question, then its 'Failed') finds the focus on the page's body, so it takes this one over and
 * gives the focus back to it in turn.
 */
let handedOver: HTMLElement | null = null;

const DIALOGS = '[role=dialog],[role=alertdialog]';

/** What has the focus now, outside any dialog: the control that is opening this one. */
function currentOpener() {
  const active = document.activeElement;
  const opener =
    active instanceof HTMLElement && active !== document.body && !active.closest(DIALOGS) ? active : handedOver;
  // Row buttons leave while a dialog is open and come back as new elements: found again by id, or,
  // when their row left the list (it was decided), by the row that took its place.
  return { opener, id: opener?.id ?? '', place: rowActionPlace(opener) };
}

/**
 * Focuses the dialog's opener again when the dialog goes. Fluent does this only for a dialog opened
 * by its DialogTrigger; these are opened by machine state. The opener is read while the dialog first
 * renders: the same commit that mounts the dialog may remove it (a row's actions leave then).
 */
function useReturnFocus() {
  const [{ opener, id, place }] = useState(currentOpener);
  useLayoutEffect(
    () => () => {
      handedOver = opener;
      // After the dialog's own clean-up (its focus trap lets go last), so the opener keeps the focus.
      setTimeout(() => {
        if (handedOver === opener) handedOver = null;
        // A dialog that opened meanwhile keeps the focus it took; the opener's turn comes when it closes.
        if (document.activeElement?.closest(DIALOGS)) return;
        const target = opener?.isConnected ? opener : id ? document.getElementById(id) : null;
        target?.focus();
        // Not there, or still disabled while its row is being decided: the row's place takes it.
        if (document.activeElement !== target && place) restoreRowFocus(place);
      }, 0);
    },
    [opener, id, place],
  );
}

/**
 * Every screen's dialog: Fluent's Dialog, shown while it is mounted (the machine's state mounts it),
 * closed by Escape (and, for a plain modal, a click outside) through the event the machine already
 * takes for Cancel or Close, except while busy sending; the focus stays inside it while it is open,
 * across its own steps (dialogFocus.ts), and goes back to its opener after.
 */
export function MachineDialog({
  busy = false,
  onDismiss,
  modalType = 'modal',
  children,
  ...rest
}: Omit<DialogProps, 'open' | 'defaultOpen' | 'onOpenChange'> & {
  busy?: boolean;
  onDismiss?: () => void;
}) {
  useReturnFocus();
  // In layout, before the key press that opened the dialog reaches it (see swallowOpeningKey).
  useLayoutEffect(holdDialogFocus, []);
  return (
    <Dialog
      {...rest}
      open
      modalType={modalType}
      onOpenChange={(_, d) => {
        if (!d.open && !busy) onDismiss?.();
      }}
    >
      {children}
    </Dialog>
  );
}
