import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { auditLineMachine, type AuditLinePage, type AuditLinePageQuery } from '../../machines/auditLineMachine';
import { auditLogMachine } from '../../machines/auditLogMachine';
import type { ChartGraph } from '../../machines/chartGraph';
import type { ChartLayout } from '../../machines/chartLayout';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { ApiError } from '../../services/http';
import type { AuditChainVerdict, AuditLogRow, AuditPath } from '../../services/auditLogRules';
import { AuditLogPage } from '../../views/audit/AuditLogPage';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { NOW } from './depositPageModel';
import {
  CLIENTS,
  PendingCalls,
  click,
  drivePath,
  drivenPaths,
  region,
  savedViewsWith,
  renderPage,
  type PageModel,
} from './pageModelHarness';
import { queryDialogLabelled } from './dialogLabelled';
import type { Paged } from '../../services/paging';

/**
 * Audit Log, driven through the page: every transition of the auditLog machine is taken by a
 * generated path, played as a SUPER ADMIN and the server would play it (typing and clicks on the
 * rendered page, the server's answers by settling the page's pending calls). After every step the
 * screen must show what the table below, written by hand from issue 15, says: the list, the
 * export and the entity path dialog each in their own state.
 */

const TITLE = 'Audit Log';
vi.useFakeTimers({ toFake: ['Date'], now: NOW });

const WD = '11111111-2222-3333-4444-555555555555';
const ROWS: AuditLogRow[] = [
  {
    id: 2,
    created_at: '2026-11-21T03:00:00Z',
    actor_email: 'superadmin@demo.local',
    ip: '10.0.0.1',
    action: 'withdrawal.decide',
    object_type: 'withdrawal',
    object_id: WD,
    object_label: 'WD-11111111',
    outcome: 'success',
    // A decision moved money: its line names the entries' action key, so it opens its journal (issue 43).
    detail: { before: { status: 'PENDING' }, after: { status: 'REJECTED' }, action_key: 'k-2' },
  },
];
const loaded = (page: number, limit: number): Paged<AuditLogRow> => ({
  rows: ROWS,
  meta: { current_page: page, last_page: 3, total: 40, per_page: limit },
});
const PATH: AuditPath = {
  entity: { type: 'withdrawal', id: WD, status: 'REJECTED' },
  steps: [
    {
      status: 'PENDING',
      from: null,
      at: '2026-11-21T02:00:00Z',
      by: 'client@demo.local',
      action: 'withdrawal.request',
    },
    {
      status: 'REJECTED',
      from: 'PENDING',
      at: '2026-11-21T03:00:00Z',
      by: 'superadmin@demo.local',
      action: 'withdrawal.decide',
    },
  ],
};
// Each call fails with its own words, so the screen tells which part failed.
const LOG_DOWN = new ApiError(500, 'The audit log server is down');
const EXPORT_DOWN = new ApiError(500, 'The export server is down');
const PATH_DOWN = new ApiError(500, 'The path server is down');
const VERIFY_DOWN = new ApiError(500, 'The verify server is down');
const HEAD = '0123456789abcdef'.repeat(4);
const VERDICT: AuditChainVerdict = { valid: true, rows: 40, head: HEAD, first_broken_id: null };
const INVALID_RANGE = 'Invalid Date Range - Please input a valid date range';
const VALID_TEXT = '2026-11-01 00:00 to 2026-11-20 23:59';

type Ui =
  | { type: 'SET_FIELD'; field: 'actor'; value: string }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'RETRY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'EXPORT' }
  | { type: 'OPEN_PATH'; object_type: string; object_id: string }
  | { type: 'CLOSE_PATH' }
  | { type: 'OPEN_LINE'; id: number; view: 'journal' }
  | { type: 'CLOSE_LINE' }
  | { type: 'VERIFY' };

const UI: Ui[] = [
  { type: 'SET_FIELD', field: 'actor', value: 'superadmin' },
  { type: 'SET_RANGE_TEXT', value: 'yesterday' },
  { type: 'SET_RANGE_TEXT', value: VALID_TEXT },
  { type: 'SEARCH' },
  { type: 'RETRY' },
  { type: 'PAGE_SIZE', limit: 30 },
  { type: 'EXPORT' },
  { type: 'CLOSE_PATH' },
  { type: 'CLOSE_LINE' },
  { type: 'VERIFY' },
];
// What a person can reach: while a dialog is open (modal) only its own buttons.
const PATH_UI = new Set(['RETRY', 'CLOSE_PATH']);
const LINE_UI = new Set(['CLOSE_LINE']);

const model = buildModel(auditLogMachine, {
  inputs: [{ clients: CLIENTS }],
  events: (s: AnyMachineSnapshot) => {
    const pathOpen = !s.matches({ path: 'closed' });
    const lineOpen = !s.matches({ line: 'closed' });
    const dialogOpen = pathOpen || lineOpen;
    const limit = s.context.limit as number;
    const page = s.context.page as number;
    return [
      ...UI.filter((e) => (pathOpen ? PATH_UI.has(e.type) : lineOpen ? LINE_UI.has(e.type) : true)),
      // 'Next page' is the pager's way forward.
      ...(dialogOpen ? [] : [{ type: 'PAGE', page: page + 1 }]),
      // A path opens from a row's Path button, so only while a row is on screen.
      ...(!dialogOpen && (s.context.rows as unknown[]).length
        ? [
            { type: 'OPEN_PATH', object_type: 'withdrawal', object_id: WD },
            { type: 'OPEN_LINE', id: 2, view: 'journal' },
          ]
        : []),
      doneEvent('loadLog', loaded(page, limit)),
      errorEvent('loadLog', LOG_DOWN),
      doneEvent('exportLog', undefined),
      errorEvent('exportLog', EXPORT_DOWN),
      doneEvent('loadPath', PATH),
      errorEvent('loadPath', PATH_DOWN),
      doneEvent('verifyChain', VERDICT),
      errorEvent('verifyChain', VERIFY_DOWN),
    ];
  },
  // The screen's state and what it shows; not the exact text typed.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.page,
      s.context.limit,
      s.context.fields.actor,
      s.context.filter.text,
      s.context.filter.error,
      s.context.meta != null,
      s.context.chain != null,
    ]),
});

// --- The spec's table: where each event takes each part of the screen -------------------------------

type List = 'loading' | 'ready' | 'failed';
type Export = 'idle' | 'exporting' | 'failed';
type PathPart = 'closed' | 'loading' | 'shown' | 'failed';
type Verify = 'idle' | 'verifying';
type LinePart = 'closed' | 'open';
const parts = (state: string) => state.split('|') as [List, Export, PathPart, Verify, LinePart];

interface World {
  typedText: string;
  rangeError: boolean;
  actor: string;
  searchedActor: string;
  page: number;
  limit: number;
  /** The last list answer's last page (0: none yet, or the last call failed). */
  lastPage: number;
  /** What the last loadLog call asked for. */
  asked: { page: number; limit: number; actor: string } | null;
  /** A check of the chain has answered: its head is on screen. */
  verified: boolean;
}

const textValid = (text: string) => text === VALID_TEXT || text === '';

function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  let [list, exp, path, verify, line] = parts(state);
  switch (event.type) {
    case 'SEARCH':
      if (list !== 'loading' && textValid(w.typedText)) list = 'loading';
      break;
    case 'PAGE':
      if (list === 'ready' && event.page <= w.lastPage) list = 'loading';
      break;
    case 'PAGE_SIZE':
      if (list === 'ready') list = 'loading';
      break;
    case 'RETRY':
      // One 'Try again' per failure; a press retries what failed.
      if (list === 'failed') list = 'loading';
      if (path === 'failed') path = 'loading';
      break;
    case 'EXPORT':
      if (exp !== 'exporting') exp = 'exporting';
      break;
    case 'OPEN_PATH':
      if (path === 'closed') path = 'loading';
      break;
    case 'CLOSE_PATH':
      path = 'closed';
      break;
    case 'OPEN_LINE':
      // The row's Journal: its line moved money.
      line = 'open';
      break;
    case 'CLOSE_LINE':
      line = 'closed';
      break;
    case 'VERIFY':
      verify = 'verifying';
      break;
    case 'xstate.done.actor.verifyChain':
    case 'xstate.error.actor.verifyChain':
      verify = 'idle';
      break;
    case 'xstate.done.actor.loadLog':
      list = 'ready';
      break;
    case 'xstate.error.actor.loadLog':
      list = 'failed';
      break;
    case 'xstate.done.actor.exportLog':
      exp = 'idle';
      break;
    case 'xstate.error.actor.exportLog':
      exp = 'failed';
      break;
    case 'xstate.done.actor.loadPath':
      path = 'shown';
      break;
    case 'xstate.error.actor.loadPath':
      path = 'failed';
      break;
    default:
      break;
  }
  return `${list}|${exp}|${path}|${verify}|${line}`;
}

function nextWorld(w: World, event: AnyEventObject, before: string): World {
  const [list] = parts(before);
  switch (event.type) {
    case 'SET_FIELD':
      return { ...w, actor: event.value };
    case 'SET_RANGE_TEXT':
      return { ...w, typedText: event.value, rangeError: false };
    case 'SEARCH':
      if (list === 'loading') return w;
      if (!textValid(w.typedText)) return { ...w, rangeError: true };
      return {
        ...w,
        rangeError: false,
        searchedActor: w.actor,
        page: 1,
        asked: { page: 1, limit: w.limit, actor: w.actor },
      };
    case 'PAGE':
      return list === 'ready' && event.page <= w.lastPage
        ? { ...w, page: event.page, asked: { page: event.page, limit: w.limit, actor: w.searchedActor } }
        : w;
    case 'PAGE_SIZE':
      return list === 'ready'
        ? { ...w, limit: event.limit, page: 1, asked: { page: 1, limit: event.limit, actor: w.searchedActor } }
        : w;
    case 'RETRY':
      return list === 'failed' ? { ...w, asked: { page: w.page, limit: w.limit, actor: w.searchedActor } } : w;
    case 'xstate.done.actor.loadLog':
      return { ...w, lastPage: 3 };
    case 'xstate.error.actor.loadLog':
      return { ...w, lastPage: 0 };
    case 'xstate.done.actor.verifyChain':
      return { ...w, verified: true };
    default:
      return w;
  }
}

// --- Reading the screen -------------------------------------------------------------------------------

const page = () => region(TITLE);
const table = () => within(page()).getByRole('table', { name: 'Audit log', hidden: true });
// The path's dialog is named by its label only once drawn; the line's dialog is told apart by its own.
const isLineDialog = (el: HTMLElement) => /^Audit line/.test(el.getAttribute('aria-label') ?? '');
const pathDialog = () => screen.queryAllByRole('dialog', { hidden: true }).find((el) => !isLineDialog(el)) ?? null;
const lineDialog = () => queryDialogLabelled('Audit line 2');
const shows = (text: string) => within(page()).queryAllByText(text).length > 0;

function readScreen(): string {
  const list: List =
    table().getAttribute('aria-busy') === 'true' ? 'loading' : shows(LOG_DOWN.message) ? 'failed' : 'ready';
  const exportButton = within(page()).getByRole('button', { name: /^Export/, hidden: true });
  const exp: Export =
    exportButton.textContent === 'Exporting…' ? 'exporting' : shows(EXPORT_DOWN.message) ? 'failed' : 'idle';
  const dialog = pathDialog();
  let path: PathPart = 'closed';
  if (dialog) {
    if (within(dialog).queryByText('Loading the path…')) path = 'loading';
    else if (within(dialog).queryByText(PATH_DOWN.message)) path = 'failed';
    else if (within(dialog).queryByRole('list', { name: 'Steps', hidden: true })) path = 'shown';
    else path = 'loading';
  }
  const verifyButton = within(page()).getByRole('button', { name: /^Verify/, hidden: true });
  const verify: Verify = verifyButton.textContent === 'Verifying…' ? 'verifying' : 'idle';
  const line: LinePart = lineDialog() ? 'open' : 'closed';
  return `${list}|${exp}|${path}|${verify}|${line}`;
}

function checkScreen(state: string, w: World) {
  const [list, , path, verify] = parts(state);
  const rows = within(table()).queryAllByRole('row', { hidden: true }).slice(1);
  if (list === 'ready') {
    expect(rows.map((r) => r.textContent)).toEqual([
      `2026-11-21 10:00superadmin@demo.local10.0.0.1withdrawal.decidewithdrawal WD-11111111${WD}successstatus: ` +
        `PENDING → REJECTEDPathJournal`,
    ]);
  }
  if (list === 'failed') {
    expect(rows).toEqual([]);
    expect(within(page()).getByRole('button', { name: 'Try again', hidden: true })).toBeInTheDocument();
  }
  // The range field says why a Search was refused, and nothing otherwise.
  expect(shows(INVALID_RANGE)).toBe(w.rangeError);
  expect(within(page()).getByRole('textbox', { name: 'Actor', hidden: true })).toHaveValue(w.actor);
  // Search is offered unless a list load is under way.
  expect(within(page()).getByRole('button', { name: 'Search', hidden: true })).toHaveProperty(
    'disabled',
    list === 'loading',
  );
  // Verify is offered unless a check is under way; the head shows once a check has answered.
  expect(within(page()).getByRole('button', { name: /^Verify/, hidden: true })).toHaveProperty(
    'disabled',
    verify === 'verifying',
  );
  expect(shows(`Chain head: ${HEAD.slice(0, 16)}…`)).toBe(w.verified);
  if (path === 'shown') {
    const steps = within(pathDialog()!).getByRole('list', { name: 'Steps', hidden: true });
    expect(
      within(steps)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual([
      'PENDING by client@demo.local at 2026-11-21 09:00',
      'PENDING > REJECTED by superadmin@demo.local at 2026-11-21 10:00',
    ]);
    expect(within(pathDialog()!).getByText(`Path of withdrawal ${WD}`)).toBeInTheDocument();
  }
}

async function perform(event: AnyEventObject) {
  const button = (name: string | RegExp) => within(page()).getByRole('button', { name, hidden: true });
  switch (event.type) {
    case 'SET_FIELD':
      await act(async () => {
        fireEvent.change(within(page()).getByRole('textbox', { name: 'Actor', hidden: true }), {
          target: { value: event.value },
        });
      });
      return;
    case 'SET_RANGE_TEXT':
      await act(async () => {
        fireEvent.change(within(page()).getByRole('textbox', { name: 'Date range', hidden: true }), {
          target: { value: event.value },
        });
      });
      return;
    case 'SEARCH':
      return click(button('Search'));
    case 'EXPORT':
      return click(button(/^Export/));
    case 'VERIFY':
      return click(button(/^Verify/));
    case 'PAGE':
      return click(within(page()).getByRole('button', { name: 'Next page', hidden: true }));
    case 'PAGE_SIZE': {
      await click(within(page()).getByRole('combobox', { name: 'Rows per page', hidden: true }));
      return click(await screen.findByRole('option', { name: String(event.limit), hidden: true }));
    }
    case 'OPEN_PATH':
      return click(within(table()).getByRole('button', { name: 'Path', hidden: true }));
    case 'CLOSE_PATH':
      return click(within(pathDialog()!).getByRole('button', { name: 'Close', hidden: true }));
    case 'OPEN_LINE':
      return click(within(table()).getByRole('button', { name: 'Journal', hidden: true }));
    case 'CLOSE_LINE':
      return click(within(lineDialog()!).getByRole('button', { name: 'Close', hidden: true }));
    case 'RETRY': {
      // The Try again a person sees: the dialog's when it is open, else the page's.
      const dialog = pathDialog();
      return click(
        dialog ? within(dialog).getByRole('button', { name: 'Try again', hidden: true }) : button('Try again'),
      );
    }
    default:
      throw new Error(`no way to perform ${event.type}`);
  }
}

const label = (value: StateValue) => {
  const v = value as { list: string; export: string; path: string; verify: string; line: string };
  return `${v.list}|${v.export}|${v.path}|${v.verify}|${v.line}`;
};

function pageModel(): PageModel<World> {
  return {
    title: TITLE,
    start: () => ({
      typedText: '',
      rangeError: false,
      actor: '',
      searchedActor: '',
      page: 1,
      limit: 15,
      lastPage: 0,
      asked: { page: 1, limit: 15, actor: '' },
      verified: false,
    }),
    initial: () => 'loading|idle|closed|idle|closed',
    expectedAfter,
    nextWorld,
    readScreen,
    checkScreen,
    perform: (event) => perform(event),
    label,
  };
}

/** A layout without ELK: the path dialog's chart is drawn, but not what this test is about. */
const fakeLayout = fromPromise<ChartLayout, ChartGraph>(async ({ input }) => ({
  width: 200,
  height: 60 * input.nodes.length,
  boxes: input.nodes.map((node, i) => ({ node, x: 0, y: 60 * i, width: 160, height: 40 })),
  lines: [],
}));
const chartLogic = workflowChartMachine.provide({ actors: { layout: fakeLayout } });

describe('Audit Log: every path of auditLog, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    // Back, Forward and saved views (issue 29) are AuditLogMemory.model.test.tsx's, which takes each of them.
    expect(model.uncovered.filter((t) => !/URL_CHANGED|APPLY_VIEW|RELOAD/.test(t))).toEqual([]);
  });

  it.each(drivenPaths(auditLogMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const logic = auditLogMachine.provide({
        actors: {
          loadLog: calls.logic(),
          exportLog: calls.logic(),
          loadPath: calls.logic(),
          verifyChain: calls.logic(),
          // The line's own calls are its machine's (AuditLog.test.tsx reads them): here they never answer.
          auditLine: auditLineMachine.provide({
            actors: { loadPage: fromPromise<AuditLinePage, AuditLinePageQuery>(() => new Promise(() => {})) },
          }),
          savedViews: savedViewsWith(),
        },
      });
      const { world } = await drivePath(pageModel(), path, calls, (clients) =>
        renderPage(<AuditLogPage logic={logic} chartLogic={chartLogic} />, clients),
      );
      // The list was asked for what the person last searched, paged and sized.
      const asked = calls.inputs.filter((c) => c.id === 'loadLog').at(-1)!.input as {
        page: number;
        limit: number;
        actor: string;
      };
      expect({ page: asked.page, limit: asked.limit, actor: asked.actor }).toEqual(world.asked);
    },
    30_000,
  );
});
