import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { auditLogMachine } from '../../machines/auditLogMachine';
import type { ChartGraph } from '../../machines/chartGraph';
import type { ChartLayout } from '../../machines/chartLayout';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { alerts, type Alert } from '../../services/alerts';
import type { AuditLogRow } from '../../services/auditLogRules';
import type { SavedView } from '../../services/savedViewRules';
import { AuditLogPage } from '../../views/audit/AuditLogPage';
import { buildModel, doneEvent, type ModelPath } from '../machines/modelCoverage';
import { NOW } from './depositPageModel';
import {
  CLIENTS,
  PendingCalls,
  addressParams,
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
import { dialogLabelled } from './dialogLabelled';

/**
 * Issue 29 on the Audit Log, driven through the page: the filters in the address, Back and Forward
 * through searches (URL_CHANGED), a saved view from the Views menu (APPLY_VIEW) with its columns, and
 * links that cannot be read. The rest of the log (export, paths, Verify) is AuditLog.model.test.tsx's;
 * here the model offers only what moves the list's query, so its graph stays small. What each query
 * opens, and what the address then says, is written out by hand.
 */

vi.useFakeTimers({ toFake: ['Date'], now: NOW });
const TITLE = 'Audit Log';

/** The default window, the last 14 days back to now (2026-11-21 10:15 in Jakarta). */
const DEFAULT_RANGE = { start: '2026-11-07 00:00', end: '2026-11-21 10:15' };
const YESTERDAY = { start: '2026-11-20 00:00', end: '2026-11-20 23:59' };
const textOf = (r: { start: string; end: string }) => `${r.start} to ${r.end}`;

const LINK = 'outcome=denied&range=yesterday';
const VIEW_QUERY = 'actor=admin%40demo.local&range=yesterday&limit=30';
const UNREADABLE = 'outcome=maybe';
const REFUSAL = "This link's filters cannot be read: outcome must be success, failure or denied";
/** What each readable query opens: its fields and window over the log's defaults. */
const OPENS: Record<string, { actor: string; outcome: string; range: typeof YESTERDAY; limit: number }> = {
  [LINK]: { actor: '', outcome: 'denied', range: YESTERDAY, limit: 15 },
  [VIEW_QUERY]: { actor: 'admin@demo.local', outcome: '', range: YESTERDAY, limit: 30 },
  '': { actor: '', outcome: '', range: DEFAULT_RANGE, limit: 15 },
};
/** The view keeps columns: opening it shows them (the person's columns from then on). */
const VIEW_COLUMNS = ['Action', 'Outcome'];
const savedView = (id: number, name: string, query: string, columns: string[] | null): SavedView => ({
  id,
  list: 'audit-log',
  name,
  query,
  columns,
  is_default: false,
  created_at: '2026-11-20T02:00:00.000Z',
});
const VIEWS = [savedView(1, 'Admin yesterday', VIEW_QUERY, VIEW_COLUMNS), savedView(2, 'Old link', UNREADABLE, null)];
const VIEW_NAMED: Record<string, string> = { [VIEW_QUERY]: 'Admin yesterday', [UNREADABLE]: 'Old link' };
const ALL_COLUMNS = ['IP', 'Action', 'Object', 'Outcome', 'Detail'];

const ROW: AuditLogRow = {
  id: 2,
  created_at: '2026-11-21T03:00:00Z',
  actor_email: 'superadmin@demo.local',
  ip: '10.0.0.1',
  action: 'withdrawal.decide',
  object_type: 'withdrawal',
  object_id: 'wd-1',
  object_label: 'WD-1',
  outcome: 'success',
  detail: null,
};
const loaded = (page: number, limit: number) => ({
  rows: [ROW],
  meta: { current_page: page, last_page: 3, total: 40, per_page: limit },
});

// --- The model: only what moves the log's query. ------------------------------------------------

const model = buildModel(auditLogMachine, {
  inputs: [{ clients: CLIENTS }],
  events: (s: AnyMachineSnapshot) => {
    const page = s.context.page as number;
    const limit = s.context.limit as number;
    if (!s.matches({ list: 'ready' })) return [doneEvent('loadLog', loaded(page, limit))];
    return [
      ...(s.context.fields.actor === '' ? [{ type: 'SET_FIELD', field: 'actor', value: 'superadmin' }] : []),
      { type: 'SEARCH' },
      ...(page === 1 ? [{ type: 'PAGE', page: 2 }] : []),
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
      s.context.fields,
      s.context.searched,
      s.context.filter.text,
      s.context.page,
      s.context.limit,
      s.context.meta != null,
    ]),
});

// --- What the person has done and seen. -----------------------------------------------------------

interface World {
  actor: string;
  outcome: string;
  rangeText: string;
  /** The query the log last asked for. */
  asked: { actor: string; outcome: string; start: string; end: string; page: number; limit: number };
  shown: string[];
  address: Record<string, string>;
  pushes: number;
  alerts: Alert[];
}

const start = (): World => ({
  actor: '',
  outcome: '',
  rangeText: textOf(DEFAULT_RANGE),
  asked: { actor: '', outcome: '', ...DEFAULT_RANGE, page: 1, limit: 15 },
  shown: ALL_COLUMNS,
  // A bare address opens the defaults and stays bare until a search.
  address: {},
  pushes: 0,
  alerts: [],
});

/** The address after the log wrote what it asks for, by hand: a preset by name, empty fields left out, page 1 too. */
function shows(w: World, push: boolean): World {
  const a = w.asked;
  const preset = a.start === YESTERDAY.start && a.end === YESTERDAY.end;
  const address: Record<string, string> = {
    ...(a.actor ? { actor: a.actor } : {}),
    ...(a.outcome ? { outcome: a.outcome } : {}),
    ...(preset ? { range: 'yesterday' } : { start: a.start, end: a.end }),
    ...(a.page !== 1 ? { page: String(a.page) } : {}),
    limit: String(a.limit),
  };
  const same = JSON.stringify(Object.entries(address).sort()) === JSON.stringify(Object.entries(w.address).sort());
  return { ...w, address, pushes: w.pushes + (push && !same ? 1 : 0) };
}

function opens(w: World, query: string): World {
  const o = OPENS[query];
  return {
    ...w,
    actor: o.actor,
    outcome: o.outcome,
    rangeText: textOf(o.range),
    asked: { actor: o.actor, outcome: o.outcome, ...o.range, page: 1, limit: o.limit },
  };
}

const refused: Alert = { title: 'Error!', message: REFUSAL, intent: 'error' };

function expectedAfter(state: string, event: AnyEventObject): string {
  switch (event.type) {
    case 'xstate.done.actor.loadLog':
      return 'ready';
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
    case 'SET_FIELD':
      return { ...w, actor: event.value };
    // Search asks for the typed fields over the window as typed (the default one rolled on to now).
    case 'SEARCH':
      return shows({ ...w, asked: { ...w.asked, actor: w.actor, page: 1 } }, true);
    case 'PAGE':
      return shows({ ...w, asked: { ...w.asked, page: event.page } }, true);
    // Back or Forward: the address is the entry's own already; the log opens it, or says why not.
    case 'URL_CHANGED': {
      const moved = { ...w, address: Object.fromEntries(new URLSearchParams(event.query)), pushes: w.pushes + 1 };
      return event.query === UNREADABLE ? { ...moved, alerts: [...w.alerts, refused] } : opens(moved, event.query);
    }
    // A view opens as a search would, into history; its columns become the person's.
    case 'APPLY_VIEW':
      return event.query === UNREADABLE
        ? { ...w, alerts: [...w.alerts, refused] }
        : shows({ ...opens(w, event.query), shown: VIEW_COLUMNS }, true);
    default:
      return w;
  }
}

// --- The screen. -----------------------------------------------------------------------------------

const page = () => region(TITLE);
const table = () => within(page()).getByRole('table', { name: 'Audit log', hidden: true });
const readScreen = () => (table().getAttribute('aria-busy') === 'true' ? 'loading' : 'ready');

let historyAtStart = 0;
let seen: Alert[] = [];

function checkScreen(state: string, w: World, calls: PendingCalls) {
  expect(seen).toEqual(w.alerts);
  expect(addressParams(), 'the address').toEqual(w.address);
  expect(window.history.length - historyAtStart, 'entries added to history').toBe(w.pushes);
  expect(within(page()).getByRole('textbox', { name: 'Actor', hidden: true })).toHaveValue(w.actor);
  expect(within(page()).getByRole('combobox', { name: 'Outcome', hidden: true })).toHaveTextContent(w.outcome || 'Any');
  expect(within(page()).getByRole('textbox', { name: 'Date range', hidden: true })).toHaveValue(w.rangeText);
  // Time and Actor always, the person's columns in their order, the Path column last.
  expect(
    within(table())
      .getAllByRole('columnheader', { hidden: true })
      .map((h) => h.textContent),
  ).toEqual(['Time', 'Actor', ...w.shown, 'Open']);
  if (state === 'loading')
    expect(calls.inputs.filter((c) => c.id === 'loadLog').at(-1)!.input).toMatchObject({
      ...w.asked,
      action: '',
      object_type: '',
      object_id: '',
      search: '',
    });
}

async function perform(event: AnyEventObject) {
  switch (event.type) {
    case 'SET_FIELD':
      return act(async () => {
        fireEvent.change(within(page()).getByRole('textbox', { name: 'Actor', hidden: true }), {
          target: { value: event.value },
        });
      });
    case 'SEARCH':
      return click(within(page()).getByRole('button', { name: 'Search', hidden: true }));
    case 'PAGE':
      return click(within(page()).getByRole('button', { name: 'Next page', hidden: true }));
    case 'URL_CHANGED':
      return moveInHistory(event.query);
    case 'APPLY_VIEW':
      return openSavedView(VIEW_NAMED[event.query]);
    default:
      throw new Error(`cannot perform ${event.type}`);
  }
}

/** A layout without ELK: the path dialog's chart is not what this test is about. */
const chartLogic = workflowChartMachine.provide({
  actors: {
    layout: fromPromise<ChartLayout, ChartGraph>(async () => ({ width: 0, height: 0, boxes: [], lines: [] })),
  },
});

function renderLog(calls: PendingCalls, views = VIEWS, columns: string[][] = []) {
  const logic = auditLogMachine.provide({
    actors: {
      loadLog: calls.logic(),
      savedViews: savedViewsWith(views, columns),
    },
  });
  renderPage(<AuditLogPage logic={logic} chartLogic={chartLogic} />, CLIENTS);
}

/** The transitions this model must take: the memory's own, and a search or page from a shown list. */
const MEMORY_TRANSITIONS = /URL_CHANGED|APPLY_VIEW|RELOAD|ready --(SEARCH|PAGE)#0/;

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
  label: (value) => (value as { list: string }).list,
});

describe('Audit Log memory (issue 29): the address, Back and Forward, saved views and columns', () => {
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

  it('has a path through every transition of the log that moves its query', () => {
    // Search from a failed list, and a refused range, are AuditLog.model.test.tsx's.
    expect(model.uncovered.filter((t) => MEMORY_TRANSITIONS.test(t))).toEqual([]);
  });

  // Each link, view and refusal from the first screen, one path after a search, and the cover of the rest.
  const firstScreen = model.paths.filter(
    (p) => p.events.length === 2 && /^(URL_CHANGED|APPLY_VIEW)$/.test(p.events[1].type),
  );
  const searched = model.paths.filter(
    (p) => p.events.map((e) => e.type).join() === 'xstate.done.actor.loadLog,SET_FIELD,SEARCH',
  );
  const paths = [...new Set([...drivenPaths(auditLogMachine, model.paths), ...firstScreen, ...searched])];
  const nameOf = (p: ModelPath) => {
    const last = p.events.at(-1);
    return `${p.description}${last && 'query' in last ? ` ${JSON.stringify(last.query)}` : ''}`;
  };

  it.each(paths.map((p) => [nameOf(p), p]))('%s', { timeout: 30_000 }, async (_, path) => {
    const calls = new PendingCalls();
    await drivePath(pageModel(calls), path, calls, () => renderLog(calls));
  });

  it('opens a link with its filters, and keeps the address as it was opened', async () => {
    window.history.replaceState(null, '', `/?${LINK}`);
    const calls = new PendingCalls();
    renderLog(calls);
    await screen.findByRole('region', { name: TITLE });
    const w = opens({ ...start(), address: addressParams() }, LINK);
    checkScreen('loading', w, calls);
    expect(window.location.search).toBe(`?${LINK}`);
  });

  it('opens the default view in place of a bare address, replacing its entry', async () => {
    const calls = new PendingCalls();
    renderLog(calls, [{ ...VIEWS[0], is_default: true }]);
    await screen.findByRole('region', { name: TITLE });
    const w = shows({ ...opens(start(), VIEW_QUERY), shown: VIEW_COLUMNS }, false);
    await waitFor(() => expect(addressParams()).toEqual(w.address));
    checkScreen('loading', w, calls);
  });

  it('hides a column from the Columns chooser and keeps the choice for next time', async () => {
    const calls = new PendingCalls();
    const kept: string[][] = [];
    renderLog(calls, [], kept);
    await screen.findByRole('region', { name: TITLE });
    await click(within(page()).getByRole('button', { name: 'Columns', hidden: true }));
    const chooser = await dialogLabelled('Choose columns');
    await click(within(chooser).getByRole('checkbox', { name: 'Detail', hidden: true }));
    const rest = ['IP', 'Action', 'Object', 'Outcome'];
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('columnheader', { hidden: true })
          .map((h) => h.textContent),
      ).toEqual(['Time', 'Actor', ...rest, 'Open']),
    );
    expect(kept).toEqual([rest]);
  });
});
