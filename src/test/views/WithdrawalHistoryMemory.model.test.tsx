import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { paymentsBalanceMachine } from '../../machines/paymentsBalanceMachine';
import { alerts, type Alert } from '../../services/alerts';
import type { SavedView } from '../../services/savedViewRules';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { PaymentsBalancePage } from '../../views/withdrawals/PaymentsBalancePage';
import { buildModel, doneEvent, type ModelPath } from '../machines/modelCoverage';
import { NOW } from './depositPageModel';
import {
  CLIENTS,
  FakeSocket,
  PendingCalls,
  addressParams,
  chooseClient,
  click,
  drivePath,
  drivenPaths,
  moveInHistory,
  openSavedView,
  region,
  renderPage,
  savedViewsWith,
  type PageModel,
} from './pageModelHarness';

/**
 * Issue 29 on Withdrawal History (Payments Balance, list id 'withdrawals'), driven through the page: the
 * client, window, status and page in the address, Back and Forward through them (URL_CHANGED), a saved
 * view from the Views menu (APPLY_VIEW), and links that cannot be read. Another client's figures and
 * history go as soon as another client is asked for, by the picker, a link or a view: the screen never
 * shows one client's money under another's name. The dialogs are PaymentsBalance.model.test.tsx's.
 */

vi.useFakeTimers({ toFake: ['Date'], now: NOW });
const TITLE = 'Payments Balance';

const DEFAULT_RANGE = { start: '2026-11-07 00:00', end: '2026-11-21 10:15' };
const YESTERDAY = { start: '2026-11-20 00:00', end: '2026-11-20 23:59' };
type Range = typeof YESTERDAY;
const textOf = (r: Range) => `${r.start} to ${r.end}`;

const LINK = 'client_filter=2&status=PENDING&range=yesterday';
const VIEW_QUERY = 'client_filter=1&status=COMPLETED&range=yesterday&limit=30';
const UNREADABLE = 'status=NOPE';
const REFUSAL = "This link's filters cannot be read: status must be PENDING, COMPLETED or REJECTED";
const OPENS: Record<string, { clientId: number; status: string; range: Range; limit: number }> = {
  [LINK]: { clientId: 2, status: 'PENDING', range: YESTERDAY, limit: 15 },
  [VIEW_QUERY]: { clientId: 1, status: 'COMPLETED', range: YESTERDAY, limit: 30 },
  '': { clientId: 1, status: '', range: DEFAULT_RANGE, limit: 15 },
};
const savedView = (id: number, name: string, query: string): SavedView => ({
  id,
  list: 'withdrawals',
  name,
  query,
  columns: null,
  is_default: false,
  created_at: '2026-11-20T02:00:00.000Z',
});
const VIEWS = [savedView(1, 'Completed yesterday', VIEW_QUERY), savedView(2, 'Old link', UNREADABLE)];
const VIEW_NAMED: Record<string, string> = { [VIEW_QUERY]: 'Completed yesterday', [UNREADABLE]: 'Old link' };

const row: WithdrawalRow = {
  uuid: 'wd-1',
  status: 'COMPLETED',
  type: 'withdrawal',
  amount: 250_000,
  name: 'Citra Client',
  bank_name: 'BCA',
  account_no: '7100012345',
  bank_account_name: 'Budi Santoso',
  withdrawal_time: '2026-11-20T03:00:00Z',
  completed_time: '2026-11-20T05:00:00Z',
  description: 'Rent',
  client_id: 1,
};
const AVAILABLE = 1_500_000;
const loaded = {
  summary: {
    disbursement_balance: 5_000_000,
    nonwithdrawable_balance: 1_000_000,
    withdrawable_balance: AVAILABLE,
    pending_withdrawal_balance: 0,
    balance: 2_500_000,
  },
  rows: [row],
  meta: { current_page: 1, last_page: 3, total: 32, per_page: 15 },
};

// --- The model: only what moves the history's query, on a plain screen. -------------------------

const model = buildModel(paymentsBalanceMachine, {
  inputs: [{ clients: CLIENTS, user: { type: 'SUPER ADMIN' } }],
  events: (s: AnyMachineSnapshot) => {
    if (!s.matches({ figures: 'ready' })) return [doneEvent('load', loaded)];
    return [
      ...(s.context.clientId === 1 ? [{ type: 'SELECT_CLIENT', clientId: 2 }] : []),
      ...(s.context.status === '' ? [{ type: 'SET_STATUS', value: 'PENDING' }] : []),
      { type: 'SEARCH' },
      ...(s.context.page === 1 ? [{ type: 'PAGE', page: 2 }] : []),
      { type: 'URL_CHANGED', query: LINK },
      { type: 'URL_CHANGED', query: '' },
      { type: 'URL_CHANGED', query: UNREADABLE },
      { type: 'APPLY_VIEW', query: VIEW_QUERY, replace: false },
      { type: 'APPLY_VIEW', query: UNREADABLE, replace: false },
    ];
  },
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.clientId,
      s.context.status,
      s.context.rangeText,
      s.context.page,
      s.context.limit,
      s.context.summary != null,
    ]),
});

// --- What the person has done and seen. -----------------------------------------------------------

interface World {
  clientId: number;
  /** The status picked, and what the history was last asked for. */
  status: string;
  rangeText: string;
  asked: { clientId: number; status: string; start: string; end: string; page: number; limit: number };
  /** The figures and rows on screen are the client's on screen (none until its answer). */
  figures: boolean;
  address: Record<string, string>;
  pushes: number;
  alerts: Alert[];
}

const start = (): World => ({
  clientId: 1,
  status: '',
  rangeText: textOf(DEFAULT_RANGE),
  asked: { clientId: 1, status: '', ...DEFAULT_RANGE, page: 1, limit: 15 },
  figures: false,
  address: {},
  pushes: 0,
  alerts: [],
});

/** The address after the page wrote what it asks for, by hand: All Status kept as 'status=', page 1 left out. */
function shows(w: World, push: boolean): World {
  const a = w.asked;
  const preset = a.start === YESTERDAY.start && a.end === YESTERDAY.end;
  const address: Record<string, string> = {
    client_filter: String(a.clientId),
    ...(preset ? { range: 'yesterday' } : { start: a.start, end: a.end }),
    status: a.status,
    ...(a.page !== 1 ? { page: String(a.page) } : {}),
    limit: String(a.limit),
  };
  const same = JSON.stringify(Object.entries(address).sort()) === JSON.stringify(Object.entries(w.address).sort());
  return { ...w, address, pushes: w.pushes + (push && !same ? 1 : 0) };
}

/** What a readable query opens; another client's figures go at once. */
function opens(w: World, query: string): World {
  const o = OPENS[query];
  return {
    ...w,
    clientId: o.clientId,
    status: o.status,
    rangeText: textOf(o.range),
    asked: { clientId: o.clientId, status: o.status, ...o.range, page: 1, limit: o.limit },
    figures: w.figures && o.clientId === w.clientId,
  };
}

const refused: Alert = { title: 'Error!', message: REFUSAL, intent: 'error' };

function expectedAfter(state: string, event: AnyEventObject): string {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return 'ready';
    case 'SELECT_CLIENT':
    case 'SEARCH':
    case 'PAGE':
      return 'loading';
    case 'URL_CHANGED':
    case 'APPLY_VIEW':
      return event.query === UNREADABLE ? state : 'loading';
    default:
      return state;
  }
}

function nextWorld(w: World, event: AnyEventObject): World {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return { ...w, figures: true };
    case 'SET_STATUS':
      return { ...w, status: event.value };
    // Another client: from its first page, over the window (the default one rolled on to now), into history.
    // The status picked is asked for by any read (the page keeps no separate searched status).
    case 'SELECT_CLIENT': {
      const asked = { ...w.asked, clientId: event.clientId, status: w.status, page: 1 };
      return shows({ ...w, clientId: event.clientId, figures: false, asked }, true);
    }
    case 'SEARCH':
      return shows({ ...w, asked: { ...w.asked, status: w.status, page: 1 } }, true);
    case 'PAGE':
      return shows({ ...w, asked: { ...w.asked, status: w.status, page: event.page } }, true);
    case 'URL_CHANGED': {
      const moved = { ...w, address: Object.fromEntries(new URLSearchParams(event.query)), pushes: w.pushes + 1 };
      return event.query === UNREADABLE ? { ...moved, alerts: [...w.alerts, refused] } : opens(moved, event.query);
    }
    case 'APPLY_VIEW':
      return event.query === UNREADABLE ? { ...w, alerts: [...w.alerts, refused] } : shows(opens(w, event.query), true);
    default:
      return w;
  }
}

// --- The screen. -----------------------------------------------------------------------------------

const page = () => region(TITLE);
const table = () => within(page()).getByRole('table', { name: 'Withdrawal History', hidden: true });
const readScreen = () => (table().getAttribute('aria-busy') === 'true' ? 'loading' : 'ready');

let historyAtStart = 0;
let seen: Alert[] = [];

function checkScreen(state: string, w: World, calls: PendingCalls) {
  expect(seen).toEqual(w.alerts);
  expect(addressParams(), 'the address').toEqual(w.address);
  expect(window.history.length - historyAtStart, 'entries added to history').toBe(w.pushes);
  expect(within(page()).getByRole('combobox', { name: 'Client', hidden: true })).toHaveTextContent(
    CLIENTS.find((c) => c.id === w.clientId)!.client_name,
  );
  expect(within(page()).getByRole('combobox', { name: 'Status', hidden: true })).toHaveTextContent(
    w.status || 'All Status',
  );
  expect(within(page()).getByRole('textbox', { name: 'Date range', hidden: true })).toHaveValue(w.rangeText);
  // Never one client's money under another's name.
  expect(within(page()).getByRole('group', { name: 'Available Balance', hidden: true })).toHaveTextContent(
    w.figures ? 'Rp. 1,500,000' : '-',
  );
  expect(within(table()).queryAllByRole('row', { hidden: true }).length - 1).toBe(w.figures ? 1 : 0);
  if (state === 'loading') expect(calls.inputs.filter((c) => c.id === 'load').at(-1)!.input).toEqual(w.asked);
}

async function perform(event: AnyEventObject) {
  const button = (name: string) => within(page()).getByRole('button', { name, hidden: true });
  switch (event.type) {
    case 'SELECT_CLIENT':
      return chooseClient(TITLE, event.clientId);
    case 'SET_STATUS':
      await click(within(page()).getByRole('combobox', { name: 'Status', hidden: true }));
      return click(await screen.findByRole('option', { name: event.value, hidden: true }));
    case 'SEARCH':
      return click(button('Search'));
    case 'PAGE':
      return click(button('Next page'));
    case 'URL_CHANGED':
      return moveInHistory(event.query);
    case 'APPLY_VIEW':
      return openSavedView(VIEW_NAMED[event.query]);
    default:
      throw new Error(`cannot perform ${event.type}`);
  }
}

function renderBalance(calls: PendingCalls, views = VIEWS) {
  const logic = paymentsBalanceMachine.provide({
    actors: {
      load: calls.logic(),
      balanceChanges: balanceChangesFrom(new FakeSocket().watch),
      savedViews: savedViewsWith(views),
    },
  });
  renderPage(<PaymentsBalancePage logic={logic} />, CLIENTS);
}

/** The transitions this model must take: the memory's own, and each change of query from a shown history. */
const MEMORY_TRANSITIONS = /URL_CHANGED|APPLY_VIEW|ready --(SELECT_CLIENT|SEARCH|PAGE)#0/;

/** The list as the spec reads it: the screen shows loading or ready, and the address and calls match the world. */
const pageModel = (calls: PendingCalls): PageModel<World> => ({
  title: TITLE,
  start,
  initial: () => 'loading',
  expectedAfter: (state, event) => expectedAfter(state, event),
  nextWorld: (w, event) => nextWorld(w, event),
  readScreen,
  checkScreen: (state, w) => checkScreen(state, w, calls),
  perform: (event) => perform(event),
  label: (value) => (value as { figures: string }).figures,
});

describe('Withdrawal History memory (issue 29): the address, Back and Forward, saved views', () => {
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  let stop = () => {};
  beforeEach(() => {
    seen = [];
    stop = alerts.subscribe((a) => seen.push(a));
    window.history.replaceState(null, '', '/');
    historyAtStart = window.history.length;
  });
  afterEach(() => stop());

  it('has a path through every transition of the page that moves its query', () => {
    expect(model.uncovered.filter((t) => MEMORY_TRANSITIONS.test(t))).toEqual([]);
  });

  const firstScreen = model.paths.filter(
    (p) => p.events.length === 2 && /^(URL_CHANGED|APPLY_VIEW|SELECT_CLIENT)$/.test(p.events[1].type),
  );
  const searched = model.paths.filter(
    (p) => p.events.map((e) => e.type).join() === 'xstate.done.actor.load,SET_STATUS,SEARCH',
  );
  // A link to another client, then back to the bare page: the first client's figures are not the second's.
  const backAndForth = model.paths.filter(
    (p) =>
      JSON.stringify(p.events.map((e) => ('query' in e ? e.query : e.type))) ===
      JSON.stringify(['xstate.done.actor.load', LINK, 'xstate.done.actor.load', '']),
  );
  const paths = [
    ...new Set([...drivenPaths(paymentsBalanceMachine, model.paths), ...firstScreen, ...searched, ...backAndForth]),
  ];
  const nameOf = (p: ModelPath) => {
    const last = p.events.at(-1);
    return `${p.description}${last && 'query' in last ? ` ${JSON.stringify(last.query)}` : ''}`;
  };

  it.each(paths.map((p) => [nameOf(p), p]))('%s', { timeout: 30_000 }, async (_, path) => {
    const calls = new PendingCalls();
    await drivePath(pageModel(calls), path, calls, () => renderBalance(calls));
  });

  it('opens a link on its client, status and window, and keeps the address as it was opened', async () => {
    window.history.replaceState(null, '', `/?${LINK}`);
    const calls = new PendingCalls();
    renderBalance(calls);
    await screen.findByRole('region', { name: TITLE });
    checkScreen('loading', opens({ ...start(), address: addressParams() }, LINK), calls);
    expect(window.location.search).toBe(`?${LINK}`);
  });

  it('opens the default view in place of a bare address, replacing its entry', async () => {
    const calls = new PendingCalls();
    renderBalance(calls, [{ ...VIEWS[0], is_default: true }]);
    await screen.findByRole('region', { name: TITLE });
    const w = shows(opens(start(), VIEW_QUERY), false);
    await waitFor(() => expect(addressParams()).toEqual(w.address));
    checkScreen('loading', w, calls);
  });
});
