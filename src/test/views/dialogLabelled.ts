import { waitFor } from '@testing-library/react';

/*
 * A dialog by its aria-label. Not by accessible name: in jsdom, tabster's modalizer now and then marks the open
 * dialog itself aria-hidden a moment after it opens, which empties its computed name (CI failed on that in
 * CallbackEndpoint.test and in the Audit Log's model test, where the line dialog then read as closed).
 */
export const queryDialogLabelled = (label: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[role$="dialog"][aria-label="${label.replace(/["\\]/g, '\\$&')}"]`);

/** Waits for the dialog labelled `label` to be drawn, and returns it. */
export const dialogLabelled = (label: string): Promise<HTMLElement> =>
  waitFor(() => {
    const found = queryDialogLabelled(label);
    if (!found) throw new Error(`No dialog labelled ${label}`);
    return found;
  });
