import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AnyEventObject, StateValue } from 'xstate';
import { balanceAdjustmentMachine } from '../../machines/balanceAdjustmentMachine';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { adjustmentProblem } from '../../services/disbursementAccountRules';
import { ApiError } from '../../services/http';
import { MasterBalancePage } from '../../views/disbursement/MasterBalancePage';
import { buildModel, doneEvent, errorEvent } from '../machines/modelCoverage';
import { CLIENTS, FakeSocket, PendingCalls, TOKEN, chooseClient, click, drivePath, drivenPaths, region, renderPage, type PageModel } from './pageModelHarness';

const TITLE = 'Master Disbursement Balance';
const BELOW_ZERO = 'The disbursement balance cannot go below zero: it is Rp. 100,000';

/** What each typed text must read as on screen, written out by hand. */
const TYPED: Record<string, { shown: string; amount: number | null }> = {
  '250000': { shown: 'Rp. 250,000', amount: 250_000 },
  '-150000': { shown: '-Rp. 150,000', amount: -150_000 },
  '': { shown: '', amount: null },
};

interface World { clientId: number | null; previous: number | null; amount: number | null; shown: string; failure: string | null }

// Clearing a field that is already empty is no event a user can make: '' only when there is text.
const events = (s: { context: { amountText: string } }): AnyEventObject[] => [
    doneEvent('loadBalance', 100_000), errorEvent('loadBalance', new ApiError(500, 'The server is down')), { type: 'RETRY' },
    { type: 'SELECT_CLIENT', clientId: 2 },
    ...Object.keys(TYPED).filter((value) => value !== '' || s.context.amountText !== '').map((value) => ({ type: 'SET_AMOUNT_TEXT', value })),
    { type: 'UPDATE' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'DISMISS' },
    doneEvent('submit', { message: 'Balance has been updated', balance: 350_000 }), errorEvent('submit', new ApiError(422, BELOW_ZERO)),
    doneEvent('reloadBalance', 350_000), errorEvent('reloadBalance', new ApiError(500, 'The server is down')),
    { type: 'REFRESH', clientId: 1 }, { type: 'REFRESH', clientId: 2 },
];

const model = buildModel(balanceAdjustmentMachine, {
  inputs: [{ clients: CLIENTS, token: TOKEN }, { clients: [], token: TOKEN }],
  events: events as never,
  serialize: (s) => JSON.stringify([s.value, s.context.clientId, s.context.previous, s.context.amount]),
});

// hidden: in jsdom, tabster marks an open Fluent dialog aria-hidden ~100 ms after it opens (not so in
// Chromium, where e2e finds it by role and name); its name is still checked through aria-labelledby.
const dialog = () => screen.queryByRole('alertdialog', { hidden: true });
const dialogTitle = () => document.getElementById(dialog()!.getAttribute('aria-labelledby') ?? '')?.textContent;
const figure = (label: string) => within(region(TITLE)).getByRole('group', { name: label });
const amountBox = () => within(region(TITLE)).getByRole('textbox', { name: 'Adjust Balance amount' });
const updateButton = () => within(region(TITLE)).getByRole('button', { name: 'Update Balance' });
const rp = (n: number) => `${n < 0 ? '-' : ''}Rp. ${Math.abs(n).toLocaleString('en-US')}`;

const pageModel: PageModel<World> = {
  title: TITLE,
  start: ({ clients }) => ({ clientId: clients[0]?.id ?? null, previous: null, amount: null, shown: '', failure: null }),
  initial: (w) => (w.clientId == null ? 'noClient' : 'loadingBalance'),
  label: (value: StateValue) => String(value),

  // The spec's table: loadingBalance > editing > confirming > submitting > done or failed (back to editing).
  expectedAfter(state, event, w) {
    switch (event.type) {
      case 'xstate.done.actor.loadBalance': return 'editing';
      case 'xstate.error.actor.loadBalance': return 'loadFailed';
      case 'RETRY': case 'SELECT_CLIENT': return 'loadingBalance';
      case 'REFRESH': return event.clientId === w.clientId ? 'loadingBalance' : state;
      case 'SET_AMOUNT_TEXT': return state === 'loadingBalance' ? state : 'editing';
      case 'UPDATE': return 'confirming';
      case 'CONFIRM': return 'submitting';
      case 'CANCEL': case 'DISMISS': return 'editing';
      case 'xstate.done.actor.submit': return 'done';
      case 'xstate.error.actor.submit': return 'failed';
      default: return state; // the reload after an answer changes figures, not the step
    }
  },

  nextWorld(w, event) {
    const e = event as AnyEventObject & { output?: unknown; clientId?: number; value?: string; error?: Error };
    switch (e.type) {
      case 'xstate.done.actor.loadBalance': case 'xstate.done.actor.reloadBalance': return { ...w, previous: e.output as number };
      case 'SELECT_CLIENT': return { ...w, clientId: e.clientId!, previous: null, amount: null, shown: '' };
      case 'SET_AMOUNT_TEXT': return { ...w, amount: TYPED[e.value!].amount, shown: TYPED[e.value!].shown };
      case 'xstate.done.actor.submit': return { ...w, previous: (e.output as { balance: number }).balance, amount: null, shown: '' };
      case 'xstate.error.actor.submit': return { ...w, failure: e.error!.message };
      default: return w;
    }
  },

  readScreen() {
    if (within(region(TITLE)).queryByText('No client is assigned to your account.')) return 'noClient';
    const d = dialog();
    if (d) {
      if (within(d).queryByText('Failed')) return 'failed';
      return within(d).queryByRole('button', { name: 'Updating…', hidden: true }) ? 'submitting' : 'confirming';
    }
    if (within(region(TITLE)).queryByRole('button', { name: 'Try again' })) return 'loadFailed';
    if (region(TITLE).querySelector('[aria-busy="true"]')) return 'loadingBalance';
    if (within(region(TITLE)).queryByText('Balance has been updated')) return 'done';
    return 'editing';
  },

  checkScreen(state, w) {
    if (state === 'noClient') {
      expect(updateButton()).toBeDisabled();
      return;
    }
    expect(within(region(TITLE)).getByRole('combobox', { name: 'Client' })).toHaveTextContent(CLIENTS.find((c) => c.id === w.clientId)!.client_name);
    if (state === 'loadingBalance' || state === 'loadFailed') {
      expect(updateButton()).toBeDisabled();
      if (state === 'loadingBalance') expect(figure('Previous Balance')).toHaveTextContent('-');
      else expect(within(region(TITLE)).getByText('The server is down')).toBeInTheDocument();
      return;
    }
    expect(figure('Previous Balance')).toHaveTextContent(rp(w.previous!));
    expect(amountBox()).toHaveValue(w.shown);
    const after = w.amount == null ? '-' : rp(w.previous! + w.amount);
    expect(figure('After Balance')).toHaveTextContent(after);
    // The rule beside the field and the button's state come from the contract's own rule.
    const problem = w.amount == null ? null : adjustmentProblem(w.previous!, w.amount);
    if (problem) expect(within(region(TITLE)).getByText(problem)).toBeInTheDocument();
    else expect(within(region(TITLE)).queryByText(/cannot go below zero/)).toBeNull();
    if (state === 'editing' || state === 'done') expect(updateButton()).toHaveProperty('disabled', problem != null || w.amount == null);
    if (state === 'done') expect(amountBox()).toHaveValue('');
    if (state === 'confirming' || state === 'submitting') {
      expect(dialogTitle()).toBe('Are you sure?');
      expect(dialog()).toHaveTextContent(`by ${rp(w.amount!)}, from ${rp(w.previous!)} to ${rp(w.previous! + w.amount!)}`);
      expect(amountBox()).toBeDisabled();
    }
    if (state === 'failed') {
      expect(dialogTitle()).toBe('Failed');
      expect(dialog()).toHaveTextContent(w.failure!);
    }
  },

  async perform(event, w) {
    switch (event.type) {
      case 'SELECT_CLIENT': return chooseClient(TITLE, event.clientId);
      case 'SET_AMOUNT_TEXT': fireEvent.change(amountBox(), { target: { value: event.value } }); return;
      case 'UPDATE': return click(updateButton());
      case 'CONFIRM': return click(within(dialog()!).getByRole('button', { name: 'Confirm', hidden: true }));
      case 'CANCEL': return click(within(dialog()!).getByRole('button', { name: 'Cancel', hidden: true }));
      case 'DISMISS': return click(within(dialog()!).getByRole('button', { name: 'OK', hidden: true }));
      case 'RETRY': return click(within(region(TITLE)).getByRole('button', { name: 'Try again' }));
      case 'REFRESH': return socket.emit({ client_id: event.clientId });
      default: throw new Error(`no way to perform ${event.type} in ${JSON.stringify(w)}`);
    }
  },
};

let socket = new FakeSocket();

describe('Master Disbursement Balance: every path of balanceAdjustment, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(drivenPaths(balanceAdjustmentMachine, model.paths).map((p) => [p.description, p]))('%s', async (_, path) => {
    const calls = new PendingCalls();
    socket = new FakeSocket();
    const logic = balanceAdjustmentMachine.provide({
      actors: { loadBalance: calls.logic<number>(), submit: calls.logic<{ message: string; balance: number }>(), balanceChanges: balanceChangesFrom(socket.watch) },
    });
    await drivePath(pageModel, path, calls, (clients) => renderPage(<MasterBalancePage logic={logic} />, clients));
  }, 30_000);
});
