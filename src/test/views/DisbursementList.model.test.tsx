import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { disbursementListMachine, defaultDisbursementForm } from '../../machines/disbursementListMachine';
import { EMAIL_FAILED, exportMachine } from '../../machines/exportMachine';
import { savedViewsMachine } from '../../machines/savedViewsMachine';
import { alerts, type Alert } from '../../services/alerts';
import { INVALID_DATE_RANGE, parseDateRange } from '../../services/dateRange';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { APPROVAL_WAITING } from '../../services/approvalRules';
import { ApiError } from '../../services/http';
import type { SavedView } from '../../services/savedViewRules';
import { FILE_DOWNLOADED } from '../../services/successTexts';
import { DisbursementListScreen, type DisbursementListActor } from '../../views/disbursement/DisbursementListScreen';
import {
  disbursementInvoice,
  disbursementMeta,
  disbursementRows,
  disbursementStats,
  finalizedRow,
  pendingRow,
  rejectedRow,
  requestRow,
  voidResult,
} from '../disbursementFixtures';
import { buildModel, doneEvent, errorEvent } from '../machines/modelCoverage';
import { drivePath, type PageModel } from './pageModelHarness';
import { deferredActors } from './deferredActors';

// The clock the page is opened at: 2026-11-21 10:00 in Jakarta (what 'yesterday' and 'last 7 days' mean).
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T03:00:00.000Z') });

const RANGE = '2026-11-14 00:00 to 2026-11-21 10:00';
const form = defaultDisbursementForm({ start: '2026-11-14 00:00', end: '2026-11-21 10:00' });
const input = { user: { type: 'SUPER ADMIN' as const }, form };
const csv = new File(['correlation_id\nDSB-FINAL-3\n'], 'void.csv', { type: 'text/csv' });
const png = new File(['png'], 'scan.png', { type: 'image/png' });
const listPage = { rows: disbursementRows, meta: disbursementMeta };

/**
 * Issue 29, the list's memory: Back or Forward to a link's entry (readable or not, or the bare page), and a
 * saved view (the Views menu's, pushed; or the person's default, replacing the bare entry the page opened on).
 * What each opens is written out by hand, over the list's defaults.
 */
interface Bar {
  rangeText: string;
  status: string;
  search: string;
  searchBy: string;
  methods: string[];
  clientId: number | null;
}
const DEFAULTS: Bar = {
  rangeText: RANGE,
  status: '',
  search: '',
  searchBy: 'correlation_id',
  methods: [],
  clientId: null,
};
const LINK = 'status=PENDING&range=yesterday';
const VIEW_QUERY = 'status=FINALIZED&range=last-7-days&search=DSB-FINAL&limit=100';
const UNREADABLE = 'status=NOPE';
const REFUSAL =
  "This link's filters cannot be read: status must be one of PENDING_REQUEST, PENDING, FINALIZED, REJECTED, FAILED, VOIDED, WAITING";
const OPENS: Record<string, { bar: Bar; limit: number }> = {
  [LINK]: { bar: { ...DEFAULTS, rangeText: '2026-11-20 00:00 to 2026-11-20 23:59', status: 'PENDING' }, limit: 15 },
  [VIEW_QUERY]: {
    bar: { ...DEFAULTS, rangeText: '2026-11-15 00:00 to 2026-11-21 23:59', status: 'FINALIZED', search: 'DSB-FINAL' },
    limit: 100,
  },
  '': { bar: DEFAULTS, limit: 15 },
};
/** The windows that are presets on this clock travel by name. */
const PRESET_OF: Record<string, string> = {
  '2026-11-20 00:00 to 2026-11-20 23:59': 'yesterday',
  '2026-11-15 00:00 to 2026-11-21 23:59': 'last-7-days',
};
const savedView = (id: number, name: string, query: string): SavedView => ({
  id,
  list: 'disbursements',
  name,
  query,
  columns: null,
  is_default: false,
  created_at: '2026-11-20T02:00:00.000Z',
});
const VIEWS = [savedView(1, 'Finalized this week', VIEW_QUERY), savedView(2, 'Old link', UNREADABLE)];
const VIEW_NAMED: Record<string, string> = { [VIEW_QUERY]: 'Finalized this week', [UNREADABLE]: 'Old link' };
const paramsOf = (query: string) => Object.fromEntries(new URLSearchParams(query));

// --- The model: which events a user (or the server) can bring about in each state. -------------

const row = (type: string, r: DisbursementRow) => ({ type, row: r });
function eventsFor(s: AnyMachineSnapshot): AnyEventObject[] {
  const listShowing = s.matches({ list: 'showing' });
  const closed = s.matches({ dialog: 'closed' });
  // Loads settle in order (list, then tiles), and fail only on a plain screen: it keeps the graph small.
  const events: AnyEventObject[] = [
    doneEvent('list', listPage),
    ...(closed ? [errorEvent('list', new ApiError(500, 'Database unavailable'))] : []),
  ];
  if (listShowing)
    events.push(
      doneEvent('summary', disbursementStats),
      ...(closed ? [errorEvent('summary', new ApiError(500, 'down'))] : []),
    );
  const settled = listShowing && s.matches({ summary: 'showing' });
  if (closed && settled && s.context.rows.length && s.context.stats) {
    events.push(
      { type: 'SEARCH' },
      { type: 'SET_RANGE_TEXT', value: 'last week' },
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
        { type: 'SET_SEARCH', value: 'DSB' },
        { type: 'SET_SEARCH_BY', value: 'account_no' },
        { type: 'SET_METHODS', value: ['BIFAST'] },
        { type: 'SET_CLIENT', value: 1 },
        { type: 'SET_STATUS', value: 'PENDING' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', limit: 100 },
        row('FINALIZE', pendingRow),
        row('REJECT', requestRow),
        row('REFRESH_STATUS', pendingRow),
        row('GENERATE_INVOICE', finalizedRow),
        row('ADD_TO_WITHDRAWABLE', rejectedRow),
        { type: 'OPEN_EXPORT' },
        { type: 'OPEN_VOID_UPLOAD' },
      );
    }
  }
  if (!closed && settled) {
    events.push(
      doneEvent('decision', { changed: true, message: 'Disbursement has been finalized' }),
      doneEvent('decision', { changed: false, message: null }),
      doneEvent('refreshStatus', { changed: true, message: 'Status updated to FINALIZED' }),
      doneEvent('refreshStatus', { changed: false, message: 'Status unchanged: PENDING' }),
      errorEvent('refreshStatus', new ApiError(502, 'Provider unavailable')),
      doneEvent('invoice', disbursementInvoice),
      errorEvent('invoice', new ApiError(404, 'Disbursement not found')),
      { type: 'CLOSE' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      doneEvent('addToWithdrawable', 'Added to withdrawable balance'),
      errorEvent('addToWithdrawable', new ApiError(409, 'Already added to withdrawable balance')),
      { type: 'CHOOSE_FILE', file: csv },
      { type: 'CHOOSE_FILE', file: png },
      { type: 'UPLOAD' },
      // The dry run first: one would be voided (its id named twice), or none; or the file is refused.
      doneEvent('voidPreview', voidResult(1, true, true)),
      doneEvent('voidPreview', voidResult(0, true)),
      errorEvent('voidPreview', new ApiError(422, 'The file has no correlation_id column')),
      doneEvent('voidUpload', { message: '1 disbursement voided', result: voidResult(1, false, true) }),
      doneEvent('voidUpload', { message: 'Nothing voided', result: voidResult(0) }),
      // Held for a second SUPER ADMIN (issue 25): no row voided yet.
      doneEvent('voidUpload', { message: APPROVAL_WAITING, result: null }),
      errorEvent('voidUpload', new ApiError(429, 'Too many uploads in progress, try again shortly')),
      { type: 'UPLOAD_ANOTHER' },
      doneEvent('export', { message: FILE_DOWNLOADED, failed: false }),
      doneEvent('export', { message: EMAIL_FAILED, failed: true }),
      doneEvent('export', { message: null, failed: false }),
    );
  }
  return events;
}

const model = buildModel(disbursementListMachine, {
  inputs: [input],
  events: eventsFor,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      parseDateRange(s.context.form.rangeText) != null,
      s.context.rows.length > 0,
      s.context.stats != null,
      s.context.rangeError != null,
      s.context.voidFile?.name ?? null,
      s.context.voidErrors.length > 0,
    ]),
});

// --- Driving the screen: each event as the user does it, or as the server answers. -------------

const fake = () =>
  deferredActors([
    'loadList',
    'loadSummary',
    'decide',
    'refreshStatus',
    'loadInvoice',
    'addToWithdrawable',
    'voidPreview',
    'voidUpload',
    'download',
    'sendEmail',
  ] as const);
type Fake = ReturnType<typeof fake>;
const ACTOR_OF: Record<string, Parameters<Fake['last']>[0]> = {
  list: 'loadList',
  summary: 'loadSummary',
  refreshStatus: 'refreshStatus',
  invoice: 'loadInvoice',
  addToWithdrawable: 'addToWithdrawable',
  voidPreview: 'voidPreview',
  voidUpload: 'voidUpload',
};

// Fluent mounts dialogs in portals a frame later, so they are waited for. In jsdom, tabster's
// modalizer marks an open dialog aria-hidden once focus leaves it on a re-render (Chromium does not:
// the Playwright spec finds them by role and name), which blanks accessible names inside it; so
// here dialogs are found by their title and their buttons by their text.
const dialogNamed = (title: string) =>
  waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('[role=dialog],[role=alertdialog]')].find(
        (d) => d.querySelector('h2')?.textContent === title,
      );
      if (!found) throw new Error(`no dialog titled ${title}`);
      return found;
    },
    { timeout: 3000 },
  );
const alertDialog = () =>
  waitFor(
    () => {
      const found = document.querySelector<HTMLElement>('[role=alertdialog]');
      if (!found) throw new Error('no alertdialog');
      return found;
    },
    { timeout: 3000 },
  );
const buttonIn = (scope: HTMLElement, label: string | RegExp) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => {
    const text = b.getAttribute('aria-label') ?? b.textContent ?? '';
    return typeof label === 'string' ? text === label : label.test(text);
  });
  if (!found) throw new Error(`no button ${String(label)}`);
  return found;
};
/** The void upload's preview, when it is the open dialog. */
const voidPreviewOpen = () =>
  [...document.querySelectorAll<HTMLElement>('[role=dialog]')].find(
    (d) => d.querySelector('h2')?.textContent === 'Upload Void Transaction: Preview',
  );
/** The summary's 'N named twice' badge: there when the file repeats an id, and only then. */
const namedTwiceBadge = (dialog: HTMLElement, duplicates: number) =>
  duplicates
    ? expect(dialog).toHaveTextContent(`${duplicates} named twice`)
    : expect(dialog).not.toHaveTextContent('named twice');
const click = (scope: HTMLElement, name: string | RegExp) =>
  fireEvent.click(scope === document.body ? within(scope).getByRole('button', { name }) : buttonIn(scope, name));

/** Opens a saved view from the Views menu, then closes the menu (it is a dialog of its own while open). */
async function openView(name: string) {
  await step(() => click(document.body, 'Views'));
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
  await step(() => fireEvent.click(open));
  // Closed by the time the step's act() ends: the screen then shows no dialog (expectScreenOf).
  await step(() => fireEvent.keyDown(menu, { key: 'Escape' }));
}

/** Each step in its own act(): a menu or dialog opened by one click renders before the next looks for it. */
const step = (fn: () => unknown) =>
  act(async () => {
    fn();
  });

async function drive(event: AnyEventObject, actor: DisbursementListActor, f: Fake) {
  const actorId = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  switch (event.type) {
    case 'SET_SEARCH':
      return fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: event.value } });
    case 'SET_RANGE_TEXT':
      // Typing the text already there fires no change: the field would send nothing, so the actor gets it.
      if ((screen.getByRole('textbox', { name: 'Date range' }) as HTMLInputElement).value === event.value)
        return actor.send(event as never);
      return fireEvent.change(screen.getByRole('textbox', { name: 'Date range' }), { target: { value: event.value } });
    case 'SEARCH':
      return click(document.body, 'Search');
    case 'PAGE':
      return click(document.body, 'Next page');
    // Back or Forward onto an entry of this page: the browser shows its address, then says so.
    case 'URL_CHANGED':
      window.history.pushState(null, '', `/${event.query ? `?${event.query}` : ''}`);
      return window.dispatchEvent(new PopStateEvent('popstate'));
    case 'APPLY_VIEW':
      // The person's default view opens by itself as a bare page opens: the views child sends it so.
      if (event.replace) return actor.send(event as never);
      return openView(VIEW_NAMED[event.query]);
    // Fluent's listboxes are slow to open in jsdom; these go to the actor as the dropdowns send them.
    case 'SET_SEARCH_BY':
    case 'SET_METHODS':
    case 'SET_CLIENT':
    case 'SET_STATUS':
    case 'PAGE_SIZE':
      return actor.send(event as never);
    case 'FINALIZE':
    case 'REJECT':
    case 'REFRESH_STATUS':
    case 'GENERATE_INVOICE':
    case 'ADD_TO_WITHDRAWABLE': {
      const actions = screen.getByRole('group', { name: `Actions for ${event.row.correlation_id}` });
      const label = {
        FINALIZE: 'Finalize',
        REJECT: 'Reject',
        REFRESH_STATUS: 'Auto-update status',
        GENERATE_INVOICE: 'Generate invoice',
        ADD_TO_WITHDRAWABLE: 'Add to withdrawable balance',
      }[event.type as string]!;
      // Each button is named for its row too (issue 26).
      return click(actions, `${label} ${event.row.correlation_id}`);
    }
    case 'OPEN_EXPORT':
      return click(document.body, 'Export');
    case 'OPEN_VOID_UPLOAD':
      return click(document.body, 'Upload Void Transaction');
    case 'CONFIRM':
      return voidPreviewOpen() ? click(voidPreviewOpen()!, 'Confirm') : click(await alertDialog(), 'Add');
    case 'CANCEL':
      return voidPreviewOpen() ? click(voidPreviewOpen()!, 'Cancel') : click(await alertDialog(), 'Cancel');
    case 'CLOSE': {
      const open = await waitFor(() => document.querySelector<HTMLElement>('[role=dialog]')!);
      return click(
        open,
        [...open.querySelectorAll('button')].some((b) => b.textContent === 'Close') ? 'Close' : 'Cancel',
      );
    }
    case 'CHOOSE_FILE':
      return fireEvent.change(screen.getByLabelText('Choose void file'), { target: { files: [event.file] } });
    case 'UPLOAD':
      return click(await dialogNamed('Upload Void Transaction'), 'Upload');
    case 'UPLOAD_ANOTHER':
      return click(
        await dialogNamed(voidPreviewOpen() ? 'Upload Void Transaction: Preview' : 'Upload Void Transaction: Results'),
        'Upload another file',
      );
    case 'xstate.done.actor.decision': {
      // The child's own dialog: confirm and let the server agree, or cancel.
      const d = await alertDialog();
      const verb = [...d.querySelectorAll('button')].some((b) => b.textContent === 'Finalize') ? 'Finalize' : 'Reject';
      if (!event.output.changed) return click(d, 'Cancel');
      await step(() => click(d, verb));
      return f.last('decide').resolve(event.output.message);
    }
    case 'xstate.done.actor.export': {
      const d = await dialogNamed('Export');
      if (event.output.message == null) return click(d, 'Cancel');
      if (!event.output.failed) {
        await step(() => click(d, 'Download .xlsx'));
        return f.last('download').resolve(FILE_DOWNLOADED);
      }
      await step(() => click(d, 'Send by e-mail'));
      await step(() =>
        fireEvent.change(d.querySelector('input[type=email]')!, { target: { value: 'ops@example.co.id' } }),
      );
      await step(() => click(d, 'Send'));
      return f.last('sendEmail').reject(new ApiError(503, 'queue down'));
    }
    default:
      if (event.type.startsWith('xstate.done.actor.')) return f.last(ACTOR_OF[actorId]).resolve(event.output);
      if (event.type.startsWith('xstate.error.actor.')) return f.last(ACTOR_OF[actorId]).reject(event.error);
      throw new Error(`cannot drive ${event.type}`);
  }
}

// --- What the screen must show after each event: written from the spec, not read off the machine. --

interface Seen {
  alerts: Alert[];
  lists: number;
  summaries: number;
  voids: number;
}
const table = () => screen.getByRole('table', { name: 'Disbursements' });
const tile = (name: string) => screen.getByRole('group', { name }).textContent!.replace(name, '');
const noDialog = () =>
  waitFor(() =>
    expect(
      screen.queryByRole('dialog', { hidden: true }) ?? screen.queryByRole('alertdialog', { hidden: true }),
    ).toBeNull(),
  );

async function expectScreenAfter(
  event: AnyEventObject,
  before: Seen,
  now: Seen,
  knowledge: { rangeValid: boolean; file: File | null; previewed: boolean },
  f: Fake,
) {
  const newAlerts = now.alerts.slice(before.alerts.length);
  const reloaded = () => {
    expect(now.lists).toBe(before.lists + 1);
    expect(now.summaries).toBe(before.summaries + 1);
    expect(table()).toHaveAttribute('aria-busy', 'true');
  };
  const unchanged = () => {
    expect(now.lists).toBe(before.lists);
    expect(now.summaries).toBe(before.summaries);
  };
  const announced = (alert: Alert) => expect(newAlerts).toEqual([alert]);
  switch (event.type) {
    case 'xstate.done.actor.list':
      expect(table()).toHaveAttribute('aria-busy', 'false');
      expect(within(table()).getAllByRole('row')).toHaveLength(disbursementRows.length + 1);
      expect(within(table()).getByText('DSB-PENDING-1')).toBeInTheDocument();
      return;
    case 'xstate.error.actor.list':
      expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
      expect(screen.getByText('No disbursements match these filters.')).toBeInTheDocument();
      return;
    case 'xstate.done.actor.summary':
      expect(tile('Total Transactions')).toBe('20');
      expect(tile('Total Amount')).toBe('Rp. 25,000,000');
      return;
    case 'xstate.error.actor.summary':
      expect(tile('Total Transactions')).toBe('-');
      expect(newAlerts).toEqual([]);
      return;
    case 'SET_SEARCH':
      expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('DSB');
      unchanged();
      return;
    case 'SET_RANGE_TEXT':
      expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue(event.value);
      await waitFor(() => expect(screen.queryByText(INVALID_DATE_RANGE)).toBeNull());
      unchanged();
      return;
    case 'SET_SEARCH_BY':
    case 'SET_METHODS':
    case 'SET_CLIENT':
      unchanged();
      return;
    case 'SET_STATUS':
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('PENDING');
      unchanged();
      return;
    case 'SEARCH':
      if (!knowledge.rangeValid) {
        expect(screen.getByText(INVALID_DATE_RANGE)).toBeInTheDocument();
        unchanged();
        return;
      }
      reloaded();
      return;
    // A readable query opens and both regions read again; one that cannot be read is refused and changes nothing.
    case 'URL_CHANGED':
    case 'APPLY_VIEW':
      if (event.query === UNREADABLE) {
        announced({ title: 'Error!', message: REFUSAL, intent: 'error' });
        unchanged();
        return;
      }
      expect(newAlerts).toEqual([]);
      reloaded();
      return;
    case 'PAGE':
    case 'PAGE_SIZE':
      expect(now.lists).toBe(before.lists + 1);
      expect(now.summaries).toBe(before.summaries);
      expect(table()).toHaveAttribute('aria-busy', 'true');
      return;
    case 'FINALIZE':
    case 'REJECT':
      expect(within(await alertDialog()).getByRole('heading')).toHaveTextContent('Are you sure?');
      expect(buttonIn(await alertDialog(), event.type === 'FINALIZE' ? 'Finalize' : 'Reject')).toBeEnabled();
      return;
    case 'xstate.done.actor.decision':
      await noDialog();
      if (event.output.changed) {
        announced({ title: 'Success', message: event.output.message, intent: 'success' });
        reloaded();
      } else {
        expect(newAlerts).toEqual([]);
        unchanged();
      }
      return;
    case 'REFRESH_STATUS':
      expect(await dialogNamed('Auto-update status')).toHaveTextContent('Asking the provider');
      return;
    case 'xstate.done.actor.refreshStatus':
      await noDialog();
      if (event.output.changed) {
        announced({ title: 'Success', message: event.output.message, intent: 'success' });
        reloaded();
      } else {
        announced({ title: 'No change', message: event.output.message, intent: 'info' });
        unchanged();
      }
      return;
    case 'xstate.error.actor.refreshStatus':
      await noDialog();
      announced({ title: 'Failed', message: 'Provider unavailable', intent: 'error' });
      unchanged();
      return;
    case 'GENERATE_INVOICE':
      expect(await dialogNamed('Invoice')).toHaveTextContent('Generating invoice…');
      return;
    case 'xstate.done.actor.invoice':
      expect(await dialogNamed('Invoice')).toHaveTextContent(finalizedRow.correlation_id);
      expect(buttonIn(await dialogNamed('Invoice'), 'Print')).toBeEnabled();
      announced({ title: 'Success', message: 'Invoice Have Been Generated', intent: 'success' });
      return;
    case 'xstate.error.actor.invoice':
      expect(within(await dialogNamed('Invoice')).getByRole('alert')).toHaveTextContent('Disbursement not found');
      return;
    case 'CLOSE':
      await noDialog();
      unchanged();
      return;
    case 'ADD_TO_WITHDRAWABLE':
      expect(await alertDialog()).toHaveTextContent(`Add the released Rp. 305,000 of ${rejectedRow.correlation_id}`);
      expect(await alertDialog()).toHaveTextContent('This cannot be undone.');
      return;
    case 'CONFIRM':
      if (knowledge.previewed) {
        // Only now does the file go up to void: the same file, without dry_run, naming the total the preview showed.
        const d = await dialogNamed('Upload Void Transaction: Preview');
        expect(d).toHaveTextContent('Voiding…');
        expect(buttonIn(d, 'Confirm')).toBeDisabled();
        expect(f.last('voidUpload').input).toEqual({ file: csv, expected: voidResult(1, true, true).total });
        return;
      }
      expect(await alertDialog()).toHaveTextContent('Adding…');
      expect(buttonIn(await alertDialog(), 'Add')).toBeDisabled();
      return;
    case 'CANCEL':
      await noDialog();
      unchanged();
      expect(newAlerts).toEqual([]);
      return;
    case 'xstate.done.actor.addToWithdrawable':
      await noDialog();
      announced({ title: 'Success', message: event.output, intent: 'success' });
      reloaded();
      return;
    case 'xstate.error.actor.addToWithdrawable':
      await noDialog();
      announced({ title: 'Failed', message: 'Already added to withdrawable balance', intent: 'error' });
      reloaded();
      return;
    case 'OPEN_VOID_UPLOAD':
      expect(await dialogNamed('Upload Void Transaction')).toBeInTheDocument();
      expect(screen.queryByLabelText('Chosen file')).toBeNull();
      return;
    case 'CHOOSE_FILE':
      expect(screen.getByLabelText('Chosen file')).toHaveTextContent(event.file.name);
      return;
    case 'UPLOAD':
      if (knowledge.file?.name.endsWith('.csv')) {
        // Nothing moves on the first click: the file goes up as a dry run.
        expect(await dialogNamed('Upload Void Transaction')).toHaveTextContent('Checking the file…');
        expect(f.last('voidPreview').input).toEqual({ file: csv });
        expect(f.count('voidUpload')).toBe(before.voids);
        return;
      }
      expect(within(await dialogNamed('Upload Void Transaction')).getByRole('alert')).toHaveTextContent(
        knowledge.file
          ? 'scan.png: only CSV or Excel files are accepted'
          : 'Choose a CSV or Excel file of correlation_ids',
      );
      return;
    case 'xstate.done.actor.voidUpload': {
      if (event.output.result == null) {
        await noDialog();
        announced({ title: 'Waiting', message: APPROVAL_WAITING, intent: 'info' });
        unchanged();
        return;
      }
      const results = (await dialogNamed('Upload Void Transaction: Results')).querySelector<HTMLElement>(
        'table[aria-label="Void results"]',
      )!;
      expect(
        within(results)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[2].textContent),
      ).toEqual(
        event.output.result.results.map(
          (r: { outcome: string }) =>
            ({ voided: 'Voided', not_found: 'Not found', not_finalized: 'Not FINALIZED', duplicate: 'Named twice' })[
              r.outcome
            ],
        ),
      );
      namedTwiceBadge(await dialogNamed('Upload Void Transaction: Results'), event.output.result.summary.duplicate);
      if (event.output.result.summary.voided) {
        expect(await dialogNamed('Upload Void Transaction: Results')).toHaveTextContent(
          'Voided 1 disbursement: Rp. 1,255,000 (satu juta dua ratus lima puluh lima ribu rupiah) back',
        );
        announced({ title: 'Success', message: event.output.message, intent: 'success' });
        reloaded();
      } else {
        announced({ title: 'No change', message: event.output.message, intent: 'info' });
        unchanged();
      }
      return;
    }
    case 'xstate.done.actor.voidPreview': {
      const d = await dialogNamed('Upload Void Transaction: Preview');
      const preview = d.querySelector<HTMLElement>('table[aria-label="Void preview"]')!;
      expect(
        within(preview)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[2].textContent),
      ).toEqual(
        event.output.results.map(
          (r: { outcome: string }) =>
            ({
              would_void: 'Will be voided',
              not_found: 'Not found',
              not_finalized: 'Not FINALIZED',
              duplicate: 'Named twice',
            })[r.outcome],
        ),
      );
      namedTwiceBadge(d, event.output.summary.duplicate);
      if (event.output.total.count) {
        expect(d).toHaveTextContent(
          'Void 1 disbursement returning Rp. 1,255,000 (satu juta dua ratus lima puluh lima ribu rupiah)?',
        );
        expect(buttonIn(d, 'Confirm')).toBeEnabled();
      } else {
        expect(d).toHaveTextContent('Nothing in this file would be voided');
        expect(() => buttonIn(d, 'Confirm')).toThrow();
      }
      // A preview changes nothing: no alert, no reload.
      expect(newAlerts).toEqual([]);
      unchanged();
      return;
    }
    case 'xstate.error.actor.voidPreview':
      expect(within(await dialogNamed('Upload Void Transaction')).getByRole('alert')).toHaveTextContent(
        'The file has no correlation_id column',
      );
      unchanged();
      return;
    case 'xstate.error.actor.voidUpload':
      expect(within(await dialogNamed('Upload Void Transaction')).getByRole('alert')).toHaveTextContent(
        'Too many uploads in progress, try again shortly',
      );
      expect(screen.getByLabelText('Chosen file')).toHaveTextContent(csv.name);
      return;
    case 'UPLOAD_ANOTHER':
      expect(await dialogNamed('Upload Void Transaction')).toBeInTheDocument();
      expect(screen.queryByLabelText('Chosen file')).toBeNull();
      return;
    case 'OPEN_EXPORT':
      expect(await dialogNamed('Export')).toHaveTextContent('20 disbursements match the current search.');
      return;
    case 'xstate.done.actor.export':
      await noDialog();
      if (event.output.message == null) expect(newAlerts).toEqual([]);
      else
        announced({
          title: event.output.failed ? 'Failed' : 'Success',
          message: event.output.message,
          intent: event.output.failed ? 'error' : 'success',
        });
      return;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

/** What the person knows of the bar, the address and history (issue 29), from what they and the browser did. */
interface Memory {
  typed: Bar;
  applied: Bar;
  page: number;
  limit: number;
  address: Record<string, string>;
  pushes: number;
}
const MEMORY_START: Memory = { typed: DEFAULTS, applied: DEFAULTS, page: 1, limit: 15, address: {}, pushes: 0 };
const filterOf = (bar: Bar) => {
  const [start, end] = bar.rangeText.split(' to ');
  return {
    start,
    end,
    status: bar.status,
    search_by: bar.searchBy,
    search: bar.search,
    payment_method: bar.methods,
    client_id: bar.clientId,
  };
};

/**
 * The address after the list wrote what it shows, by hand: a preset window by its name, the filters as applied
 * (empty ones left out, All Status kept as 'status='), the page past the first, the size; a new entry unless
 * the address showed it already.
 */
function shows(m: Memory, push: boolean): Memory {
  const a = m.applied;
  const [start, end] = a.rangeText.split(' to ');
  const address: Record<string, string> = {
    ...(PRESET_OF[a.rangeText] ? { range: PRESET_OF[a.rangeText] } : { start, end }),
    status: a.status,
    search_by: a.searchBy,
    ...(a.search ? { search: a.search } : {}),
    ...(a.methods.length ? { payment_method: a.methods.join(',') } : {}),
    ...(a.clientId != null ? { client_id: String(a.clientId) } : {}),
    ...(m.page !== 1 ? { page: String(m.page) } : {}),
    limit: String(m.limit),
  };
  const same = JSON.stringify(Object.entries(address).sort()) === JSON.stringify(Object.entries(m.address).sort());
  return { ...m, address, pushes: m.pushes + (push && !same ? 1 : 0) };
}

const FIELD: Record<string, keyof Bar> = {
  SET_RANGE_TEXT: 'rangeText',
  SET_STATUS: 'status',
  SET_SEARCH: 'search',
  SET_SEARCH_BY: 'searchBy',
  SET_METHODS: 'methods',
  SET_CLIENT: 'clientId',
};

function remember(m: Memory, event: AnyEventObject, rangeValid: boolean): Memory {
  if (FIELD[event.type]) return { ...m, typed: { ...m.typed, [FIELD[event.type]]: event.value } };
  const opened = (query: string): Memory => ({
    ...m,
    typed: OPENS[query].bar,
    applied: OPENS[query].bar,
    page: 1,
    limit: OPENS[query].limit,
  });
  switch (event.type) {
    // Filters apply on Search (a readable range), and the address then shows them.
    case 'SEARCH':
      return rangeValid ? shows({ ...m, applied: m.typed, page: 1 }, true) : m;
    case 'PAGE':
      return shows({ ...m, page: 2 }, true);
    case 'PAGE_SIZE':
      return shows({ ...m, page: 1, limit: 100 }, true);
    case 'URL_CHANGED': {
      const moved = { ...m, address: paramsOf(event.query), pushes: m.pushes + 1 };
      return event.query === UNREADABLE
        ? moved
        : { ...opened(event.query), address: moved.address, pushes: moved.pushes };
    }
    case 'APPLY_VIEW':
      return event.query === UNREADABLE ? m : shows(opened(event.query), !event.replace);
    default:
      return m;
  }
}

let historyAtStart = 0;

/** The bar shows what was typed or opened; the address and history what the list showed; each read asks for it. */
function expectMemory(m: Memory, before: Seen, now: Seen, f: Fake) {
  expect(paramsOf(window.location.search), 'the address').toEqual(m.address);
  expect(window.history.length - historyAtStart, 'entries added to history').toBe(m.pushes);
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent(m.typed.status || 'All Status');
  expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue(m.typed.rangeText);
  expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue(m.typed.search);
  if (now.lists > before.lists)
    expect(f.last('loadList').input).toEqual({ filter: filterOf(m.applied), page: m.page, limit: m.limit });
  if (now.summaries > before.summaries) expect(f.last('loadSummary').input).toEqual({ filter: filterOf(m.applied) });
}

/** What any state shows, whatever led to it: the views render the snapshot faithfully. */
async function expectScreenOf(s: AnyMachineSnapshot) {
  expect(table()).toHaveAttribute('aria-busy', String(s.matches({ list: 'loading' })));
  if (s.matches({ dialog: 'closed' })) await noDialog();
  expect(screen.queryByRole('button', { name: 'Upload Void Transaction' }) != null).toBe(
    s.matches({ dialog: 'closed' }),
  );
}

describe('disbursementList machine, driven through the Disbursement List screen', () => {
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

  // Slow by nature (a full screen per path) and the CI machine is shared: a generous timeout.
  // Links and views differ in what they open: their names say which.
  const nameOf = (p: (typeof model.paths)[number]) => {
    const last = p.events.at(-1);
    const said = last && /^(URL_CHANGED|APPLY_VIEW)$/.test(last.type) ? ` ${JSON.stringify(last)}` : '';
    return `${p.description.replace(/^.*?: /, '')}${said}`;
  };
  it.each(model.paths.map((p) => [nameOf(p), p]))('%s', { timeout: 30_000 }, async (_, path) => {
    const f = fake();
    const logic = disbursementListMachine.provide({
      actors: {
        loadList: f.actors.loadList,
        loadSummary: f.actors.loadSummary,
        refreshStatus: f.actors.refreshStatus,
        loadInvoice: f.actors.loadInvoice,
        addToWithdrawable: f.actors.addToWithdrawable,
        voidPreview: f.actors.voidPreview,
        voidUpload: f.actors.voidUpload,
        decision: disbursementDecisionMachine.provide({ actors: { decide: f.actors.decide } }),
        export: exportMachine.provide({ actors: { download: f.actors.download, sendEmail: f.actors.sendEmail } }),
        // The person's views as the server keeps them; Back and Forward go through the real urlWatch.
        savedViews: savedViewsMachine.provide({
          actors: { load: fromPromise(async () => ({ views: VIEWS, shown: null as string[] | null })) },
        }),
      },
    });
    const actor = createActor(logic, { input }).start();
    running = actor;
    const knowledge = { rangeValid: true, file: null as File | null, previewed: false };
    let memory = MEMORY_START;
    const seenNow = (): Seen => ({
      alerts: seen,
      lists: f.count('loadList'),
      summaries: f.count('loadSummary'),
      voids: f.count('voidUpload'),
    });
    let before = seenNow();
    // What the screen must show follows from the last event and the counts around it: no state names.
    const listModel: PageModel<{ last: AnyEventObject | null }> = {
      title: '',
      start: () => ({ last: null }),
      initial: () => 'list',
      expectedAfter: () => 'list',
      nextWorld: (_, event) => {
        memory = remember(memory, event, knowledge.rangeValid);
        if (event.type === 'SET_RANGE_TEXT') knowledge.rangeValid = event.value === RANGE;
        // A readable query opens a readable range.
        if (/^(URL_CHANGED|APPLY_VIEW)$/.test(event.type) && event.query !== UNREADABLE) knowledge.rangeValid = true;
        if (event.type === 'CHOOSE_FILE') knowledge.file = event.file;
        if (event.type === 'UPLOAD_ANOTHER' || event.type === 'OPEN_VOID_UPLOAD') knowledge.file = null;
        return { last: event };
      },
      checkScreen: async (_, { last }) => {
        if (!last) {
          expect(f.calls.loadList[0].input).toEqual({
            filter: expect.objectContaining({ status: '', search_by: 'correlation_id', start: '2026-11-14 00:00' }),
            page: 1,
            limit: 15,
          });
          return;
        }
        const now = seenNow();
        await expectScreenAfter(last, before, now, knowledge, f);
        expectMemory(memory, before, now, f);
        // Whether the void preview asking to confirm is what the user now sees (a CONFIRM then voids).
        knowledge.previewed = last.type === 'xstate.done.actor.voidPreview' && last.output.total.count > 0;
        await expectScreenOf(actor.getSnapshot());
      },
      perform: async (event) => {
        before = { ...seenNow(), alerts: [...seen] };
        await act(async () => {
          await drive(event, actor, f);
        });
      },
      label: String,
    };
    await drivePath(
      listModel,
      { events: path.events },
      null,
      () =>
        render(
          <FluentProvider theme={webLightTheme}>
            <DisbursementListScreen actor={actor} clients={[{ id: 1, client_name: 'PT Maju' }]} />
          </FluentProvider>,
        ),
      { ready: async () => {} },
    );
    actor.stop();
  });
});
