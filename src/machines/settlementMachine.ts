import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { api } from '../services/api';
import { yesterday } from '../services/dateRange';
import { saveBase64File } from '../services/download';
import { messageOf } from '../services/http';
import { readsOnly, roleOf, type PageUser } from '../services/schemas';
import { watchSettlements } from '../services/realtime';
import {
  SettlementWindowSchema,
  figuresOfRows,
  type SettlementRow,
  type SettlementRun,
  type SettlementType,
  type SettlementWindow,
} from '../services/settlementRules';
import { refusedFilter, searchedFilter, startingFilter, typedFilter, typedRange, type DateFilter } from './dateFilter';
import type { GuardWords } from './guardWords';
import { settleConfirmMachine, type SettlePressOutput } from './settleConfirmMachine';
import { outputOf } from './doneOutput';

/** Shown in place when the server gives no words of its own. */
export const ROWS_FAILED = msg({ defaultMessage: 'The transactions to settle could not be loaded.', id: 'hsFyyf' });
export const RUN_FAILED = msg({ defaultMessage: 'The settlement stopped before it settled everything.', id: 'YFtkWT' });
export const RUNS_FAILED = msg({ defaultMessage: 'The recent settlements could not be loaded.', id: 'G+zMEO' });
export const REPORT_FAILED = msg({ defaultMessage: 'The report could not be downloaded.', id: 'qizzl3' });

/** A run as the socket sends it after each committed batch and when it ends. */
export interface ProgressEvent {
  type: 'PROGRESS';
  run: SettlementRun;
}
/** The socket (re)connected: anything emitted before then was missed, so the run is read again. */
export interface ConnectedEvent {
  type: 'CONNECTED';
}

type Watch = (onProgress: (run: SettlementRun) => void, onConnected: () => void) => () => void;

/**
 * The 'settlement-progress' socket as an actor: open while a run is being watched, closed when the
 * settling state is left. Tests give it a fake `watch`; the mapping stays this one.
 */
export const settlementProgressFrom = (watch: Watch) =>
  fromCallback<ProgressEvent | ConnectedEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    return watch(
      (run) => sendBack({ type: 'PROGRESS', run }),
      () => sendBack({ type: 'CONNECTED' }),
    );
  });

export const settlementProgress = settlementProgressFrom(watchSettlements);

export interface SettlementContext {
  live: boolean;
  /** Whether this user settles: an AUDITOR reads the windows, runs and reports, and never presses. */
  settles: boolean;
  type: SettlementType | null;
  filter: DateFilter;
  /** The window searched: the rows on screen are its rows, and 'Settle All Transactions' settles it. */
  shown: SettlementWindow | null;
  rows: SettlementRow[];
  loadError: string | null;
  /** The run being watched, or the last one watched. */
  run: SettlementRun | null;
  /** The press joined a run of the same window already under way. */
  joined: boolean;
  failure: string | null;
  /**
   * The count and net of the rows confirmed with the press (issue 44), sent with it so a window that changed since is
   * refused (409). Kept for Retry after a refused press (refused again until searched); none after a failed run, whose
   * Retry settles the rest of a window already confirmed.
   */
  pressFigures: { count: number; amount: number } | null;
  runs: SettlementRun[];
  runsError: string | null;
  /** The run whose report is being (or was last) downloaded. */
  reportRunId: number | null;
  reportError: string | null;
}

export type SettlementEvent =
  | { type: 'SELECT_TYPE'; settlementType: SettlementType }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'RETRY' }
  | { type: 'SETTLE' }
  | ProgressEvent
  | ConnectedEvent
  | { type: 'DOWNLOAD_REPORT'; runId: number }
  | { type: 'RELOAD_RUNS' }
  /** Raised by the machine itself when the watched run has ended: the recent list is read again. */
  | { type: 'RUN_ENDED' };

/** The window the typed text and type make, if the contract's schema accepts it; null otherwise. */
export function typedWindow(c: Pick<SettlementContext, 'type' | 'filter'>): SettlementWindow | null {
  const range = typedRange(c.filter);
  if (!range || !c.type) return null;
  const window = { type: c.type, start: range.start, end: range.end };
  return v.is(SettlementWindowSchema, window) ? window : null;
}

const errorOf = (event: object) => (event as { error: unknown }).error;

/** The run an event carries: the socket's PROGRESS, or fetchRun's answer. */
const runOf = (event: { type: string }): SettlementRun | undefined =>
  event.type === 'PROGRESS' ? (event as ProgressEvent).run : outputOf<SettlementRun | undefined>(event);

const isWatchedRun = (context: SettlementContext, event: { type: string }) =>
  runOf(event) != null && runOf(event)!.id === context.run?.id;

/** The list with this run in it: replaced where it is, first if it is new. */
const withRun = (runs: SettlementRun[], run: SettlementRun) =>
  runs.some((r) => r.id === run.id) ? runs.map((r) => (r.id === run.id ? run : r)) : [run, ...runs];

/**
 * Settlement (spec sections 2 and 7, issue 13; SUPER ADMIN, and an AUDITOR to read): choose a
 * type and a window, see its FINALIZED pay-ins per client and service, settle them all behind a
 * confirmation, and watch the run to its end on the socket. Beside it, the recent runs and their
 * reports. Three regions: `flow` (the screen's steps), `recent` (the runs list) and `report`.
 */
// Any edit of the window leaves the rows shown (or their failure) for choosing again, so Settle only
// ever settles the window on screen.
const editsReturnToChoosing = {
  SELECT_TYPE: { target: 'choosingRange', actions: 'chooseType' },
  SET_RANGE_TEXT: { target: 'choosingRange', actions: 'editRange' },
} as const;

export const settlementMachine = setup({
  types: {
    context: {} as SettlementContext,
    events: {} as SettlementEvent,
    input: {} as { live: boolean; user?: PageUser },
  },
  actors: {
    loadRows: fromPromise<SettlementRow[], SettlementWindow>(({ input }) => api.settlementStatus(input)),
    settlePress: settleConfirmMachine,
    fetchRun: fromPromise<SettlementRun, { id: number }>(({ input }) => api.settlementRun(input.id)),
    settlementProgress,
    loadRuns: fromPromise<SettlementRun[]>(() => api.settlementRuns()),
    downloadReport: fromPromise<void, { runId: number }>(async ({ input }) => {
      const file = await api.settlementReport(input.runId);
      saveBase64File(file.content, file.filename);
    }),
  },
  actions: {
    chooseType: assign(({ event }) =>
      event.type === 'SELECT_TYPE'
        ? { type: event.settlementType, shown: null, rows: [], loadError: null, failure: null, joined: false }
        : {},
    ),
    editRange: assign(({ context, event }) =>
      event.type === 'SET_RANGE_TEXT'
        ? {
            filter: typedFilter(context.filter, event.value),
            shown: null,
            rows: [],
            loadError: null,
            failure: null,
            joined: false,
          }
        : {},
    ),
    /** A valid Search: the text as read back (ends in order), and the window it names. */
    search: assign(({ context }) => ({ filter: searchedFilter(context.filter), shown: typedWindow(context) })),
    // Refused also when the text reads but the window does not (no type yet, or outside the contract).
    refuseRange: assign({ filter: ({ context }) => refusedFilter(context.filter) }),
    clearRows: assign({ rows: [], loadError: null }),
    showRows: assign({ rows: ({ event }) => outputOf<SettlementRow[]>(event) }),
    rowsFailed: assign({ loadError: ({ event }) => messageOf(errorOf(event), ROWS_FAILED) }),
    started: assign(({ context, event }) => {
      const { run, joined } = outputOf<SettlePressOutput>(event).started!;
      return { run, joined, failure: null, runs: withRun(context.runs, run) };
    }),
    /** A batch committed: never backwards, since the socket and the first read may arrive in either order. */
    takeProgress: assign(({ context, event }) => {
      const run = runOf(event)!;
      const next = run.settled_transaction >= context.run!.settled_transaction ? run : context.run!;
      return { run: next, runs: withRun(context.runs, next) };
    }),
    /** The run ended: its final figures, whatever came before. */
    takeEnd: assign(({ context, event }) => {
      const run = runOf(event)!;
      return { run, runs: withRun(context.runs, run) };
    }),
    failureOfRun: assign({ failure: ({ event }) => runOf(event)?.error || RUN_FAILED, pressFigures: null }),
    // The press already put the refusal in words (the server's, or SETTLE_FAILED).
    startFailed: assign({ failure: ({ event }) => outputOf<SettlePressOutput>(event).message }),
    runEnded: raise({ type: 'RUN_ENDED' }),
    chooseReport: assign(({ event }) =>
      event.type === 'DOWNLOAD_REPORT' ? { reportRunId: event.runId, reportError: null } : {},
    ),
  },
  guards: {
    settles: ({ context }) => context.settles,
    rangeIsValid: ({ context }) => typedWindow(context) != null,
    hasRows: ({ event }) => (outputOf<SettlementRow[] | undefined>(event)?.length ?? 0) > 0,
    pressStarted: ({ event }) => outputOf<SettlePressOutput>(event).outcome === 'started',
    pressFailed: ({ event }) => outputOf<SettlePressOutput>(event).outcome === 'failed',
    isWatchedRun: ({ context, event }) => isWatchedRun(context, event),
    runSucceeded: ({ context, event }) => isWatchedRun(context, event) && runOf(event)!.status === 'succeeded',
    runFailed: ({ context, event }) => isWatchedRun(context, event) && runOf(event)!.status === 'failed',
    reportReady: ({ context, event }) =>
      event.type === 'DOWNLOAD_REPORT' && context.runs.some((r) => r.id === event.runId && r.status !== 'running'),
  },
}).createMachine({
  id: 'settlement',
  context: ({ input }) => ({
    live: input.live,
    settles: !readsOnly(roleOf(input.user)),
    type: null,
    filter: startingFilter(undefined, yesterday),
    shown: null,
    rows: [],
    loadError: null,
    run: null,
    joined: false,
    failure: null,
    pressFigures: null,
    runs: [],
    runsError: null,
    reportRunId: null,
    reportError: null,
  }),
  type: 'parallel',
  states: {
    flow: {
      initial: 'choosingType',
      states: {
        choosingType: {
          on: {
            SELECT_TYPE: { target: 'choosingRange', actions: 'chooseType' },
            SET_RANGE_TEXT: { actions: 'editRange' },
          },
        },
        choosingRange: {
          on: {
            SELECT_TYPE: { actions: 'chooseType' },
            SET_RANGE_TEXT: { actions: 'editRange' },
            SEARCH: [{ guard: 'rangeIsValid', target: 'loadingRows', actions: 'search' }, { actions: 'refuseRange' }],
          },
        },
        loadingRows: {
          entry: 'clearRows',
          invoke: {
            id: 'loadRows',
            src: 'loadRows',
            input: ({ context }) => context.shown!,
            onDone: [{ guard: 'hasRows', target: 'showingRows', actions: 'showRows' }, { target: 'empty' }],
            onError: { target: 'loadFailed', actions: 'rowsFailed' },
          },
        },
        loadFailed: {
          on: {
            RETRY: 'loadingRows',
            ...editsReturnToChoosing,
          },
        },
        showingRows: {
          on: {
            SETTLE: {
              guard: 'settles',
              target: 'pressing',
              actions: assign({ pressFigures: ({ context }) => figuresOfRows(context.rows) }),
            },
            // The same window read again; any edit goes back to choosing, so Settle only ever settles what is shown.
            SEARCH: 'loadingRows',
            ...editsReturnToChoosing,
          },
        },
        empty: {
          on: {
            SEARCH: 'loadingRows',
            ...editsReturnToChoosing,
          },
        },
        // The press: 'Are you sure?' and the call that starts the run, one confirm-then-call child.
        pressing: {
          invoke: {
            id: 'settlePress',
            src: 'settlePress',
            // SETTLE asks first; RETRY after a failure starts the window already confirmed again.
            input: ({ context, event }) => ({
              window: context.shown!,
              expected: context.pressFigures,
              confirm: event.type === 'SETTLE',
            }),
            onDone: [
              { guard: 'pressStarted', target: 'settling', actions: 'started' },
              // 422 NOTHING_TO_SETTLE when someone settled the window first: the server's words.
              { guard: 'pressFailed', target: 'failed', actions: 'startFailed' },
              { target: 'showingRows' },
            ],
          },
        },
        settling: {
          invoke: {
            id: 'settlementProgress',
            src: 'settlementProgress',
            input: ({ context }) => ({ live: context.live }),
          },
          on: {
            // Another run's progress (another admin's window) matches no guard and is ignored.
            PROGRESS: [
              { guard: 'runSucceeded', target: 'done', actions: ['takeEnd', 'runEnded'] },
              { guard: 'runFailed', target: 'failed', actions: ['takeEnd', 'failureOfRun', 'runEnded'] },
              { guard: 'isWatchedRun', actions: 'takeProgress' },
            ],
          },
          initial: 'reading',
          states: {
            // The run read on entry and again each time the socket (re)connects: a run that ended
            // before the socket was listening, or while it was cut off, is seen all the same.
            reading: {
              on: { CONNECTED: { target: 'reading', reenter: true } },
              invoke: {
                id: 'fetchRun',
                src: 'fetchRun',
                input: ({ context }) => ({ id: context.run!.id }),
                onDone: [
                  { guard: 'runSucceeded', target: '#settlement.flow.done', actions: ['takeEnd', 'runEnded'] },
                  {
                    guard: 'runFailed',
                    target: '#settlement.flow.failed',
                    actions: ['takeEnd', 'failureOfRun', 'runEnded'],
                  },
                  { guard: 'isWatchedRun', target: 'watching', actions: 'takeProgress' },
                ],
                // The socket still tells how the run goes on.
                onError: {
                  target: 'watching',
                  actions: ({ event }) => console.warn('the settlement run could not be read', event.error),
                },
              },
            },
            watching: { on: { CONNECTED: 'reading' } },
          },
        },
        done: {
          initial: 'loading',
          on: {
            ...editsReturnToChoosing,
          },
          states: {
            // The settled window read again: what is left (nothing, unless pay-ins were finalized meanwhile).
            loading: {
              entry: 'clearRows',
              invoke: {
                id: 'reloadRows',
                src: 'loadRows',
                input: ({ context }) => context.shown!,
                onDone: { target: 'showing', actions: 'showRows' },
                onError: { target: 'showing', actions: 'rowsFailed' },
              },
            },
            showing: {
              on: { SEARCH: '#settlement.flow.loadingRows' },
            },
          },
        },
        failed: {
          on: {
            RETRY: { guard: 'settles', target: 'pressing', actions: assign({ failure: null }) },
            SEARCH: 'loadingRows',
            ...editsReturnToChoosing,
          },
        },
      },
    },
    recent: {
      initial: 'loading',
      // RUN_ENDED is handled in each state, not on the region: a re-entering transition on a region
      // of the parallel root has the root as its domain, and would reset the flow as well.
      states: {
        loading: {
          // A read under way may have started before the run ended: read again.
          on: { RUN_ENDED: { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadRuns',
            src: 'loadRuns',
            onDone: {
              target: 'showing',
              // A run still being watched keeps its live figures, whatever the list was read before.
              actions: assign(({ context, event }) => ({
                runs: context.run?.status === 'running' ? withRun(event.output, context.run) : event.output,
                runsError: null,
              })),
            },
            onError: {
              target: 'loadFailed',
              actions: assign({ runsError: ({ event }) => messageOf(event.error, RUNS_FAILED) }),
            },
          },
        },
        showing: { on: { RUN_ENDED: 'loading' } },
        loadFailed: { on: { RELOAD_RUNS: 'loading', RUN_ENDED: 'loading' } },
      },
    },
    report: {
      initial: 'idle',
      states: {
        idle: { on: { DOWNLOAD_REPORT: { guard: 'reportReady', target: 'downloading', actions: 'chooseReport' } } },
        downloading: {
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({ runId: context.reportRunId! }),
            onDone: 'idle',
            onError: {
              target: 'failed',
              actions: assign({ reportError: ({ event }) => messageOf(event.error, REPORT_FAILED) }),
            },
          },
        },
        failed: { on: { DOWNLOAD_REPORT: { guard: 'reportReady', target: 'downloading', actions: 'chooseReport' } } },
      },
    },
  },
});

/**
 * Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these.
 * Every event here comes from a SUPER ADMIN or an AUDITOR on the Settlement page (the route guard
 * admits no one else) or from the server about that admin's run.
 */
export const settlementGuardWords: GuardWords<typeof settlementMachine> = {
  settles: msg({
    defaultMessage: 'Only a user who settles presses (a SUPER ADMIN): an AUDITOR reads the windows, runs and reports.',
    id: '55MzaJ',
  }),
  rangeIsValid: msg({
    defaultMessage:
      'Search only when a settlement type is chosen and the typed date range makes a window the contract accepts; ' +
      'otherwise the range is refused in place.',
    id: 'OgUECc',
  }),
  hasRows: msg({
    defaultMessage:
      'The searched window has at least one FINALIZED pay-in to settle; otherwise the page shows it empty and ' +
      'offers no Settle.',
    id: 'Q2uj5n',
  }),
  pressStarted: msg({
    defaultMessage: 'The server started the run the press asked for (or joined one already under way).',
    id: 'AW75fj',
  }),
  pressFailed: msg({
    defaultMessage: 'The server refused the press (someone settled the window first): its words, and Retry.',
    id: 'yIeepV',
  }),
  isWatchedRun: msg({
    defaultMessage: "Only progress of the run this page started or joined counts; another admin's run is ignored.",
    id: '1UYsx6',
  }),
  runSucceeded: msg({
    defaultMessage: 'The watched run has ended and settled everything: the window is read again.',
    id: 'h4wcCG',
  }),
  runFailed: msg({
    defaultMessage: "The watched run has ended in failure: the run's own error is shown, and Retry starts it again.",
    id: 'Q72rt3',
  }),
  reportReady: msg({
    defaultMessage: 'A report may be downloaded only for a run in the recent list that is no longer running.',
    id: 'he08sY',
  }),
};
