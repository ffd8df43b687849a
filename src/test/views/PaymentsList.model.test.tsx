import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { EMAIL_FAILED, exportMachine } from '../../machines/exportMachine';
import { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';
import { defaultForm, paymentsListMachine } from '../../machines/paymentsListMachine';
import { savedViewsMachine } from '../../machines/savedViewsMachine';
import { uploadMachine } from '../../machines/uploadMachine';
import { alerts, waitingAlert, type Alert } from '../../services/alerts';
import { api } from '../../services/api';
import { APPROVAL_AHEAD, APPROVAL_WAITING as WAITING, DEFAULT_APPROVAL_POLICY } from '../../services/approvalRules';
import { INVALID_DATE_RANGE, parseDateRange } from '../../services/dateRange';
import { ApiError } from '../../services/http';
import type { ReconciliationResult } from '../../services/reconciliationRules';
import type { SavedView } from '../../services/savedViewRules';
import type { UserTypeName } from '../../services/schemas';
import { FILE_DOWNLOADED } from '../../services/successTexts';
import type { Invoice } from '../../services/payinActions';
import type { TransactionRow } from '../../services/payinQuery';
import { PaymentsListPage } from '../../views/payins/PaymentsListPage';
import { PaymentsListScreen, type PaymentsListActor } from '../../views/payins/PaymentsListScreen';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { PendingCalls, drivePath, drivenPaths, isActorEvent, type PageModel } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';

/**
 * The Payments List's page machine driven through the rendered screen: every generated path (the
 * smallest set taking every transition; MODEL_ALL_PATHS=1 for all) is performed as a user clicks and
 * as the server answers, and after each step the screen must show the state and the alerts the
 * table below names. The table is written from the spec, not read off the machine, so a transition
 * with a wrong target fails here; so does a row action or button the lifecycle should refuse.
 */

// The clock the page is opened at: 2026-11-21 10:15 in Jakarta (the manual finalize's paid time starts there).
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T03:15:00.000Z') });

const RANGE = '2026-11-21 00:00 to 2026-11-21 23:59';
const BAD_RANGE = 'last week';
/** Yesterday on the business clock: what `range=yesterday` opens. */
const YESTERDAY = '2026-11-20 00:00 to 2026-11-20 23:59';

/**
 * Issue 29, the list's memory. Back or Forward to a link's entry (readable or not, or the bare page), and a
 * saved view (the Views menu's, pushed; or the person's default, replacing the bare entry the page opened on).
 * What each opens is written out by hand: a machine reading the query otherwise fails the path.
 */
const LINK = 'status=PENDING&range=yesterday';
const VIEW_QUERY = 'status=PENDING&range=yesterday&payment_method=va_bca&limit=100';
const UNREADABLE = 'status=NOPE';
const REFUSAL =
  "This link's filters cannot be read: status must be one of FINALIZED, PENDING, REQUEST_TIMEOUT, SETTLED, VA_EXPIRED";
const OPENS: Record<string, { rangeText: string; status: string; methods: string[]; limit: number }> = {
  [LINK]: { rangeText: YESTERDAY, status: 'PENDING', methods: [], limit: 15 },
  [VIEW_QUERY]: { rangeText: YESTERDAY, status: 'PENDING', methods: ['va_bca'], limit: 100 },
  // Back to the page as first opened: its defaults.
  '': { rangeText: RANGE, status: 'FINALIZED', methods: [], limit: 15 },
};
const savedView = (id: number, name: string, query: string): SavedView => ({
  id,
  list: 'transactions',
  name,
  query,
  columns: null,
  is_default: false,
  created_at: '2026-11-20T02:00:00.000Z',
});
/** The person's views: one that opens, and one kept from before the list's filters changed. */
const VIEWS = [savedView(1, 'Pending yesterday', VIEW_QUERY), savedView(2, 'Old link', UNREADABLE)];
const VIEW_NAMED: Record<string, string> = { [VIEW_QUERY]: 'Pending yesterday', [UNREADABLE]: 'Old link' };
const form = defaultForm(dayjs('2026-11-21T10:15:00'));

const payIn = (
  n: number,
  type: TransactionRow['type'],
  status: TransactionRow['status'],
  added = false,
): TransactionRow => ({
  uuid: `u-${n}`,
  type,
  service_type: 'payin',
  rrn: null,
  correlation_id: `PAY-${n}-${status}`,
  account_no: `88000${n}`,
  currency: 'IDR',
  amount: 100_000 * n,
  fee_amount: 1_000 * n,
  status,
  paid_time: null,
  transaction_time: '2026-11-21T02:00:00.000Z',
  settlement_time: null,
  client_id: 1,
  client_name: 'PT Maju',
  added_to_withdrawable: added,
  last_callback: null,
});
const qrisPending = payIn(1, 'fello_qris', 'PENDING');
const vaPending = payIn(2, 'va_bca', 'PENDING');
const finalized = payIn(3, 'va_bca', 'FINALIZED');
const finalizedAdded = payIn(4, 'herra_qris', 'FINALIZED', true);
const settled = payIn(5, 'va_mandiri', 'SETTLED');
const expired = payIn(6, 'va_bri', 'VA_EXPIRED');
const ROWS = [qrisPending, vaPending, finalized, finalizedAdded, settled, expired];
const STATS = { total_transaction_count: 6, total_transaction_amount: 2_100_000, total_fee_amount: 21_000 };
const loaded = { rows: ROWS, meta: { current_page: 1, last_page: 2, total: 6, per_page: 15 }, stats: STATS };
const invoice: Invoice = {
  items: [{ name: 'Pay-in', ori_price: 500_000, curr_price: 500_000 }],
  service: 'payin',
  transaction_date: '2026-11-21T02:00:00.000Z',
  correlation_id: settled.correlation_id,
  client_name: 'PT Maju',
};
/**
 * Process Transactions' dry run: three pay-ins of Rp. 300,000 with Rp. 3,000 of fees, which the policy would hold (and
 * none).
 */
const PREVIEW = { count: 3, amount: 300_000, fee: 3_000, needs_approval: true };
const NOTHING = { count: 0, amount: 0, fee: 0, needs_approval: false };
const CHANGED = 'The selection changed: 4 pay-ins match now, not 3';
const checked: ReconciliationResult = {
  rows: [
    {
      file: 'report.csv',
      row: 2,
      correlation_id: 'UNKNOWN-REF-1',
      found: false,
      type_match: null,
      our_status: null,
      file_status: 'SUCCESS',
      status_match: null,
      our_amount: null,
      file_amount: 10_000,
      amount_match: null,
    },
  ],
  summary: { files: 1, rows: 1, found: 0, missing: 1, status_mismatch: 0, amount_mismatch: 0 },
};

/**
 * Spec section 2, 'Row actions', by hand: which buttons each row shows to each role. Anyone who sees a
 * PENDING or REQUEST_TIMEOUT QRIS pay-in may refresh it and a FINALIZED one re-send its callback;
 * SUPER ADMIN also finalizes by hand, adds to withdrawable (once) and generates invoices. An AUDITOR
 * (issue 28) sees every row and acts on none.
 */
const OFFERED: Record<UserTypeName, Record<string, string[]>> = {
  'SUPER ADMIN': {
    [qrisPending.uuid]: ['Refresh status', 'Finalize'],
    [vaPending.uuid]: ['Finalize'],
    [finalized.uuid]: ['Resend callback', 'Add to withdrawable balance', 'Invoice'],
    [finalizedAdded.uuid]: ['Resend callback', 'Invoice'],
    [settled.uuid]: ['Invoice'],
    [expired.uuid]: [],
  },
  ADMIN: {
    [qrisPending.uuid]: ['Refresh status'],
    [vaPending.uuid]: [],
    [finalized.uuid]: ['Resend callback'],
    [finalizedAdded.uuid]: ['Resend callback'],
    [settled.uuid]: [],
    [expired.uuid]: [],
  },
  CLIENT: {
    [qrisPending.uuid]: ['Refresh status'],
    [vaPending.uuid]: [],
    [finalized.uuid]: ['Resend callback'],
    [finalizedAdded.uuid]: ['Resend callback'],
    [settled.uuid]: [],
    [expired.uuid]: [],
  },
  AUDITOR: {
    [qrisPending.uuid]: [],
    [vaPending.uuid]: [],
    [finalized.uuid]: [],
    [finalizedAdded.uuid]: [],
    [settled.uuid]: [],
    [expired.uuid]: [],
  },
};

// --- The model: which events a user (or the server) can bring about in each state. -------------

const row = (type: string, r: TransactionRow) => ({ type, row: r });
function eventsFor(s: AnyMachineSnapshot): AnyEventObject[] {
  const showing = s.matches({ list: 'showing' });
  const closed = s.matches({ dialog: 'closed' });
  // A load fails only on a plain screen: it keeps the graph small.
  const events: AnyEventObject[] = [
    doneEvent('load', loaded),
    ...(closed ? [errorEvent('load', new ApiError(500, 'Database unavailable'))] : []),
    // The approval policy, read once (issue 45): Finalize's words on it are tested in HeldAhead.test.
    ...(closed && s.context.policy == null ? [doneEvent('approvalPolicy', DEFAULT_APPROVAL_POLICY)] : []),
  ];
  if (closed && showing && s.context.stats) {
    events.push(
      { type: 'SEARCH' },
      { type: 'SET_RANGE_TEXT', value: BAD_RANGE },
      { type: 'SET_RANGE_TEXT', value: RANGE },
      // Back or Forward, and the saved views: these open whatever the bar holds, a bad range too.
      { type: 'URL_CHANGED', query: LINK },
      { type: 'URL_CHANGED', query: '' },
      { type: 'URL_CHANGED', query: UNREADABLE },
      { type: 'APPLY_VIEW', query: VIEW_QUERY, replace: false },
      { type: 'APPLY_VIEW', query: VIEW_QUERY, replace: true },
      { type: 'APPLY_VIEW', query: UNREADABLE, replace: false },
    );
    // With a bad range typed, the user fixes it or searches (and is told); the rest waits for a good one.
    if (!s.context.rangeError && parseDateRange(s.context.form.rangeText)) {
      events.push(
        { type: 'SET_STATUS', value: s.context.form.status === 'FINALIZED' ? 'PENDING' : 'FINALIZED' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', limit: 100 },
        { type: 'SET_SEARCH', value: 'PAY-1' },
        { type: 'SET_SEARCH_BY', value: 'rrn' },
        { type: 'SET_METHODS', value: ['va_bca'] },
        { type: 'SET_CLIENT', value: 1 },
        row('REFRESH_STATUS', qrisPending),
        row('RESEND_CALLBACK', finalized),
        row('FINALIZE_MANUALLY', vaPending),
        row('ADD_TO_WITHDRAWABLE', finalized),
        row('GENERATE_INVOICE', settled),
        { type: 'OPEN_EXPORT' },
        { type: 'OPEN_CHECK' },
        { type: 'OPEN_PROCESS' },
      );
    }
  }
  if (!closed && showing) {
    events.push(
      doneEvent('refreshStatus', { changed: true, message: 'Transaction status is now FINALIZED' }),
      doneEvent('refreshStatus', { changed: false, message: 'The provider still reports PENDING' }),
      errorEvent('refreshStatus', new ApiError(502, 'Provider unavailable')),
      doneEvent('resendCallback', 'Successfully send Callback !'),
      errorEvent('resendCallback', new ApiError(409, 'Transaction is not FINALIZED Yet')),
      doneEvent('manualFinalize', { finalized: true, held: false, message: 'Transaction has been finalized' }),
      doneEvent('manualFinalize', { finalized: false, held: false, message: null }),
      // Held for a second SUPER ADMIN (issue 25): nothing finalized yet.
      doneEvent('manualFinalize', { finalized: false, held: true, message: WAITING }),
      // The same end, reached after the server refused once: the modal stays open with its words.
      doneEvent('manualFinalize', { finalized: false, held: false, message: null, refusedFirst: true }),
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'CLOSE' },
      doneEvent('addToWithdrawable', 'Added to withdrawable balance'),
      errorEvent('addToWithdrawable', new ApiError(409, 'Already added to withdrawable balance')),
      doneEvent('previewProcess', PREVIEW),
      doneEvent('previewProcess', NOTHING),
      errorEvent('previewProcess', new ApiError(503, 'The pay-ins could not be counted')),
      { type: 'PREVIEW_AGAIN' },
      doneEvent('processTransactions', {
        message: '3 transactions added to withdrawable balance, 0 already added',
        held: false,
      }),
      doneEvent('processTransactions', { message: WAITING, held: true }),
      errorEvent('processTransactions', new ApiError(409, CHANGED)),
      errorEvent(
        'processTransactions',
        new ApiError(422, 'Invalid Status: Only FINALIZED transactions can be processed'),
      ),
      doneEvent('invoice', invoice),
      errorEvent('invoice', new ApiError(404, 'Transaction not found')),
      doneEvent('check', { via: 'results' }),
      doneEvent('check', { via: 'cancel' }),
      doneEvent('export', { message: FILE_DOWNLOADED, failed: false }),
      doneEvent('export', { message: EMAIL_FAILED, failed: true }),
      doneEvent('export', { message: null, failed: false }),
    );
  }
  return events;
}

const model = buildModel(paymentsListMachine, {
  inputs: [
    { role: 'SUPER ADMIN', form },
    { role: 'CLIENT', form },
  ],
  events: eventsFor,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.role,
      parseDateRange(s.context.form.rangeText) != null,
      s.context.rows.length > 0,
      s.context.stats != null,
      s.context.rangeError != null,
      s.context.form.status,
      s.context.applied.status,
      s.context.selectionChanged,
    ]),
});

// --- What the user knows: the screen's state names and the spec's table of where each event leads. --

interface World {
  role: UserTypeName;
  rows: TransactionRow[];
  loadFailed: boolean;
  stats: boolean;
  rangeText: string;
  rangeError: boolean;
  formStatus: string;
  appliedStatus: string;
  /** The rest of the bar as typed, and as last applied by Search. */
  typed: Record<string, unknown>;
  applied: Record<string, unknown>;
  /** The range as last applied, the page and its size: with the filters, what the address shows. */
  appliedRange: string;
  page: number;
  limit: number;
  /** The address's query, as its parameters; and how many entries the page added to history. */
  address: Record<string, string>;
  pushes: number;
  alerts: Alert[];
  /** Process Transactions: the last dry run's answer, and the refusal the failure dialog shows. */
  preview: typeof PREVIEW | null;
  processError: string | null;
  previewAgain: boolean;
}

const TYPED_START = { search: '', search_by: 'correlation_id', payment_method: [], client_id: null };
const FIELD_OF: Record<string, string> = {
  SET_SEARCH: 'search',
  SET_SEARCH_BY: 'search_by',
  SET_METHODS: 'payment_method',
  SET_CLIENT: 'client_id',
};

const startWorld = (role: UserTypeName): World => ({
  role,
  rows: [],
  loadFailed: false,
  stats: false,
  rangeText: RANGE,
  rangeError: false,
  formStatus: 'FINALIZED',
  appliedStatus: 'FINALIZED',
  typed: TYPED_START,
  applied: TYPED_START,
  appliedRange: RANGE,
  page: 1,
  limit: 15,
  // A bare address opens the defaults and stays bare until a search.
  address: {},
  pushes: 0,
  alerts: [],
  preview: null,
  processError: null,
  previewAgain: false,
});

/** The machine's value in the screen's names: '<list>|<dialog>'. */
function label(value: StateValue): string {
  const v = value as { list: string; dialog: string | Record<string, string> };
  const dialog = typeof v.dialog === 'string' ? v.dialog : Object.entries(v.dialog).map(([k, c]) => `${k}.${c}`)[0];
  return `${v.list}|${dialog}`;
}

const success = (message: string): Alert => ({ title: 'Success', message, intent: 'success' });
const failure = (message: string): Alert => ({ title: 'Failed', message, intent: 'error' });
type Output = {
  output?: Record<string, unknown> & {
    changed?: boolean;
    finalized?: boolean;
    held?: boolean;
    message?: string | null;
    failed?: boolean;
    count?: number;
  };
  error?: ApiError;
};

/** Where the spec says each event takes the screen (hand-written: a machine going elsewhere fails the path). */
function expectedAfter(state: string, event: AnyEventObject & Output, w: World): string {
  const [list, dialog] = state.split('|');
  const at = (d: string) => `${list}|${d}`;
  const out = event.output;
  switch (event.type) {
    case 'xstate.done.actor.load':
    case 'xstate.error.actor.load':
      return `showing|${dialog}`;
    case 'SEARCH':
      return parseDateRange(w.rangeText) ? `loading|${dialog}` : state;
    case 'PAGE':
    case 'PAGE_SIZE':
      return `loading|${dialog}`;
    // A readable query opens and the list reads again; one that cannot be read changes nothing.
    case 'URL_CHANGED':
    case 'APPLY_VIEW':
      return event.query === UNREADABLE ? state : `loading|${dialog}`;
    // The approval policy's read changes nothing on screen until Finalize is asked for (HeldAhead.test).
    case 'SET_RANGE_TEXT':
    case 'SET_STATUS':
    case 'SET_SEARCH':
    case 'SET_SEARCH_BY':
    case 'SET_METHODS':
    case 'SET_CLIENT':
    case 'xstate.done.actor.approvalPolicy':
      return state;
    case 'REFRESH_STATUS':
      return at('refreshingStatus');
    case 'RESEND_CALLBACK':
      return at('resendingCallback');
    case 'FINALIZE_MANUALLY':
      return at('finalizing');
    case 'ADD_TO_WITHDRAWABLE':
      return at('addingToWithdrawable.confirming');
    case 'OPEN_PROCESS':
    case 'PREVIEW_AGAIN':
      return at('processing.previewing');
    // Nothing moves on the first press: the dry run's count decides whether there is anything to confirm.
    case 'xstate.done.actor.previewProcess':
      return at(out!.count! > 0 ? 'processing.confirming' : 'processing.nothingToProcess');
    case 'xstate.error.actor.previewProcess':
      return at('processing.failed');
    case 'GENERATE_INVOICE':
      return at('viewingInvoice.generating');
    case 'OPEN_EXPORT':
      return at('exporting');
    case 'OPEN_CHECK':
      return at('checking');
    case 'CONFIRM':
      return at(dialog === 'addingToWithdrawable.confirming' ? 'addingToWithdrawable.adding' : 'processing.running');
    case 'CANCEL':
    case 'CLOSE':
      return at('closed');
    // A change reloads the list and tiles; news that changed nothing does not.
    case 'xstate.done.actor.refreshStatus':
      return out!.changed ? 'loading|closed' : at('closed');
    case 'xstate.done.actor.manualFinalize':
      return out!.finalized ? 'loading|closed' : at('closed');
    case 'xstate.done.actor.addToWithdrawable':
    case 'xstate.error.actor.addToWithdrawable':
      return 'loading|closed';
    // Held for a second SUPER ADMIN: nothing moved, so nothing is read again.
    case 'xstate.done.actor.processTransactions':
      return out!.held ? at('closed') : 'loading|closed';
    // Refused: the dialog says why; a changed selection also reads the list again.
    case 'xstate.error.actor.processTransactions':
      return event.error!.status === 409 ? 'loading|processing.failed' : at('processing.failed');
    case 'xstate.error.actor.refreshStatus':
    case 'xstate.done.actor.resendCallback':
    case 'xstate.error.actor.resendCallback':
    case 'xstate.done.actor.check':
    case 'xstate.done.actor.export':
      return at('closed');
    case 'xstate.done.actor.invoice':
      return at('viewingInvoice.showing');
    case 'xstate.error.actor.invoice':
      return at('viewingInvoice.failed');
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

/** What the user has seen happen, and the alerts the spec says each outcome raises. */
function nextWorld(w: World, event: AnyEventObject & Output & { value?: unknown; error?: ApiError }): World {
  const say = (alert: Alert) => ({ ...w, alerts: [...w.alerts, alert] });
  const out = event.output;
  switch (event.type) {
    case 'xstate.done.actor.load':
      return { ...w, rows: ROWS, stats: true, loadFailed: false };
    case 'xstate.error.actor.load':
      return { ...w, loadFailed: true };
    case 'SET_RANGE_TEXT':
      return { ...w, rangeText: String(event.value), rangeError: false };
    case 'SET_STATUS':
      return { ...w, formStatus: String(event.value) };
    case 'SET_SEARCH':
    case 'SET_SEARCH_BY':
    case 'SET_METHODS':
    case 'SET_CLIENT':
      return { ...w, typed: { ...w.typed, [FIELD_OF[event.type]]: event.value } };
    // Filters apply on Search, not as they are typed; the address then shows them, a new entry in history.
    case 'SEARCH':
      return parseDateRange(w.rangeText)
        ? shows(
            {
              ...w,
              appliedStatus: w.formStatus,
              applied: w.typed,
              appliedRange: w.rangeText,
              page: 1,
              rangeError: false,
            },
            true,
          )
        : { ...w, rangeError: true };
    case 'PAGE':
      return shows({ ...w, page: 2 }, true);
    case 'PAGE_SIZE':
      return shows({ ...w, page: 1, limit: 100 }, true);
    // Back or Forward: the address is the entry's own (the test moved to it); the list opens it, or says why not.
    case 'URL_CHANGED': {
      const moved = { ...w, address: paramsOf(String(event.query)), pushes: w.pushes + 1 };
      return event.query === UNREADABLE ? { ...moved, alerts: [...w.alerts, refused] } : opens(moved, event.query);
    }
    // A saved view opens as a search would, into history; the default view replaces the bare entry.
    case 'APPLY_VIEW':
      return event.query === UNREADABLE
        ? say(refused)
        : shows(opens(w, String(event.query)), !(event as { replace?: boolean }).replace);
    case 'xstate.done.actor.refreshStatus':
      return say(
        out!.changed
          ? success(String(out!.message))
          : { title: 'No change', message: String(out!.message), intent: 'info' },
      );
    case 'xstate.done.actor.resendCallback':
    case 'xstate.done.actor.addToWithdrawable':
      return say(success(String(event.output)));
    case 'xstate.done.actor.processTransactions':
      return say(out!.held ? waitingAlert(WAITING) : success(String(out!.message)));
    case 'xstate.error.actor.refreshStatus':
    case 'xstate.error.actor.resendCallback':
    case 'xstate.error.actor.addToWithdrawable':
      return say(failure(event.error!.message));
    // Process Transactions says what went wrong in its own dialog, not in an alert.
    case 'OPEN_PROCESS':
    case 'PREVIEW_AGAIN':
      return { ...w, preview: null, processError: null, previewAgain: false };
    case 'xstate.done.actor.previewProcess':
      return { ...w, preview: out as typeof PREVIEW };
    case 'xstate.error.actor.previewProcess':
    case 'xstate.error.actor.processTransactions':
      return { ...w, processError: event.error!.message, previewAgain: event.error!.status === 409 };
    case 'xstate.done.actor.manualFinalize':
      if (out!.held) return say(waitingAlert(WAITING));
      return out!.finalized ? say(success('Transaction has been finalized')) : w;
    case 'xstate.done.actor.invoice':
      return say(success('Invoice Have Been Generated'));
    case 'xstate.done.actor.export':
      if (out!.message == null) return w;
      return say(out!.failed ? failure(String(out!.message)) : success(String(out!.message)));
    default:
      return w;
  }
}

const refused: Alert = { title: 'Error!', message: REFUSAL, intent: 'error' };
const paramsOf = (query: string) => Object.fromEntries(new URLSearchParams(query));

/** What a readable query opens: its filters over the list's defaults, typed and applied, from its page. */
function opens(w: World, query: string): World {
  const o = OPENS[query];
  const bar = { ...TYPED_START, payment_method: o.methods };
  return {
    ...w,
    rangeText: o.rangeText,
    rangeError: false,
    formStatus: o.status,
    appliedStatus: o.status,
    typed: bar,
    applied: bar,
    appliedRange: o.rangeText,
    page: 1,
    limit: o.limit,
  };
}

/**
 * The address after the list wrote what it shows (issue 29), by hand: a window that is a preset by its name,
 * the filters as applied (empty ones left out, All Status kept as 'status='), the page past the first, the size.
 */
function shows(w: World, push: boolean): World {
  const preset: Record<string, string> = { [RANGE]: 'today', [YESTERDAY]: 'yesterday' };
  const a = w.applied as { search: string; search_by: string; payment_method: string[]; client_id: number | null };
  const address: Record<string, string> = {
    range: preset[w.appliedRange],
    status: w.appliedStatus,
    search_by: a.search_by,
    ...(a.search ? { search: a.search } : {}),
    ...(a.payment_method.length ? { payment_method: a.payment_method.join(',') } : {}),
    ...(a.client_id != null ? { client_id: String(a.client_id) } : {}),
    ...(w.page !== 1 ? { page: String(w.page) } : {}),
    limit: String(w.limit),
  };
  // The same query again adds no entry.
  const same = JSON.stringify(Object.entries(address).sort()) === JSON.stringify(Object.entries(w.address).sort());
  return { ...w, address, pushes: w.pushes + (push && !same ? 1 : 0) };
}

// --- Reading the screen. ------------------------------------------------------------------------

// Fluent mounts dialogs in portals a frame later, and in jsdom tabster may mark an open dialog
// aria-hidden (see DisbursementList.model.test.tsx): dialogs are found by title, buttons by text.
const openDialogs = () => [...document.querySelectorAll<HTMLElement>('[role=dialog],[role=alertdialog]')];
const titleOf = (d: HTMLElement) => d.querySelector('h2')?.textContent ?? '';
const dialogNamed = (title: string) =>
  waitFor(
    () => {
      const found = openDialogs().find((d) => titleOf(d) === title);
      if (!found) throw new Error(`no dialog titled ${title}`);
      return found;
    },
    { timeout: 3000 },
  );
const buttonIn = (scope: HTMLElement, name: string) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const press = async (scope: HTMLElement, name: string) => {
  await act(async () => {
    fireEvent.click(buttonIn(scope, name));
  });
};
const table = () => screen.getByRole('table', { name: 'Payments' });

/** Opens a saved view from the Views menu, then closes the menu (it is a dialog of its own while open). */
async function openView(name: string) {
  await press(document.body, 'Views');
  const menu = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[role=dialog][aria-label="Saved views"]');
    if (!found) throw new Error('no Views menu');
    return found;
  });
  const open = await waitFor(() => {
    const button = buttonIn(menu, `Open view ${name}`);
    expect(button).toBeEnabled();
    return button;
  });
  await act(async () => {
    fireEvent.click(open);
  });
  await act(async () => {
    fireEvent.keyDown(menu, { key: 'Escape' });
  });
  await waitFor(() => expect(document.querySelector('[role=dialog][aria-label="Saved views"]')).toBeNull());
}
/** Process Transactions' question has Confirm; adding one pay-in's has Add. */
const isProcessQuestion = (d: HTMLElement) =>
  [...d.querySelectorAll('button')].some((b) => b.textContent === 'Confirm');
const tile = (name: string) => screen.getByRole('group', { name }).textContent!.replace(name, '');
const pageButton = (name: string) => screen.queryByRole('button', { name });

function readScreen(): string {
  const list = table().getAttribute('aria-busy') === 'true' ? 'loading' : 'showing';
  const d = openDialogs()[0];
  if (!d) return `${list}|closed`;
  const title = titleOf(d);
  const dialog = (() => {
    switch (title) {
      case 'Export':
        return 'exporting';
      case 'Check Transactions':
      case 'Check Transactions: Results':
        return 'checking';
      case 'Finalize Transaction':
        return 'finalizing';
      case 'Refresh status':
        return 'refreshingStatus';
      case 'Resend callback':
        return 'resendingCallback';
      case 'Invoice':
        if (d.textContent!.includes('Generating invoice…')) return 'viewingInvoice.generating';
        return d.querySelector('[role=alert]') ? 'viewingInvoice.failed' : 'viewingInvoice.showing';
      case 'Are you sure?': {
        const [verb, step] = isProcessQuestion(d) ? ['Confirm', 'processing'] : ['Add', 'addingToWithdrawable'];
        return `${step}.${buttonIn(d, verb).disabled ? (step === 'processing' ? 'running' : 'adding') : 'confirming'}`;
      }
      case 'Process Transactions':
        return d.textContent!.includes('No pay-ins match this filter')
          ? 'processing.nothingToProcess'
          : 'processing.previewing';
      case 'Failed':
        return 'processing.failed';
      default:
        return `unknown dialog ${title}`;
    }
  })();
  return `${list}|${dialog}`;
}

/** What the screen must show in a state, given what the user and the server did. */
function checkScreen(state: string, w: World, seen: Alert[]) {
  const [list, dialog] = state.split('|');
  expect(seen).toEqual(w.alerts);
  // The address shows what the list shows (issue 29), and Back walks the searches made.
  expect(paramsOf(window.location.search), 'the address').toEqual(w.address);
  expect(window.history.length - historyAtStart, 'entries added to history').toBe(w.pushes);
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent(w.formStatus || 'All Status');
  expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue(w.rangeText);
  expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue(String(w.typed.search));
  expect(screen.queryByText(INVALID_DATE_RANGE) != null, 'the range error').toBe(w.rangeError);
  // The rows and tiles the last answer gave.
  expect(within(table()).getAllByRole('row')).toHaveLength(1 + w.rows.length);
  expect(tile('Total Transactions')).toBe(w.stats ? '6' : '-');
  if (w.stats) expect(tile('Total Amount')).toBe('Rp. 2,100,000');
  if (list === 'showing' && w.loadFailed) expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  // Process Transactions: what would move, in figures and words, before anything moves; or why not.
  const processDialog = openDialogs()[0];
  if (dialog === 'processing.confirming' || dialog === 'processing.running') {
    expect(processDialog).toHaveTextContent(
      'Add 3 pay-ins of Rp. 300,000 (tiga ratus ribu rupiah) to the withdrawable balance?',
    );
    expect(processDialog).toHaveTextContent(
      'Fees Rp. 3,000: Rp. 297,000 moves from the non-withdrawable to the withdrawable balance.',
    );
    // Said before Confirm: the approval policy will hold it.
    expect(processDialog).toHaveTextContent(APPROVAL_AHEAD);
  }
  if (dialog === 'processing.previewing')
    expect(processDialog).toHaveTextContent('Counting the pay-ins this search would add…');
  if (dialog === 'processing.nothingToProcess') {
    expect(processDialog).toHaveTextContent('No pay-ins match this filter');
    expect(() => buttonIn(processDialog, 'Confirm')).toThrow();
  }
  if (dialog === 'processing.failed') {
    expect(within(processDialog).getByRole('alert')).toHaveTextContent(w.processError!);
    expect([...processDialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(
      w.previewAgain ? ['Preview again', 'Close'] : ['Close'],
    );
  }
  // Which row actions each row offers: the spec's table for this role, and none while a dialog is open.
  for (const r of w.rows) {
    const expected = dialog === 'closed' ? OFFERED[w.role][r.uuid] : [];
    const group = screen.queryByRole('group', { name: `Actions for ${r.correlation_id}` });
    const shown = group ? [...group.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')) : [];
    // Each button is named for its row too (issue 26): 'Finalize PAY-2-PENDING'.
    expect(shown, `actions of ${r.correlation_id} for ${w.role}`).toEqual(
      expected.map((label) => `${label} ${r.correlation_id}`),
    );
  }
  // The bar's buttons: Search while nothing loads; Export, Process and Check only on a plain screen.
  const plain = dialog === 'closed';
  expect(pageButton('Search')).toHaveProperty('disabled', list !== 'showing');
  expect(pageButton('Export')).toHaveProperty('disabled', !(plain && w.stats));
  if (w.role === 'SUPER ADMIN') {
    expect(pageButton('Process Transactions')).toHaveProperty(
      'disabled',
      !(plain && w.stats && w.appliedStatus === 'FINALIZED'),
    );
    expect(pageButton('Check Transactions')).toHaveProperty('disabled', !plain);
  } else {
    expect(pageButton('Process Transactions')).toBeNull();
    expect(pageButton('Check Transactions')).toBeNull();
  }
}

// --- Performing each event as the user does it, or as the server answers. -----------------------

async function perform(
  event: AnyEventObject & Output & { row?: TransactionRow; value?: string },
  actor: PaymentsListActor,
  calls: PendingCalls,
) {
  const out = event.output;
  switch (event.type) {
    case 'SET_RANGE_TEXT':
      return act(async () => {
        fireEvent.change(screen.getByRole('textbox', { name: 'Date range' }), { target: { value: event.value } });
      });
    // Fluent's listboxes are slow to open in jsdom; these go to the actor as the dropdowns send them.
    case 'SET_SEARCH':
      return act(async () => {
        fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: event.value } });
      });
    case 'SET_STATUS':
    case 'PAGE_SIZE':
    case 'SET_SEARCH_BY':
    case 'SET_METHODS':
    case 'SET_CLIENT':
      return act(async () => {
        actor.send(event as never);
      });
    case 'SEARCH':
      return press(document.body, 'Search');
    case 'PAGE':
      return press(document.body, 'Next page');
    // Back or Forward onto an entry of this page: the browser shows its address, then says so.
    case 'URL_CHANGED':
      return act(async () => {
        window.history.pushState(null, '', `/${event.query ? `?${event.query}` : ''}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
    case 'APPLY_VIEW':
      // The person's default view opens by itself as a bare page opens: the views child sends it so.
      if ((event as { replace?: boolean }).replace)
        return act(async () => {
          actor.send(event as never);
        });
      return openView(VIEW_NAMED[String(event.query)]);
    case 'REFRESH_STATUS':
    case 'RESEND_CALLBACK':
    case 'FINALIZE_MANUALLY':
    case 'ADD_TO_WITHDRAWABLE':
    case 'GENERATE_INVOICE': {
      const label = {
        REFRESH_STATUS: 'Refresh status',
        RESEND_CALLBACK: 'Resend callback',
        FINALIZE_MANUALLY: 'Finalize',
        ADD_TO_WITHDRAWABLE: 'Add to withdrawable balance',
        GENERATE_INVOICE: 'Invoice',
      }[event.type];
      return press(
        screen.getByRole('group', { name: `Actions for ${event.row!.correlation_id}` }),
        `${label} ${event.row!.correlation_id}`,
      );
    }
    case 'OPEN_EXPORT':
      return press(document.body, 'Export');
    case 'OPEN_CHECK':
      return press(document.body, 'Check Transactions');
    case 'OPEN_PROCESS':
      return press(document.body, 'Process Transactions');
    case 'CONFIRM': {
      const d = await dialogNamed('Are you sure?');
      if (!isProcessQuestion(d)) return press(d, 'Add');
      await press(d, 'Confirm');
      // The apply names the count and amount the person was shown.
      expect(calls.inputs.at(-1)).toMatchObject({
        id: 'processTransactions',
        input: { expected: { count: PREVIEW.count, amount: PREVIEW.amount }, filter: { status: 'FINALIZED' } },
      });
      return;
    }
    case 'CANCEL':
      return press(await dialogNamed('Are you sure?'), 'Cancel');
    case 'CLOSE':
      return press(openDialogs()[0], 'Close');
    case 'PREVIEW_AGAIN':
      return press(await dialogNamed('Failed'), 'Preview again');
    case 'xstate.done.actor.manualFinalize': {
      const d = await dialogNamed('Finalize Transaction');
      expect(d.querySelector<HTMLInputElement>('input[readonly]')).toHaveValue(vaPending.correlation_id);
      if (!out!.finalized && !out!.held && !out!.refusedFirst) return press(d, 'Cancel');
      // The spec's check first: no RRN, no call.
      await press(d, 'Finalize');
      expect(within(d).getByRole('alert')).toHaveTextContent('Please enter RRN');
      expect(calls.isOpen('finalize')).toBe(false);
      const rrn = within(d).getByRole('textbox', { name: /^RRN/, hidden: true });
      // The paid time is offered in the product's own words: YYYY-MM-DD and a 24-hour clock (issue 26).
      expect(within(d).getByLabelText('Paid time date', { selector: 'input' })).toHaveValue('2026-11-21');
      expect(within(d).getByLabelText('Paid time time', { selector: 'input' })).toHaveValue('10:15');
      await act(async () => {
        fireEvent.change(rrn, { target: { value: '123456789012' } });
      });
      await press(d, 'Finalize');
      expect(calls.inputs.at(-1)).toEqual({
        id: 'finalize',
        input: { correlation_id: vaPending.correlation_id, rrn: '123456789012', paid_time: '2026-11-21 10:15:00' },
      });
      if (out!.finalized || out!.held)
        return calls.settle(doneEvent('finalize', { message: out!.message, held: out!.held }));
      // Refused: the modal stays open, says why, and lets the user try again or leave.
      await calls.settle(errorEvent('finalize', new ApiError(409, 'Invalid Status')));
      const still = await dialogNamed('Finalize Transaction');
      await waitFor(() => expect(within(still).getByRole('alert')).toHaveTextContent('Invalid Status'));
      expect(buttonIn(still, 'Finalize')).toBeEnabled();
      expect(readScreen()).toBe('showing|finalizing');
      return press(still, 'Cancel');
    }
    case 'xstate.done.actor.check': {
      const d = await dialogNamed('Check Transactions');
      if (out!.via === 'cancel') return press(d, 'Cancel');
      // The settlement type goes to the child as its dropdown sends it (Fluent's listbox is slow in jsdom).
      await act(async () => {
        actor.getSnapshot().children.check!.send({ type: 'SET_TYPE', value: 'fello_qris' });
      });
      const file = new File(['correlation_id,status,amount\nUNKNOWN-REF-1,SUCCESS,10000\n'], 'report.csv', {
        type: 'text/csv',
      });
      await act(async () => {
        fireEvent.change(d.querySelector('input[type=file]')!, { target: { files: [file] } });
      });
      await press(d, 'Upload');
      await calls.settle(doneEvent('upload', checked));
      const results = await dialogNamed('Check Transactions: Results');
      expect(within(results).getByLabelText('Summary')).toHaveTextContent('1 missing');
      expect(within(results).getByRole('row', { name: /UNKNOWN-REF-1/ })).toHaveTextContent('Missing');
      return press(results, 'Close');
    }
    case 'xstate.done.actor.export': {
      const d = await dialogNamed('Export');
      expect(d).toHaveTextContent('6 payments match the current search.');
      if (out!.message == null) return press(d, 'Cancel');
      if (!out!.failed) {
        await press(d, 'Download .xlsx');
        return calls.settle(doneEvent('download', FILE_DOWNLOADED));
      }
      await press(d, 'Send by e-mail');
      await act(async () => {
        fireEvent.change(d.querySelector('input[type=email]')!, { target: { value: 'ops@example.co.id' } });
      });
      await press(d, 'Send');
      return calls.settle(errorEvent('sendEmail', new ApiError(503, 'queue down')));
    }
    default:
      if (isActorEvent(event)) return calls.settle(event);
      throw new Error(`cannot perform ${event.type}`);
  }
}

let historyAtStart = 0;

describe('paymentsList machine, driven through the Payments List screen', () => {
  // See dialogNamed: inside a dialog tabster may have hidden, queries look at hidden nodes too.
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  let seen: Alert[] = [];
  let stop = () => {};
  beforeEach(() => {
    seen = [];
    stop = alerts.subscribe((a) => seen.push(a));
    // Each path opens on a bare address; history only grows, so entries are counted from here.
    window.history.replaceState(null, '', '/');
    historyAtStart = window.history.length;
  });
  // A failed path leaves its actor running: stopped here, so its urlWatch hears no later path's Back.
  let running: { stop(): void } | null = null;
  afterEach(() => {
    stop();
    running?.stop();
    running = null;
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  const byRole = (role: UserTypeName) =>
    (model.paths as Array<ModelPath & { input: { role: UserTypeName } }>).filter((p) => p.input.role === role);
  // The child machines' own steps are not transitions of this machine: each of their endings is driven
  // straight from the first screen (a refused manual finalize among them).
  const childEndings = byRole('SUPER ADMIN').filter(
    (p) => p.events.length === 3 && /^xstate\.done\.actor\.(manualFinalize|check|export)$/.test(p.events[2].type),
  );
  // A client user's paths take no transition a SUPER ADMIN's did not, but show other rows and buttons.
  const clientPaths = drivenPaths(paymentsListMachine, byRole('CLIENT')).filter(
    (p) => !p.events.at(-1)!.type.startsWith('SET_'),
  );
  // Issue 29: each link, view and refusal from the first screen, and a search then written to the address
  // (one path takes each transition; these differ in what they open).
  const memoryPaths = byRole('SUPER ADMIN').filter(
    (p) =>
      (p.events.length === 2 && /^(URL_CHANGED|APPLY_VIEW)$/.test(p.events[1].type)) ||
      p.events.map((e) => e.type).join() === 'xstate.done.actor.load,SET_STATUS,SEARCH',
  );
  const paths = [
    ...new Set([
      ...drivenPaths(paymentsListMachine, byRole('SUPER ADMIN')),
      ...childEndings,
      ...memoryPaths,
      ...clientPaths,
    ]),
  ];
  // Slow by nature (a full screen per path) and the CI machine is shared: a generous timeout.
  // Endings that differ only in what the server or the child said get it in their names.
  const nameOf = (p: ModelPath) => {
    const last = p.events.at(-1) as (AnyEventObject & { output?: unknown }) | undefined;
    const said =
      last && /\.(manualFinalize|check|export|refreshStatus)$/.test(last.type)
        ? ` ${JSON.stringify(last.output)}`
        : last && /^(URL_CHANGED|APPLY_VIEW)$/.test(last.type)
          ? ` ${JSON.stringify(last)}`
          : '';
    return `${p.description}${said}`;
  };
  it.each(paths.map((p) => [nameOf(p), p]))('%s', { timeout: 30_000 }, async (_, path) => {
    const calls = new PendingCalls();
    const logic = paymentsListMachine.provide({
      actors: {
        load: calls.logic(),
        refreshStatus: calls.logic(),
        resendCallback: calls.logic(),
        addToWithdrawable: calls.logic(),
        previewProcess: calls.logic(),
        processTransactions: calls.logic(),
        loadInvoice: calls.logic(),
        manualFinalize: manualFinalizeMachine.provide({ actors: { finalize: calls.logic() } }),
        approvalPolicy: calls.logic(),
        check: uploadMachine.provide({ actors: { upload: calls.logic() } }),
        export: exportMachine.provide({ actors: { download: calls.logic(), sendEmail: calls.logic() } }),
        // The person's views as the server keeps them; Back and Forward go through the real urlWatch.
        savedViews: savedViewsMachine.provide({
          actors: { load: fromPromise(async () => ({ views: VIEWS, shown: null as string[] | null })) },
        }),
      },
    });
    const actor = createActor(logic, { input: path.input }).start();
    running = actor;
    const model: PageModel<World> = {
      title: '',
      start: () => startWorld(path.input.role),
      initial: () => 'loading|closed',
      expectedAfter,
      nextWorld: (w, event) => nextWorld(w, event),
      readScreen,
      checkScreen: (state, w) => checkScreen(state, w, seen),
      perform: (event) => perform(event, actor, calls),
      label,
    };
    await drivePath(
      model,
      path,
      null,
      () =>
        render(
          <FluentProvider theme={webLightTheme}>
            <PaymentsListScreen actor={actor} clients={[{ id: 1, client_name: 'PT Maju' }]} />
          </FluentProvider>,
        ),
      {
        // The screen is drawn at once: the first state must show without waiting.
        ready: async () => expect(readScreen()).toBe('loading|closed'),
        afterStep: (state, world) => {
          // Every reload asks for the search as applied.
          if (state.startsWith('loading') && calls.isOpen('load')) {
            const [start, end] = world.appliedRange.split(' to ');
            expect(calls.inputs.filter((c) => c.id === 'load').at(-1)!.input).toEqual({
              filter: { status: world.appliedStatus, ...world.applied, start, end },
              page: world.page,
              limit: world.limit,
            });
          }
        },
      },
    );
    actor.stop();
  });
});

/**
 * Issue 29, a link opened: the page reads its address's query once, as it opens. A readable one is the filter
 * bar's and the list's first call; one that cannot be read is said, and the list opens on its defaults.
 */
describe('Payments List opened from a link', () => {
  let stop = () => {};
  let seen: Alert[] = [];
  beforeEach(() => {
    seen = [];
    stop = alerts.subscribe((a) => seen.push(a));
    vi.spyOn(api, 'transactionList').mockResolvedValue({ rows: ROWS, meta: loaded.meta });
    vi.spyOn(api, 'transactionSummary').mockResolvedValue(STATS);
    vi.spyOn(api, 'savedViews').mockResolvedValue([]);
    vi.spyOn(api, 'listColumns').mockResolvedValue(null);
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  const open = async (address: string) => {
    window.history.replaceState(null, '', address);
    const user = makeUser({ type: 'SUPER ADMIN', otp_verified: true });
    renderWithSession(<PaymentsListPage />, user, { modules: [], banks: [], clients: [], roles: [] });
    const t = await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(t).toHaveAttribute('aria-busy', 'false'));
  };
  const bar = () => ({
    status: screen.getByRole('combobox', { name: 'Status' }).textContent,
    range: (screen.getByRole('textbox', { name: 'Date range' }) as HTMLInputElement).value,
  });

  it('shows PENDING and yesterday for status=PENDING&range=yesterday, and asks the list for them', async () => {
    await open('/?status=PENDING&range=yesterday');
    expect(bar()).toEqual({ status: 'PENDING', range: YESTERDAY });
    const asked = { status: 'PENDING', start: '2026-11-20 00:00', end: '2026-11-20 23:59' };
    expect(api.transactionList).toHaveBeenCalledTimes(1);
    expect(api.transactionList).toHaveBeenCalledWith(expect.objectContaining(asked), 1, 15);
    expect(api.transactionSummary).toHaveBeenCalledWith(expect.objectContaining(asked));
    expect(seen).toEqual([]);
    // The page states what it opened with and adds nothing to history until a search.
    expect(window.location.search).toBe('?status=PENDING&range=yesterday');
  });

  it('says why status=NOPE cannot be read, and opens on the defaults (today, FINALIZED)', async () => {
    await open('/?status=NOPE');
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(seen).toEqual([{ title: 'Error!', message: REFUSAL, intent: 'error' }]);
    expect(bar()).toEqual({ status: 'FINALIZED', range: RANGE });
    expect(api.transactionList).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'FINALIZED', start: '2026-11-21 00:00', end: '2026-11-21 23:59' }),
      1,
      15,
    );
  });
});
