import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { DISBURSEMENT_INVALID_STATUS } from '../../machines/lifecycle/disbursementLifecycle';
import { WITHDRAWAL_INVALID_STATUS } from '../../machines/lifecycle/withdrawalLifecycle';
import { oneShotActionMachine } from '../../machines/confirmCallMachine';
import { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import {
  WORK_ORDER_ACTIONS,
  workOrderChangesFrom,
  workOrderDetailMachine,
  type WorkOrderDetailInput,
} from '../../machines/workOrderDetailMachine';
import { ApiError } from '../../services/http';
import type { UserTypeName } from '../../services/schemas';
import { CALLBACK_FAILED, CALLBACK_SENT } from '../../services/payinActions';
import type { NotificationItem, WorkOrderItem } from '../../services/workOrders';
import { WorkOrderDetail } from '../../views/WorkOrderDetailPage';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { PendingCalls, click, drivePath, drivenPaths, region, type PageModel } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';

/**
 * The work order detail page, driven through its generated paths: every transition of the
 * workOrderDetail machine is taken by a path, and each path is played as the user and the server
 * would play it (clicks on the page and in its dialogs, the server's answers by settling the
 * page's pending calls, the socket through a fake). After every step the screen must show what the
 * table below, written by hand from the issue, says: the work order and its item, the actions the
 * item's lifecycle offers, 'Are you sure?', the outcome in the server's words, and the work order
 * resolved once read again.
 */

// --- What the server holds ------------------------------------------------------------------------

/** `message` while OPEN; `outcome` is what the server says in its place once RESOLVED (issue 26). */
interface Case {
  code: string;
  role: UserTypeName;
  item: WorkOrderItem;
  subject: string;
  message: string;
  outcome: string;
  actions: string[];
  shown: Record<string, string>;
}

const CASES: Record<string, Case> = {
  'WD-1': {
    code: 'WD-1',
    role: 'SUPER ADMIN',
    subject: 'Withdrawal of Rp. 250,000 to BCA',
    message: 'Withdrawal of Rp. 250,000 to BCA from PT Maju is waiting for your decision',
    outcome: 'Completed by superadmin@demo.local',
    item: {
      kind: 'withdrawal',
      ref: 'wd-uuid-1',
      client_id: 1,
      client_name: 'PT Maju',
      amount: 250_000,
      withdrawal_kind: 'withdrawal',
    },
    actions: ['Complete', 'Reject'],
    shown: { Item: 'Withdrawal', Reference: 'wd-uuid-1', Client: 'PT Maju', Amount: 'Rp. 250,000' },
  },
  'DSB-2': {
    code: 'DSB-2',
    role: 'SUPER ADMIN',
    subject: 'Disbursement DSB-REQ-2',
    message: 'Disbursement DSB-REQ-2 of Rp. 1,250,000 from CV Jaya is waiting for a decision',
    outcome: 'Finalized by superadmin@demo.local',
    item: { kind: 'disbursement', ref: 'dsb-uuid-2', client_id: 2, client_name: 'CV Jaya', amount: 1_250_000 },
    actions: ['Finalize', 'Reject'],
    shown: { Item: 'Disbursement', Reference: 'dsb-uuid-2', Client: 'CV Jaya', Amount: 'Rp. 1,250,000' },
  },
  // A client's user with the Payments List module: anyone who sees the pay-in may resend its callback.
  'CB-PAY-3': {
    code: 'CB-PAY-3',
    role: 'CLIENT',
    subject: 'Callback failed PAY-3',
    message: 'The callback of pay-in PAY-3 (Rp. 100,000) to PT Maju failed 3 times',
    outcome: 'Resent by client@demo.local',
    item: { kind: 'callback', ref: 'PAY-3', client_id: 1, client_name: 'PT Maju', amount: 100_000 },
    actions: ['Resend Callback'],
    shown: { Item: 'Pay-in callback', Reference: 'PAY-3', Client: 'PT Maju', Amount: 'Rp. 100,000' },
  },
};

const RECEIVED = '2026-11-21T03:15:00.000Z';
const RESOLVED_AT = '2026-11-21T03:40:00.000Z';
/** The two times as the page shows them, on the Jakarta clock. */
const RECEIVED_TEXT = '2026-11-21 10:15';
const RESOLVED_TEXT = 'Resolved at 2026-11-21 10:40';

const workOrder = (c: Case, status: 'OPEN' | 'RESOLVED'): NotificationItem => ({
  id: 40,
  subject: c.subject,
  message: status === 'RESOLVED' ? c.outcome : c.message,
  is_read: true,
  data: {
    created_at: RECEIVED,
    work_order_code: c.code,
    status,
    resolved_at: status === 'RESOLVED' ? RESOLVED_AT : null,
    item: c.item,
  },
  step_data: { icon: 'money' },
});
const other = (c: Case): NotificationItem => ({
  ...workOrder(c, 'RESOLVED'),
  id: 41,
  data: { ...workOrder(c, 'RESOLVED').data, work_order_code: 'WD-OTHER' },
});

const NOT_FOUND = new ApiError(404, 'Work order not found');
const DOWN = new ApiError(500, 'The server is down');
const WITHDRAWAL_DONE = 'Withdrawal has been completed';
const DISBURSEMENT_DONE = 'Disbursement has been finalized';

// --- The model: what a person (or the server) can do in each state --------------------------------

function events(s: AnyMachineSnapshot): AnyEventObject[] {
  const c = CASES[(s.context as { code: string }).code];
  const idle = s.matches({ action: 'idle' });
  const list: AnyEventObject[] = [];
  const changed = { type: 'CHANGED', item: workOrder(c, 'RESOLVED') };
  if (s.matches({ item: 'loading' }))
    list.push(
      doneEvent('load', workOrder(c, 'OPEN')),
      doneEvent('load', workOrder(c, 'RESOLVED')),
      errorEvent('load', NOT_FOUND),
      { type: 'CONNECTED' },
      changed,
    );
  if (s.matches({ item: 'loadFailed' })) list.push({ type: 'RETRY' });
  if (s.matches({ item: 'shown' })) list.push(changed, { type: 'CONNECTED' });
  if (s.matches({ item: 'refreshing' })) {
    list.push(doneEvent('refresh', workOrder(c, 'OPEN')), doneEvent('refresh', workOrder(c, 'RESOLVED')));
    // The rest while no dialog is open: enough to take each transition, and the graph stays small.
    if (idle) list.push(errorEvent('refresh', DOWN), changed, { type: 'CONNECTED' });
  }
  list.push(...WORK_ORDER_ACTIONS.map((type) => ({ type })));
  list.push(
    doneEvent('withdrawalDecision', { outcome: 'decided', message: WITHDRAWAL_DONE }),
    doneEvent('withdrawalDecision', { outcome: 'failed', message: WITHDRAWAL_INVALID_STATUS }),
    doneEvent('withdrawalDecision', { outcome: 'cancelled', message: null }),
    doneEvent('disbursementDecision', { changed: true, message: DISBURSEMENT_DONE }),
    doneEvent('disbursementDecision', { changed: false, message: null }),
    doneEvent('resendCallback', { message: CALLBACK_SENT, failed: false, cancelled: false }),
    doneEvent('resendCallback', { message: CALLBACK_FAILED, failed: true, cancelled: false }),
  );
  return list;
}

const INPUTS: WorkOrderDetailInput[] = Object.values(CASES).map((c) => ({
  code: c.code,
  live: true,
  user: { type: c.role },
}));

const model = buildModel(workOrderDetailMachine, {
  inputs: INPUTS,
  events: events as never,
  serialize: (s) => {
    const c = s.context as {
      item: NotificationItem | null;
      outcome: { intent: string } | null;
      refreshError: string | null;
      decision: string | null;
      code: string;
    };
    return JSON.stringify([
      s.value,
      c.code,
      c.item?.data.status ?? null,
      c.outcome?.intent ?? null,
      c.refreshError != null,
      c.decision,
    ]);
  },
});

// --- The table, by hand: where each event takes the screen --------------------------------

interface World {
  case: Case;
  item: NotificationItem | null;
  loadError: string | null;
  refreshError: string | null;
  decision: 'COMPLETED' | 'REJECTED' | null;
  outcome: { intent: 'success' | 'error'; message: string } | null;
}

const parts = (state: string) => state.split('|') as [string, string];

function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  let [item, action] = parts(state);
  const readAgain = () => {
    item = item === 'loading' ? 'loading' : 'refreshing';
  };
  switch (event.type) {
    case 'xstate.done.actor.load':
      item = 'shown';
      break;
    case 'xstate.error.actor.load':
      item = 'loadFailed';
      break;
    case 'RETRY':
      item = 'loading';
      break;
    // This work order changed (or the socket came back): it is read again.
    case 'CHANGED':
    case 'CONNECTED':
      readAgain();
      break;
    case 'xstate.done.actor.refresh':
    case 'xstate.error.actor.refresh':
      item = 'shown';
      break;
    case 'COMPLETE':
      action = 'decidingWithdrawal';
      break;
    case 'REJECT':
      action = w.case.item.kind === 'withdrawal' ? 'decidingWithdrawal' : 'decidingDisbursement';
      break;
    case 'FINALIZE':
      action = 'decidingDisbursement';
      break;
    case 'RESEND_CALLBACK':
      action = 'resending';
      break;
    // A decision or resend that reached the server (answered yes or no) reads the work order again.
    case 'xstate.done.actor.withdrawalDecision':
      action = 'idle';
      if (event.output.outcome !== 'cancelled') readAgain();
      break;
    case 'xstate.done.actor.disbursementDecision':
      action = 'idle';
      if (event.output.changed) readAgain();
      break;
    case 'xstate.done.actor.resendCallback':
      action = 'idle';
      readAgain();
      break;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
  return `${item}|${action}`;
}

function nextWorld(w: World, event: AnyEventObject): World {
  const e = event as AnyEventObject & {
    output?: { outcome?: string; changed?: boolean; failed?: boolean; message: string | null } & NotificationItem;
    error?: ApiError;
  };
  switch (e.type) {
    case 'xstate.done.actor.load':
    case 'xstate.done.actor.refresh':
      return { ...w, item: e.output as NotificationItem, loadError: null, refreshError: null };
    case 'xstate.error.actor.load':
      return { ...w, loadError: e.error!.message };
    case 'xstate.error.actor.refresh':
      return { ...w, refreshError: e.error!.message };
    case 'COMPLETE':
    case 'FINALIZE':
      return { ...w, decision: 'COMPLETED', outcome: null };
    case 'REJECT':
      return { ...w, decision: 'REJECTED', outcome: null };
    case 'RESEND_CALLBACK':
      return { ...w, outcome: null };
    case 'xstate.done.actor.withdrawalDecision':
      if (e.output!.outcome === 'decided') return { ...w, outcome: { intent: 'success', message: e.output!.message! } };
      if (e.output!.outcome === 'failed') return { ...w, outcome: { intent: 'error', message: e.output!.message! } };
      return w;
    case 'xstate.done.actor.disbursementDecision':
      return e.output!.changed ? { ...w, outcome: { intent: 'success', message: e.output!.message! } } : w;
    case 'xstate.done.actor.resendCallback':
      return { ...w, outcome: { intent: e.output!.failed ? 'error' : 'success', message: e.output!.message! } };
    default:
      return w;
  }
}

// --- Reading and working the screen ---------------------------------------------------------------

const title = (w: World) => `Work Order ${w.case.code}`;
// Fluent dialogs: in jsdom tabster may mark an open one aria-hidden, so it is found by its role attribute and buttons
// by their text.
const dialog = () => document.querySelector<HTMLElement>('[role=alertdialog]');
const dialogTitle = () => dialog()?.querySelector('h2')?.textContent;
const buttonIn = (scope: HTMLElement, text: string) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text} in ${scope.textContent}`);
  return found;
};
const card = (w: World) => region(title(w)).querySelector<HTMLElement>('.fui-Card');
const pair = (w: World, label: string) =>
  within(region(title(w)))
    .getByRole('group', { name: label })
    .textContent!.slice(label.length);
const actionsGroup = (w: World) => within(region(title(w))).queryByRole('group', { name: 'Work order actions' });

function readScreen(w: World): string {
  const page = within(region(title(w)));
  const item = page.queryByText('Loading work order…')
    ? 'loading'
    : page.queryByRole('button', { name: 'Try again' })
      ? 'loadFailed'
      : card(w)?.getAttribute('aria-busy') === 'true'
        ? 'refreshing'
        : 'shown';
  const d = dialog();
  const action = d
    ? /withdrawal|transfer/.test(d.textContent!)
      ? 'decidingWithdrawal'
      : 'decidingDisbursement'
    : page.queryByRole('button', { name: 'Resending…' })
      ? 'resending'
      : 'idle';
  return `${item}|${action}`;
}

function checkScreen(state: string, w: World) {
  const [item, action] = parts(state);
  const page = within(region(title(w)));
  expect(socket.watching).toBe(1);
  expect(socket.opened).toBe(1);
  if (item === 'loading') {
    expect(card(w)).toBeNull();
    expect(calls.inputs.filter((c) => c.id === 'load').at(-1)!.input).toEqual({ code: w.case.code });
    return;
  }
  if (item === 'loadFailed') {
    expect(page.getByText(w.loadError!)).toBeInTheDocument();
    expect(card(w)).toBeNull();
    expect(actionsGroup(w)).toBeNull();
    return;
  }
  // The work order, and the item it names.
  const resolved = w.item!.data.status === 'RESOLVED';
  expect(pair(w, 'Subject')).toBe(w.case.subject);
  // Once resolved it says what happened, no longer that it waits.
  expect(pair(w, 'Message')).toBe(resolved ? w.case.outcome : w.case.message);
  expect(pair(w, 'Work order')).toBe(w.case.code);
  expect(pair(w, 'Received')).toBe(RECEIVED_TEXT);
  expect(pair(w, 'Status')).toBe(resolved ? RESOLVED_TEXT : 'Open');
  for (const [label, text] of Object.entries(w.case.shown)) expect(pair(w, label)).toBe(text);
  if (item === 'refreshing') {
    expect(page.getByText('Reading the work order again…')).toBeInTheDocument();
    expect(calls.inputs.filter((c) => c.id === 'refresh').at(-1)!.input).toEqual({ code: w.case.code });
  }
  if (item === 'shown' && w.refreshError) expect(page.getByText(w.refreshError)).toBeInTheDocument();
  // The item's actions while the work order is open: usable only when nothing else is under way.
  if (resolved) {
    expect(actionsGroup(w)).toBeNull();
  } else {
    const buttons = within(actionsGroup(w)!).getAllByRole('button');
    expect(buttons.map((b) => (b.textContent === 'Resending…' ? 'Resend Callback' : b.textContent))).toEqual(
      w.case.actions,
    );
    for (const b of buttons) expect(b).toHaveProperty('disabled', item !== 'shown' || action !== 'idle');
  }
  // How the last action ended, in the server's words.
  if (w.outcome) {
    const bar = page.getByText(w.outcome.message).closest('.fui-MessageBar')!;
    expect(bar).toHaveAttribute('role', w.outcome.intent === 'error' ? 'alert' : 'status');
  } else {
    for (const m of [WITHDRAWAL_DONE, WITHDRAWAL_INVALID_STATUS, DISBURSEMENT_DONE, CALLBACK_SENT, CALLBACK_FAILED])
      expect(page.queryByText(m)).toBeNull();
  }
  // 'Are you sure?' for a decision, naming the item.
  if (action === 'decidingWithdrawal') {
    expect(dialogTitle()).toBe('Are you sure?');
    const verb = w.decision === 'COMPLETED' ? 'Complete' : 'Reject';
    expect(dialog()).toHaveTextContent(
      `${verb} the withdrawal of Rp. 250,000 (dua ratus lima puluh ribu rupiah) from PT Maju? This cannot be undone.`,
    );
    expect(buttonIn(dialog()!, verb)).toBeEnabled();
  } else if (action === 'decidingDisbursement') {
    expect(dialogTitle()).toBe('Are you sure?');
    const verb = w.decision === 'COMPLETED' ? 'Finalize' : 'Reject';
    expect(dialog()).toHaveTextContent(
      `${verb} the disbursement of Rp. 1,250,000 (satu juta dua ratus lima puluh ribu rupiah) from CV Jaya?`,
    );
    expect(dialog()).toHaveTextContent(
      w.decision === 'COMPLETED'
        ? 'The held amount and fee are paid out.'
        : "The held amount and fee go back to the client's disbursement balance.",
    );
  } else {
    expect(dialog()).toBeNull();
  }
  if (action === 'resending') {
    expect(page.getByRole('button', { name: 'Resending…' })).toBeDisabled();
    expect(calls.inputs.filter((c) => c.id === 'run').at(-1)!.input).toEqual({ correlationId: 'PAY-3' });
  }
}

const settle = (event: AnyEventObject) => calls.settle(event);

async function perform(event: AnyEventObject, w: World) {
  const page = within(region(title(w)));
  const labels: Record<string, string> = {
    COMPLETE: 'Complete',
    FINALIZE: 'Finalize',
    REJECT: 'Reject',
    RESEND_CALLBACK: 'Resend Callback',
  };
  switch (event.type) {
    case 'RETRY':
      return click(page.getByRole('button', { name: 'Try again' }));
    case 'CHANGED':
      return socket.change(event.item);
    case 'CONNECTED':
      return socket.connect();
    case 'COMPLETE':
    case 'FINALIZE':
    case 'REJECT':
    case 'RESEND_CALLBACK':
      return click(page.getByRole('button', { name: labels[event.type] }));
    case 'xstate.done.actor.withdrawalDecision': {
      const d = await waitFor(() => dialog()!);
      const verb = w.decision === 'COMPLETED' ? 'Complete' : 'Reject';
      if (event.output.outcome === 'cancelled') return click(buttonIn(d, 'Cancel'));
      await click(buttonIn(d, verb));
      // Under way: the dialog says so and takes no second press; the call names the withdrawal and the decision.
      expect(buttonIn(d, `${verb}…`)).toBeDisabled();
      expect(calls.inputs.filter((c) => c.id === 'decide').at(-1)!.input).toEqual({
        uuid: 'wd-uuid-1',
        decision: w.decision,
      });
      return settle(
        event.output.outcome === 'decided'
          ? doneEvent('decide', event.output.message)
          : errorEvent('decide', new ApiError(409, event.output.message)),
      );
    }
    case 'xstate.done.actor.disbursementDecision': {
      const d = await waitFor(() => dialog()!);
      const verb = w.decision === 'COMPLETED' ? 'Finalize' : 'Reject';
      await click(buttonIn(d, verb));
      expect(buttonIn(d, 'Working…')).toBeDisabled();
      expect(calls.inputs.filter((c) => c.id === 'decide').at(-1)!.input).toEqual({
        uuid: 'dsb-uuid-2',
        decision: w.decision,
      });
      if (event.output.changed) return settle(doneEvent('decide', event.output.message));
      // Refused (decided by someone else first): the dialog stays, says so, and the user gives up.
      await settle(errorEvent('decide', new ApiError(409, DISBURSEMENT_INVALID_STATUS)));
      await waitFor(() => expect(dialogTitle()).toBe('Failed'));
      expect(within(dialog()!).getByRole('alert', { hidden: true })).toHaveTextContent(DISBURSEMENT_INVALID_STATUS);
      return click(buttonIn(dialog()!, 'Cancel'));
    }
    case 'xstate.done.actor.resendCallback':
      return settle(
        event.output.failed
          ? errorEvent('run', new ApiError(502, event.output.message))
          : doneEvent('run', event.output.message),
      );
    default:
      if (event.type.startsWith('xstate.')) return settle(event);
      throw new Error(`no way to perform ${event.type}`);
  }
}

/** The 'work-order-changed' socket, as watchWorkOrders' stand-in. */
class FakeWorkOrderSocket {
  private listeners = new Map<(item: NotificationItem) => void, () => void>();
  /** How many sockets the page opened (the session cookie authenticates each). */
  opened = 0;
  watch = (onChanged: (item: NotificationItem) => void, onConnected: () => void) => {
    this.opened += 1;
    this.listeners.set(onChanged, onConnected);
    return () => {
      this.listeners.delete(onChanged);
    };
  };
  get watching() {
    return this.listeners.size;
  }
  async change(item: NotificationItem) {
    await act(async () => {
      this.listeners.forEach((_, l) => l(item));
    });
  }
  async connect() {
    await act(async () => {
      this.listeners.forEach((connected) => connected());
    });
  }
}

let calls = new PendingCalls();
let socket = new FakeWorkOrderSocket();

const logicFor = () =>
  workOrderDetailMachine.provide({
    actors: {
      load: calls.logic<NotificationItem>(),
      workOrderChanges: workOrderChangesFrom(socket.watch),
      withdrawalDecision: withdrawalDecisionMachine.provide({ actors: { decide: calls.logic<string>() } }),
      disbursementDecision: disbursementDecisionMachine.provide({ actors: { decide: calls.logic<string>() } }),
      resendCallback: oneShotActionMachine.provide({ actors: { run: calls.logic<string>() } }),
    },
  });

function renderAs(input: WorkOrderDetailInput) {
  const user = makeUser({ type: input.user!.type, otp_verified: true });
  renderWithSession(<WorkOrderDetail code={input.code} logic={logicFor()} />, user, {
    modules: [],
    banks: [],
    clients: [],
    roles: [],
  });
}

const label = (value: StateValue) => {
  const v = value as { item: string; action: string };
  return `${v.item}|${v.action}`;
};

/** The work order as the spec reads it; its own perform settles the calls. */
const pageModel = (input: WorkOrderDetailInput): PageModel<World> => ({
  title: '',
  start: () => ({
    case: CASES[input.code],
    item: null,
    loadError: null,
    refreshError: null,
    decision: null,
    outcome: null,
  }),
  initial: () => 'loading|idle',
  expectedAfter,
  nextWorld: (w, event) => nextWorld(w, event),
  readScreen,
  checkScreen,
  perform: (event, w) => perform(event, w),
  label,
});

function drive(path: ModelPath) {
  const input = (path as ModelPath & { input: WorkOrderDetailInput }).input;
  return drivePath(pageModel(input), path, null, () => renderAs(input), {
    ready: (w) => screen.findByRole('region', { name: title(w) }),
  });
}

/**
 * Paths written out besides the generated ones, for what covering each transition once may not
 * reach: each decision answered and the work order read back RESOLVED (the actions go), another
 * admin resolving it while this one looks, and a refused resend tried again.
 */
const scripted = (name: string, code: string, events: AnyEventObject[]) => {
  const c = CASES[code];
  const path = {
    description: `scripted: ${name}`,
    events,
    input: { code, live: true, user: { type: c.role } },
  } as unknown as ModelPath;
  return { ...path, end: model.replay(path) };
};
const [wd, dsb, cb] = [CASES['WD-1'], CASES['DSB-2'], CASES['CB-PAY-3']];
const SCRIPTED = [
  scripted('a SUPER ADMIN completes the withdrawal and it comes back resolved', 'WD-1', [
    doneEvent('load', workOrder(wd, 'OPEN')),
    { type: 'COMPLETE' },
    doneEvent('withdrawalDecision', { outcome: 'decided', message: WITHDRAWAL_DONE }),
    doneEvent('refresh', workOrder(wd, 'RESOLVED')),
  ]),
  scripted('the withdrawal was decided by someone else first: refused, and read back resolved', 'WD-1', [
    doneEvent('load', workOrder(wd, 'OPEN')),
    { type: 'REJECT' },
    doneEvent('withdrawalDecision', { outcome: 'failed', message: WITHDRAWAL_INVALID_STATUS }),
    doneEvent('refresh', workOrder(wd, 'RESOLVED')),
  ]),
  scripted('another admin resolves it while the page is open: the socket says so and it shows resolved', 'WD-1', [
    doneEvent('load', workOrder(wd, 'OPEN')),
    { type: 'CHANGED', item: workOrder(wd, 'RESOLVED') },
    doneEvent('refresh', workOrder(wd, 'RESOLVED')),
  ]),
  scripted('a SUPER ADMIN finalizes the disbursement and it comes back resolved', 'DSB-2', [
    doneEvent('load', workOrder(dsb, 'OPEN')),
    { type: 'FINALIZE' },
    doneEvent('disbursementDecision', { changed: true, message: DISBURSEMENT_DONE }),
    doneEvent('refresh', workOrder(dsb, 'RESOLVED')),
  ]),
  scripted(
    'the merchant is still down: the resend fails, is tried again, succeeds and the work order is resolved',
    'CB-PAY-3',
    [
      doneEvent('load', workOrder(cb, 'OPEN')),
      { type: 'RESEND_CALLBACK' },
      doneEvent('resendCallback', { message: CALLBACK_FAILED, failed: true, cancelled: false }),
      doneEvent('refresh', workOrder(cb, 'OPEN')),
      { type: 'RESEND_CALLBACK' },
      doneEvent('resendCallback', { message: CALLBACK_SENT, failed: false, cancelled: false }),
      doneEvent('refresh', workOrder(cb, 'RESOLVED')),
    ],
  ),
];

describe('Work order detail: every path of workOrderDetail, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(
    [...drivenPaths(workOrderDetailMachine, model.paths), ...SCRIPTED].map((p) => [
      `${(p as unknown as { input: WorkOrderDetailInput }).input.code}: ${p.description.replace(/^.*?: /, '')}`,
      p,
    ]),
  )(
    '%s',
    async (_, path) => {
      calls = new PendingCalls();
      socket = new FakeWorkOrderSocket();
      await drive(path);
    },
    30_000,
  );
});

describe('Work order detail: what the lifecycle offers, and what the socket says of others', () => {
  const opened = async (input: WorkOrderDetailInput, item: NotificationItem) => {
    calls = new PendingCalls();
    socket = new FakeWorkOrderSocket();
    renderAs(input);
    await screen.findByRole('region', { name: `Work Order ${input.code}` });
    await waitFor(() => expect(calls.isOpen('load')).toBe(true));
    await calls.settle(doneEvent('load', item));
    await screen.findByText(item.message);
  };

  it('offers an ADMIN no decision on a withdrawal: only a SUPER ADMIN decides one', async () => {
    const c = CASES['WD-1'];
    await opened({ code: c.code, live: true, user: { type: 'ADMIN' } }, workOrder(c, 'OPEN'));
    expect(pair({ case: c } as World, 'Status')).toBe('Open');
    expect(actionsGroup({ case: c } as World)).toBeNull();
  });

  it('offers nothing on a failed settlement, and shows the item without client or amount', async () => {
    const c: Case = {
      ...CASES['WD-1'],
      code: 'STL-7',
      subject: 'Settlement STL-7 failed',
      message: 'The Herra QRIS settlement stopped: the ledger could not be written',
      item: { kind: 'settlement', ref: '7', client_id: null, client_name: null, amount: null },
    };
    await opened({ code: c.code, live: true, user: { type: 'SUPER ADMIN' } }, workOrder(c, 'OPEN'));
    expect(pair({ case: c } as World, 'Item')).toBe('Settlement');
    expect(pair({ case: c } as World, 'Client')).toBe('-');
    expect(pair({ case: c } as World, 'Amount')).toBe('-');
    expect(actionsGroup({ case: c } as World)).toBeNull();
  });

  it("shows a work order without an item (the demo seed's) as it is", async () => {
    const c = CASES['WD-1'];
    await opened(
      { code: c.code, live: true, user: { type: 'SUPER ADMIN' } },
      { ...workOrder(c, 'OPEN'), data: { ...workOrder(c, 'OPEN').data, item: null } },
    );
    expect(within(region('Work Order WD-1')).queryByRole('group', { name: 'Item' })).toBeNull();
    expect(actionsGroup({ case: c } as World)).toBeNull();
  });

  it('leaves the page as it is when another work order changes', async () => {
    const c = CASES['WD-1'];
    await opened({ code: c.code, live: true, user: { type: 'SUPER ADMIN' } }, workOrder(c, 'OPEN'));
    await socket.change(other(c));
    expect(calls.isOpen('refresh')).toBe(false);
    expect(card({ case: c } as World)).toHaveAttribute('aria-busy', 'false');
  });
});
