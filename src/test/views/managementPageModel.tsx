import { screen, within } from '@testing-library/react';
import type { AnyEventObject, StateValue } from 'xstate';
import type { Alert } from '../../services/alerts';
import { doneEvent } from '../machines/modelCoverage';
import { PendingCalls, click, region } from './pageModelHarness';

/**
 * What the User Management and Role Management model tests share: the screen's state named as
 * `list/dialog`, the dialogs found by their title, and the expected states of the events both
 * screens have (written from spec section 2, not read off the machine).
 */
export interface ManagementWorld {
  loaded: boolean;
  failed: boolean;
  alerts: Alert[];
  typed: string;
  type: string;
}

export const startWorld = (): ManagementWorld => ({ loaded: false, failed: false, alerts: [], typed: '', type: '' });
export const labelOf = (list: string, dialog: string) => `${list}/${dialog}`;
export const labelOfValue = (value: StateValue) => {
  const v = value as { list: string; dialog: string };
  return labelOf(v.list, v.dialog);
};

// In jsdom tabster's modalizer marks an open dialog aria-hidden once focus leaves it, blanking names
// inside it (Chromium does not: the e2e spec finds them by role and name): found by title and text.
export const openDialog = () =>
  [...document.querySelectorAll<HTMLElement>('[role=dialog],[role=alertdialog]')].at(-1) ?? null;
export const buttonIn = (scope: HTMLElement, text: string) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

/**
 * The type filter's words for a type: what a SUPER ADMIN reads, client users' type name never shown (spec section 1).
 */
export const typeFilterText = (type: string) => (type === '' ? 'All Types' : type === 'CLIENT' ? 'Client user' : type);

export async function choose(title: string, label: string, option: string) {
  await click(within(region(title)).getByRole('combobox', { name: label }));
  await click(await screen.findByRole('option', { name: option }));
}

/** The list half of the screen, and the New/Edit dialog, or null for another dialog's state. */
export function readListAndForm(
  table: HTMLElement,
  formTitles: readonly string[],
): { list: string; dialog: string | null } {
  const list = table.getAttribute('aria-busy') === 'true' ? 'loading' : 'showing';
  const d = openDialog();
  if (!d) return { list, dialog: 'closed' };
  return { list, dialog: formTitles.includes(d.querySelector('h2')?.textContent ?? '') ? 'form' : null };
}

/** Selects and Search reload at once, typing waits for Enter; New/Edit open the form; a save announces and reloads. */
export function expectedListAndForm(state: string, event: AnyEventObject): string | undefined {
  const [list, dialog] = state.split('/');
  switch (event.type) {
    case 'xstate.done.actor.load':
    case 'xstate.error.actor.load':
      return labelOf('showing', dialog);
    case 'SET_SEARCH':
      return state;
    case 'SEARCH':
    case 'SET_TYPE':
    case 'SET_ROLE':
    case 'SET_CLIENT':
    case 'PAGE':
    case 'PAGE_SIZE':
      return labelOf('loading', dialog);
    case 'NEW':
    case 'EDIT':
      return labelOf(list, 'form');
    case 'xstate.done.actor.form':
      return labelOf(event.output.saved ? 'loading' : list, 'closed');
    default:
      return undefined;
  }
}

export function nextListWorld(w: ManagementWorld, event: AnyEventObject): ManagementWorld {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return { ...w, loaded: true, failed: false };
    case 'xstate.error.actor.load':
      return { ...w, failed: true };
    case 'SET_SEARCH':
      return { ...w, typed: event.value };
    case 'SET_TYPE':
      return { ...w, type: event.value };
    case 'xstate.done.actor.form':
      return event.output.saved
        ? { ...w, alerts: [...w.alerts, { title: 'Success', message: event.output.message, intent: 'success' }] }
        : w;
    default:
      return w;
  }
}

/**
 * The form child is a real form machine: its end is brought about in its dialog, its save answered by the fake call.
 */
export class FormCalls extends PendingCalls {
  override async settle(event: AnyEventObject) {
    if (!event.type.endsWith('.form')) return super.settle(event);
    const d = openDialog()!;
    if (!event.output.saved) return click(buttonIn(d, 'Cancel'));
    await click(buttonIn(d, 'Save'));
    return super.settle(doneEvent('save', event.output.message));
  }
}
