import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot, type EventObject, type StateValue } from 'xstate';
import { callbacksPageMachine } from '../../machines/callbacksPageMachine';
import type { CallbackAttemptRow, CallbackChanged, CallbackDeliveryRow } from '../../services/callbackRules';
import { ApiError } from '../../services/http';
import type { Paged } from '../../services/paging';
import { CallbacksPage } from '../../views/callbacks/CallbacksPage';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { NOW } from './depositPageModel';
import {
  CLIENTS,
  PendingCalls,
  click,
  drivePath,
  drivenPaths,
  region,
  renderPage,
  savedViewsWith,
  type PageModel,
} from './pageModelHarness';

/**
 * The Callbacks page (issue 47), driven through the page: every transition of the callbacksPage machine's
 * list, attempts and resend regions is taken by a generated path, played as a SUPER ADMIN, the server and
 * its 'callback-changed' socket would play it. After every step the screen must show what the table below,
 * written by hand from the issue, says: the deliveries, a delivery's attempts, and a Resend under way.
 */

const TITLE = 'Callbacks';
vi.useFakeTimers({ toFake: ['Date'], now: NOW });

const ID = 'FQR-0047-0001';
const ROW: CallbackDeliveryRow = {
  correlation_id: ID,
  client_id: 1,
  client_name: 'PT Maju',
  amount: 1_250_000,
  payin_status: 'FINALIZED',
  outcome: 'gave_up',
  attempts: 3,
  url: 'https://merchant.example/callback',
  last_attempt_at: '2026-11-21T03:00:00Z',
  last_status_code: 500,
  last_error: null,
  next_retry_at: null,
};
const loaded: Paged<CallbackDeliveryRow> = {
  rows: [ROW],
  meta: { current_page: 1, last_page: 1, total: 1, per_page: 15 },
};
const ATTEMPTS: CallbackAttemptRow[] = [
  {
    id: 1,
    attempted_at: '2026-11-21T02:59:00Z',
    url: ROW.url,
    trigger: 'system',
    triggered_by: null,
    ok: false,
    status_code: 500,
    error: null,
    duration_ms: 12,
    response_excerpt: '{"error":"down"}',
    next_retry_at: '2026-11-21T02:59:30Z',
  },
  {
    id: 2,
    attempted_at: '2026-11-21T03:00:00Z',
    url: ROW.url,
    trigger: 'person',
    triggered_by: 'superadmin@demo.local',
    ok: true,
    status_code: 200,
    error: null,
    duration_ms: 8,
    response_excerpt: 'ok',
    next_retry_at: null,
  },
];
const LIST_DOWN = new ApiError(500, 'The callbacks server is down');
const ATTEMPTS_DOWN = new ApiError(500, 'The attempts server is down');
const RESEND_REFUSED = new ApiError(409, 'Only a FINALIZED pay-in has its callback sent again');
const CHANGED: CallbackChanged = { client_id: 1, correlation_id: ID, outcome: 'delivered' };

/** The 'callback-changed' socket, as watchCallbacks' stand-in. */
const listeners = new Set<(change: CallbackChanged) => void>();
/** The socket's (re)connects, as watchCallbacks' onConnected. */
const connects = new Set<() => void>();
const fakeWatch = fromCallback<EventObject>(({ sendBack }) => {
  const listener = (change: CallbackChanged) => sendBack({ type: 'CALLBACK_CHANGED', ...change });
  const connected = () => sendBack({ type: 'WATCH_CONNECTED' });
  listeners.add(listener);
  connects.add(connected);
  return () => {
    listeners.delete(listener);
    connects.delete(connected);
  };
});

const model = buildModel(callbacksPageMachine, {
  inputs: [{ role: 'SUPER ADMIN', clients: CLIENTS }],
  events: (s: AnyMachineSnapshot) => {
    const open = !s.matches({ attempts: 'closed' });
    const rowShown = (s.context.rows as unknown[]).length > 0;
    return [
      // While the attempts dialog is open (modal) only its own buttons; the socket speaks whatever is open.
      ...(open
        ? [{ type: 'CLOSE_ATTEMPTS' }, { type: 'RETRY' }]
        : [
            { type: 'SEARCH' },
            { type: 'RETRY' },
            ...(rowShown
              ? [
                  { type: 'OPEN_ATTEMPTS', row: ROW },
                  { type: 'RESEND', row: ROW },
                ]
              : []),
          ]),
      { type: 'CALLBACK_CHANGED', ...CHANGED },
      { type: 'WATCH_CONNECTED' },
      doneEvent('loadCallbacks', loaded),
      errorEvent('loadCallbacks', LIST_DOWN),
      doneEvent('loadAttempts', ATTEMPTS),
      errorEvent('loadAttempts', ATTEMPTS_DOWN),
      doneEvent('resendCallback', 'Successfully send Callback !'),
      errorEvent('resendCallback', RESEND_REFUSED),
    ];
  },
  serialize: (s) =>
    JSON.stringify([s.value, (s.context.rows as unknown[]).length, (s.context.attempts as unknown[]).length]),
});

// --- The table, by hand: where each event takes each part of the screen --------------------------------

type List = 'loading' | 'ready' | 'failed';
type Attempts = 'closed' | 'loading' | 'shown' | 'failed';
type Resend = 'idle' | 'resending';
const parts = (state: string) => state.split('|') as [List, Attempts, Resend];

interface World {
  /** A list answer has come: the row is on screen (it stays while the list is read again). */
  rowShown: boolean;
  /** Attempts were read for the open delivery (they stay while read again). */
  attemptsShown: boolean;
}

function expectedAfter(state: string, event: AnyEventObject): string {
  let [list, attempts, resend] = parts(state);
  switch (event.type) {
    case 'SEARCH':
      if (list !== 'loading') list = 'loading';
      break;
    case 'RETRY':
      if (list === 'failed') list = 'loading';
      if (attempts === 'failed') attempts = 'loading';
      break;
    case 'OPEN_ATTEMPTS':
      attempts = 'loading';
      break;
    case 'CLOSE_ATTEMPTS':
      attempts = 'closed';
      break;
    case 'RESEND':
      resend = 'resending';
      break;
    case 'CALLBACK_CHANGED':
    case 'WATCH_CONNECTED':
      // The list reads again; the open delivery's attempts too, when they are on screen.
      list = 'loading';
      if (attempts === 'shown') attempts = 'loading';
      break;
    case 'xstate.done.actor.loadCallbacks':
      list = 'ready';
      break;
    case 'xstate.error.actor.loadCallbacks':
      list = 'failed';
      break;
    case 'xstate.done.actor.loadAttempts':
      attempts = 'shown';
      break;
    case 'xstate.error.actor.loadAttempts':
      attempts = 'failed';
      break;
    case 'xstate.done.actor.resendCallback':
      resend = 'idle';
      list = 'loading';
      break;
    case 'xstate.error.actor.resendCallback':
      resend = 'idle';
      break;
    default:
      break;
  }
  return `${list}|${attempts}|${resend}`;
}

function nextWorld(w: World, event: AnyEventObject): World {
  switch (event.type) {
    case 'xstate.done.actor.loadCallbacks':
      return { ...w, rowShown: true };
    case 'xstate.error.actor.loadCallbacks':
      return { ...w, rowShown: false };
    case 'xstate.done.actor.loadAttempts':
      return { ...w, attemptsShown: true };
    // A failed read again keeps what was shown beside its error.
    case 'CLOSE_ATTEMPTS':
    case 'OPEN_ATTEMPTS':
      return { ...w, attemptsShown: false };
    default:
      return w;
  }
}

// --- Reading the screen ---------------------------------------------------------------------------------

const page = () => region(TITLE);
const table = () => within(page()).getByRole('table', { name: 'Callbacks', hidden: true });
// The dialog is named by its title once drawn ('Attempts of …').
const dialog = () =>
  screen.queryAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.includes(`Attempts of ${ID}`)) ?? null;
const shows = (text: string) => within(page()).queryAllByText(text).length > 0;
const resendButton = () => within(table()).queryByRole('button', { name: `Resend callback ${ID}`, hidden: true });

function readScreen(): string {
  const list: List =
    table().getAttribute('aria-busy') === 'true' ? 'loading' : shows(LIST_DOWN.message) ? 'failed' : 'ready';
  const d = dialog();
  let attempts: Attempts = 'closed';
  if (d) {
    if (within(d).queryByText(/^(Loading|Reading) the attempts/)) attempts = 'loading';
    else if (within(d).queryByText(ATTEMPTS_DOWN.message)) attempts = 'failed';
    else attempts = 'shown';
  }
  const resend: Resend = shows(`Resending the callback of ${ID}…`) ? 'resending' : 'idle';
  return `${list}|${attempts}|${resend}`;
}

function checkScreen(state: string, w: World) {
  const [list, attempts, resend] = parts(state);
  const rows = within(table()).queryAllByRole('row', { hidden: true }).slice(1);
  if (w.rowShown) {
    // Every column of the delivery: time in the business zone, the amount in rupiah, the outcome's words.
    expect(rows.map((r) => r.textContent)).toEqual([`2026-11-21 10:00${ID}PT MajuRp. 1,250,000Gave up3HTTP 500-`]);
    // A FINALIZED pay-in's callback may be sent again by a SUPER ADMIN, one Resend at a time.
    expect(resendButton()).not.toBeNull();
    expect(resendButton()).toHaveProperty('disabled', resend === 'resending');
  }
  if (list === 'failed') {
    expect(rows.map((r) => r.textContent)).toEqual(['-']);
    expect(within(page()).getByRole('button', { name: 'Try again', hidden: true })).toBeInTheDocument();
  }
  // Search waits for the list being read.
  expect(within(page()).getByRole('button', { name: 'Search', hidden: true })).toHaveProperty(
    'disabled',
    list === 'loading',
  );
  const d = dialog();
  if (attempts === 'closed') expect(d).toBeNull();
  else {
    expect(within(d!).getByText(`Attempts of ${ID}`)).toBeInTheDocument();
    const attemptRows = within(d!).queryAllByRole('row', { hidden: true }).slice(1);
    if (w.attemptsShown)
      expect(attemptRows.map((r) => r.textContent)).toEqual([
        `2026-11-21 09:59System${ROW.url}HTTP 500 (failed)12 ms{"error":"down"}2026-11-21 09:59`,
        `2026-11-21 10:00Resend by superadmin@demo.local${ROW.url}HTTP 2008 msok-`,
      ]);
    else expect(attemptRows).toEqual([]);
    if (attempts === 'failed') expect(within(d!).getByText(ATTEMPTS_DOWN.message)).toBeInTheDocument();
  }
}

async function perform(event: AnyEventObject) {
  switch (event.type) {
    case 'SEARCH':
      return click(within(page()).getByRole('button', { name: 'Search', hidden: true }));
    case 'RETRY': {
      const d = dialog();
      return click(within(d ?? page()).getByRole('button', { name: 'Try again', hidden: true }));
    }
    case 'OPEN_ATTEMPTS':
      return click(within(table()).getByText(ID));
    case 'CLOSE_ATTEMPTS':
      return click(within(dialog()!).getByRole('button', { name: 'Close', hidden: true }));
    case 'RESEND':
      return click(resendButton()!);
    case 'CALLBACK_CHANGED':
      await act(async () => {
        listeners.forEach((l) => l(CHANGED));
      });
      return;
    case 'WATCH_CONNECTED':
      await act(async () => {
        connects.forEach((c) => c());
      });
      return;
    default:
      throw new Error(`no way to perform ${event.type}`);
  }
}

const label = (value: StateValue) => {
  const v = value as { list: string; attempts: string; resend: string };
  return `${v.list}|${v.attempts}|${v.resend}`;
};

const pageModel = (): PageModel<World> => ({
  title: TITLE,
  start: () => ({ rowShown: false, attemptsShown: false }),
  initial: () => 'loading|closed|idle',
  expectedAfter: (state, event) => expectedAfter(state, event),
  nextWorld: (w, event) => nextWorld(w, event),
  readScreen,
  checkScreen,
  perform: (event) => perform(event),
  label,
});

describe('Callbacks: every path of callbacksPage, driven through the page', { retry: 1 }, () => {
  it('has a path through every transition of its list, attempts and resend', () => {
    // The filters, paging, the address and saved views are the shared list pieces (AuditLogMemory and the
    // list tests take them); the endpoint is CallbackEndpoint.test.tsx's.
    expect(model.uncovered.filter((t) => !/SET_|PAGE|URL_CHANGED|APPLY_VIEW|ENDPOINT|SEARCH#1/.test(t))).toEqual([]);
  });

  it.each(drivenPaths(callbacksPageMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const logic = callbacksPageMachine.provide({
        actors: {
          loadCallbacks: calls.logic(),
          loadAttempts: calls.logic(),
          resendCallback: calls.logic(),
          callbackWatch: fakeWatch,
          savedViews: savedViewsWith(),
        },
      });
      await drivePath(pageModel(), path, calls, (clients) => renderPage(<CallbacksPage logic={logic} />, clients));
      // Each attempts read was of the open delivery.
      calls.inputs
        .filter((c) => c.id === 'loadAttempts')
        .forEach((c) => expect(c.input).toEqual({ correlationId: ID }));
    },
    30_000,
  );
});
