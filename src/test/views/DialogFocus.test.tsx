import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogSurfaceClassNames } from '@fluentui/react-components';
import { holdDialogFocus } from '../../views/common/dialogFocus';

/**
 * Issue 45: the one keeper of every dialog's focus (MachineDialog holds it). jsdom lays nothing out and
 * Tabster's own trap does not run here, so this is the keeper alone; e2e/12 presses Tab in every real
 * dialog of the app.
 */

let release: () => void;
let surface: HTMLElement;

/** The page behind (#root, with its own controls) and a dialog in a portal after it, as Fluent mounts one. */
function page(dialog: string) {
  document.body.innerHTML = `
    <div id="root"><button>Menu</button><input aria-label="Search by" /><button>Next page</button></div>
    <div data-portal><div class="${dialogSurfaceClassNames.root}" role="alertdialog" tabindex="-1">${dialog}</div></div>`;
  surface = document.querySelector(`.${dialogSurfaceClassNames.root}`)!;
  // Shown, as in a browser (jsdom lays nothing out): the keeper leaves a surface not laid out to Fluent.
  surface.getClientRects = () => [new DOMRect(0, 0, 400, 200)] as unknown as DOMRectList;
}

const focused = () => document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label');

beforeEach(() => {
  page('<p>Are you sure?</p><button>Cancel</button><button>Confirm</button>');
  release = holdDialogFocus();
});
afterEach(() => release());

describe('a dialog keeps the focus', () => {
  it('Tab and Shift+Tab wrap at its ends and never reach the page behind', async () => {
    const user = userEvent.setup();
    surface.querySelector('button')!.focus();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await user.tab();
      seen.push(focused()!);
    }
    for (let i = 0; i < 6; i++) {
      await user.tab({ shift: true });
      seen.push(focused()!);
    }
    const round = ['Confirm', 'Cancel', 'Confirm', 'Cancel', 'Confirm', 'Cancel'];
    expect(seen).toEqual([...round, ...round]);
  });

  it('from the bare surface (opened while nothing could take the focus), Tab goes to its first control', async () => {
    const user = userEvent.setup();
    surface.focus();
    await user.tab();
    expect(focused()).toBe('Cancel');
    surface.focus();
    await user.tab({ shift: true });
    expect(focused()).toBe('Confirm');
  });

  it('a focus that lands on the page behind comes back into the dialog', () => {
    document.querySelector<HTMLElement>('#root input')!.focus();
    expect(focused()).toBe('Cancel');
  });

  it('a step that replaces the focused control gives the focus to the new step, not to <body>', async () => {
    surface.querySelector<HTMLElement>('button:last-of-type')!.focus();
    surface.innerHTML = '<p>Results</p><button>Close</button>';
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(focused()).toBe('Close'));
  });

  it('with nothing to focus while the server works, Tab stays on the surface', async () => {
    const user = userEvent.setup();
    surface.innerHTML = '<p>Working…</p><button disabled>Cancel</button>';
    surface.focus();
    await user.tab();
    expect(document.activeElement).toBe(surface);
  });

  it('once released, the page behind has the focus to itself again', () => {
    release();
    release = () => undefined;
    document.querySelector<HTMLElement>('#root input')!.focus();
    expect(focused()).toBe('Search by');
  });
});

describe('the key press that opened a dialog', () => {
  it("does not also press the dialog's focused button (Enter's keypress after its keydown)", () => {
    release();
    let cancelled = 0;
    page('<button>Cancel</button>');
    const cancel = surface.querySelector('button')!;
    cancel.addEventListener('keypress', () => cancelled++);
    // The Enter whose keydown submitted the form opened the dialog; its keypress and keyup come after.
    release = holdDialogFocus();
    cancel.focus();
    const press = new KeyboardEvent('keypress', { key: 'Enter', bubbles: true, cancelable: true });
    cancel.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(cancelled).toBe(0);
    cancel.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', bubbles: true, cancelable: true }));
    // A new press is the person's own: it reaches the button.
    cancel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    const again = new KeyboardEvent('keypress', { key: 'Enter', bubbles: true, cancelable: true });
    cancel.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    expect(cancelled).toBe(1);
  });
});
