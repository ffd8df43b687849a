import { moduleIds } from '../../services/pages';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import {
  approvalChangesFrom,
  approvalDecisionMachine,
  type ApprovalDecisionOutput,
} from '../../machines/approvalDecision';
import { approvalsPageMachine, type ApprovalsPageContext } from '../../machines/approvalsPageMachine';
import {
  APPROVAL_INVALID_STATUS,
  DEFAULT_APPROVAL_POLICY,
  type ApprovalDecision,
  type ApprovalPolicyEntry,
  type ApprovalRow,
} from '../../services/approvalRules';
import { ApiError } from '../../services/http';
import { APPROVAL_POLICY_SAVED, approvalDecidedMessage } from '../../services/successTexts';
import { ApprovalsPage } from '../../views/approvals/ApprovalsPage';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import {
  CLIENTS,
  FakeSocket,
  PendingCalls,
  click,
  drivePath,
  drivenPaths,
  region,
  renderPage,
  type PageModel,
} from './pageModelHarness';
import { PENDING_ADJUSTMENT } from '../fixtures';
import type { Paged } from '../../services/paging';

/**
 * Approvals (issue 25, dual control), driven through the page: every transition of the
 * approvalsPage machine is taken by a generated path, played as a SUPER ADMIN and the server would
 * play it (clicks and typing on the rendered page and its dialog, the server's answers by settling
 * the page's pending calls, the 'approval-changed' socket through a fake). After every step the
 * screen must show what the table below, written by hand from the issue, says: the requests with
 * Approve / Decline on another admin's request and Cancel on one's own, 'Are you sure?' with the
 * amount in figures and words, a reason to decline, the server's refusal, and the Policy tab. The
 * question is the approvalDecision machine the page invokes: its end (decided, refused, cancelled)
 * is played through its dialog here, and its own states are driven in ApprovalDecision.model.test.
 */

const TITLE = 'Approvals';
/** The signed-in SUPER ADMIN of renderPage (makeUser's e-mail). */
const ME = 'adi@demo.local';
// A checker holds the module of each action they judge (issue 42): this SUPER ADMIN's role holds every module.
const MODULES = [...moduleIds];

const OTHERS: ApprovalRow = PENDING_ADJUSTMENT;
const MINE: ApprovalRow = {
  ...OTHERS,
  id: 8,
  action: 'withdrawal',
  maker_id: 1,
  maker_name: 'Adi',
  maker_email: ME,
  client_id: 2,
  client_name: 'CV Jaya',
  amount: 600_000_000,
  before: 700_000_000,
  after: 100_000_000,
  summary: 'Withdraw Rp. 600,000,000 of CV Jaya to BCA 1234567890',
  created_at: '2026-11-21T02:05:00.000Z',
};
const DECLINED: ApprovalRow = {
  ...OTHERS,
  id: 5,
  status: 'DECLINED',
  checker_id: 1,
  checker_name: 'Adi',
  reason: 'Wrong client',
  decided_at: '2026-11-20T03:00:00.000Z',
  created_at: '2026-11-20T01:00:00.000Z',
};

const answer = (status: string, page: number, limit: number): Paged<ApprovalRow> => ({
  rows: status === '' ? [OTHERS, MINE, DECLINED] : [OTHERS, MINE],
  meta: { current_page: page, last_page: 2, total: 20, per_page: limit },
});

/** The rows as the table shows them, cell by cell, and the buttons each offers. */
const ROW_TEXT: Record<number, string[]> = {
  7: [
    '2026-11-21 10:00by Budi',
    'Master balance adjustmentPT Maju',
    'Rp. 150,000,000seratus lima puluh juta rupiah',
    'Rp. 10,000,000 → Rp. 160,000,000',
    'Pending approval',
  ],
  8: [
    '2026-11-21 09:05by Adi',
    'Withdrawal or transfer to disburseCV Jaya',
    'Rp. 600,000,000enam ratus juta rupiah',
    'Rp. 700,000,000 → Rp. 100,000,000',
    'Pending approval',
  ],
  5: [
    '2026-11-20 08:00by Budi',
    'Master balance adjustmentPT Maju',
    'Rp. 150,000,000seratus lima puluh juta rupiah',
    'Rp. 10,000,000 → Rp. 160,000,000',
    'DeclinedAdi — Wrong client',
  ],
};
/**
 * The lifecycle's answer, by hand: another admin's pending request is approved or declined by me, mine only cancelled,
 * a decided one nothing.
 */
const ROW_BUTTONS: Record<number, string[]> = { 7: ['Approve', 'Decline'], 8: ['Cancel request'], 5: [] };

const DOWN = new ApiError(500, 'The approvals server is down');
const POLICY_DOWN = new ApiError(500, 'The policy server is down');
const POLICY_REFUSED = new ApiError(400, 'threshold must be at most Rp. 1,000,000,000,000,000');
const REASON = 'The amount does not match the deposit slip';
const REASON_REQUIRED = 'A reason is required to decline';
const VALID_THRESHOLD = '1.250.000';
const CENTS_THRESHOLD = '1,5';

type Verb = ApprovalDecision;
const VERB_TEXT: Record<Verb, string> = { APPROVE: 'Approve', DECLINE: 'Decline', CANCEL: 'Cancel' };
/** The question's button that leaves the request as it is: 'Cancel' would read as the maker's Cancel itself. */
const KEEP_TEXT: Record<Verb, string> = { APPROVE: 'Cancel', DECLINE: 'Cancel', CANCEL: 'Keep it' };

/** How the approvalDecision machine may end: the server took it, refused it in its words, or it was cancelled. */
const ENDINGS = (decision: Verb): ApprovalDecisionOutput[] => [
  { ended: 'decided', message: approvalDecidedMessage(decision) },
  { ended: 'failed', message: APPROVAL_INVALID_STATUS },
  { ended: 'cancelled', message: null },
];

// --- The model: what a person (or the server) can do in each state -------------------------------------

const rowsFor = (c: ApprovalsPageContext) => c.rows;
const BULK = 'manual-finalize';

function events(s: AnyMachineSnapshot): AnyEventObject[] {
  const c = s.context as ApprovalsPageContext;
  const list: AnyEventObject[] = [];
  const onPolicy = s.matches({ tab: 'policy' });
  const dialogOpen = !s.matches({ decision: 'idle' });
  const defaults = c.status === 'PENDING_APPROVAL' && c.page === 1 && c.limit === 15;
  if (dialogOpen) {
    // Only the dialog is reachable (it is modal); the list reads again behind it.
    if (s.matches({ decision: 'failed' })) list.push({ type: 'CLOSE' });
    else list.push(...ENDINGS(c.decision!).map((output) => doneEvent('decideApproval', output)));
    if (s.matches({ list: 'loading' }))
      list.push(doneEvent('loadApprovals', answer(c.status, c.page, c.limit)), errorEvent('loadApprovals', DOWN));
    return list;
  }
  if (!onPolicy) {
    // The policy tab's own paths start from a list at its defaults; the list's own paths with the policy untouched.
    if (s.matches({ policy: 'unloaded' })) {
      list.push(
        { type: 'SET_STATUS', status: c.status === '' ? 'PENDING_APPROVAL' : '' },
        { type: 'PAGE_SIZE', limit: c.limit === 15 ? 30 : 15 },
        { type: 'RETRY' },
        { type: 'REFRESH' },
      );
      if (c.page < 2) list.push({ type: 'PAGE', page: c.page + 1 });
      list.push(doneEvent('loadApprovals', answer(c.status, c.page, c.limit)), errorEvent('loadApprovals', DOWN));
      if (defaults) {
        for (const row of rowsFor(c))
          for (const decision of ROW_BUTTONS[row.id].map((b) => (b === 'Cancel request' ? 'CANCEL' : b.toUpperCase())))
            list.push({ type: 'DECIDE', row, decision });
      }
    }
    if (defaults && s.matches({ list: 'ready' })) list.push({ type: 'SHOW_POLICY' });
    return list;
  }
  list.push({ type: 'SHOW_REQUESTS' }, { type: 'RETRY_POLICY' });
  list.push({ type: 'SET_MODE', action: BULK, mode: 'threshold' }, { type: 'SET_MODE', action: BULK, mode: 'off' });
  // The threshold field takes typing only from a threshold.
  const bulk = (s.context as ApprovalsPageContext).policy.find((l) => l.action === BULK)!;
  if (bulk.mode === 'threshold')
    list.push(
      { type: 'SET_THRESHOLD', action: BULK, text: VALID_THRESHOLD },
      { type: 'SET_THRESHOLD', action: BULK, text: CENTS_THRESHOLD },
    );
  list.push({ type: 'SAVE_POLICY' });
  list.push(doneEvent('loadPolicy', DEFAULT_APPROVAL_POLICY), errorEvent('loadPolicy', POLICY_DOWN));
  if (s.matches({ policy: 'saving' })) {
    const saved = (s.context as ApprovalsPageContext).policy.map((l) => ({
      action: l.action,
      mode: l.mode,
      threshold: l.mode === 'threshold' ? Number(l.thresholdText.replace(/\D/g, '')) : null,
    }));
    list.push(
      doneEvent('savePolicy', { policy: saved, message: APPROVAL_POLICY_SAVED }),
      errorEvent('savePolicy', POLICY_REFUSED),
    );
  }
  return list;
}

const model = buildModel(approvalsPageMachine, {
  inputs: [{ user: { type: 'SUPER ADMIN', email: ME, modules: MODULES }, live: true, openId: null }],
  events: events as never,
  serialize: (s) => {
    const c = s.context as ApprovalsPageContext;
    const bulk = c.policy.find((l) => l.action === BULK)!;
    return JSON.stringify([
      s.value,
      c.status,
      c.page,
      c.limit,
      c.meta != null,
      c.rows.length,
      c.target?.id ?? null,
      c.decision,
      c.decisionError != null,
      bulk.mode,
      bulk.thresholdText,
      bulk.error != null,
      c.policySaveError != null,
      c.policyLoadError != null,
    ]);
  },
});

// --- The table, by hand: where each event takes each part of the screen ------------------------

type Parts = [tab: string, list: string, decision: string, policy: string];
const parts = (state: string) => state.split('|') as Parts;

interface Line {
  mode: 'off' | 'always' | 'threshold';
  text: string;
}

interface World {
  status: '' | 'PENDING_APPROVAL';
  page: number;
  limit: number;
  /** The rows of the last answer (kept while the list is read again; none after a failure). */
  rows: ApprovalRow[];
  lastPage: number;
  target: ApprovalRow | null;
  decision: Verb | null;
  decisionError: string | null;
  /** An alert raised by the last step, which must be on screen now. */
  announced: string | null;
  bulk: Line;
  bulkError: string | null;
  policyLoadError: string | null;
  saveError: string | null;
  /** What the last list call asked for. */
  asked: { status: string; page: number; limit: number } | null;
}

const bulkProblem = (line: Line) =>
  line.mode !== 'threshold'
    ? null
    : line.text === ''
      ? 'Amount is required'
      : line.text === CENTS_THRESHOLD
        ? 'Rupiah amounts are whole numbers'
        : null;

function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  let [tab, list, decision, policy] = parts(state);
  switch (event.type) {
    case 'SHOW_POLICY':
      tab = 'policy';
      if (policy === 'unloaded') policy = 'loading';
      break;
    case 'SHOW_REQUESTS':
      tab = 'requests';
      break;
    case 'SET_STATUS':
    case 'REFRESH':
      list = 'loading';
      break;
    case 'PAGE':
      if (list === 'ready' && event.page <= w.lastPage) list = 'loading';
      break;
    case 'PAGE_SIZE':
      if (list === 'ready') list = 'loading';
      break;
    case 'RETRY':
      if (list === 'failed') list = 'loading';
      break;
    case 'xstate.done.actor.loadApprovals':
      list = 'ready';
      break;
    case 'xstate.error.actor.loadApprovals':
      list = 'failed';
      break;
    case 'DECIDE':
      if (decision === 'idle') decision = 'deciding';
      break;
    case 'CLOSE':
      decision = 'idle';
      break;
    // Yes or no, the server answered: the list is read again (someone may have decided first).
    // Cancelled, nothing was sent and nothing is read.
    case 'xstate.done.actor.decideApproval':
      decision = event.output.ended === 'failed' ? 'failed' : 'idle';
      if (event.output.ended !== 'cancelled') list = 'loading';
      break;
    case 'xstate.done.actor.loadPolicy':
      policy = 'editing';
      break;
    case 'xstate.error.actor.loadPolicy':
      policy = 'loadFailed';
      break;
    case 'RETRY_POLICY':
      if (policy === 'loadFailed') policy = 'loading';
      break;
    case 'SET_MODE':
    case 'SET_THRESHOLD':
      break;
    case 'SAVE_POLICY':
      if (policy === 'editing' && bulkProblem(w.bulk) == null) policy = 'saving';
      break;
    case 'xstate.done.actor.savePolicy':
    case 'xstate.error.actor.savePolicy':
      policy = 'editing';
      break;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
  return `${tab}|${list}|${decision}|${policy}`;
}

function nextWorld(w: World, event: AnyEventObject, before: string): World {
  const [, list, decision, policy] = parts(before);
  const next = { ...w, announced: null };
  const ask = (over: Partial<World>): World => ({
    ...next,
    ...over,
    asked: { status: over.status ?? w.status, page: over.page ?? w.page, limit: over.limit ?? w.limit },
  });
  switch (event.type) {
    case 'SET_STATUS':
      return ask({ status: event.status, page: 1 });
    case 'REFRESH':
      return ask({});
    case 'PAGE':
      return list === 'ready' && event.page <= w.lastPage ? ask({ page: event.page }) : next;
    case 'PAGE_SIZE':
      return list === 'ready' ? ask({ limit: event.limit, page: 1 }) : next;
    case 'RETRY':
      return list === 'failed' ? ask({}) : next;
    case 'xstate.done.actor.loadApprovals':
      return { ...next, rows: event.output.rows, lastPage: event.output.meta.last_page };
    case 'xstate.error.actor.loadApprovals':
      return { ...next, rows: [], lastPage: 0 };
    case 'DECIDE':
      return decision === 'idle' ? { ...next, target: event.row, decision: event.decision, decisionError: null } : next;
    case 'xstate.done.actor.decideApproval': {
      const output = event.output as ApprovalDecisionOutput;
      if (output.ended === 'cancelled') return next;
      return output.ended === 'failed'
        ? { ...ask({}), decisionError: output.message }
        : { ...ask({}), announced: output.message };
    }
    case 'xstate.error.actor.loadPolicy':
      return { ...next, policyLoadError: POLICY_DOWN.message };
    case 'xstate.done.actor.loadPolicy':
      return { ...next, policyLoadError: null, bulk: { mode: 'off', text: '' }, bulkError: null };
    case 'SET_MODE':
      return policy === 'editing'
        ? { ...next, bulk: { ...w.bulk, mode: event.mode }, bulkError: null, saveError: null }
        : next;
    case 'SET_THRESHOLD':
      return policy === 'editing'
        ? { ...next, bulk: { ...w.bulk, text: event.text }, bulkError: null, saveError: null }
        : next;
    case 'SAVE_POLICY':
      if (policy !== 'editing') return next;
      return bulkProblem(w.bulk) == null ? { ...next, saveError: null } : { ...next, bulkError: bulkProblem(w.bulk) };
    case 'xstate.done.actor.savePolicy': {
      const saved = (event.output.policy as ApprovalPolicyEntry[]).find((e) => e.action === BULK)!;
      return {
        ...next,
        announced: APPROVAL_POLICY_SAVED,
        bulk: { mode: saved.mode, text: saved.threshold != null ? '1,250,000' : '' },
      };
    }
    case 'xstate.error.actor.savePolicy':
      return { ...next, saveError: POLICY_REFUSED.message };
    default:
      return next;
  }
}

// --- Reading the screen -----------------------------------------------------------------------------

const page = () => region(TITLE);
// Fluent dialogs: in jsdom tabster may mark an open one aria-hidden, so it is found by its role attribute.
const dialog = () => document.querySelector<HTMLElement>('[role=dialog]');
const dialogTitle = () => dialog()?.querySelector('h2')?.textContent;
const requestsTable = () => within(page()).queryByRole('table', { name: 'Approval requests', hidden: true });
const policyTable = () => within(page()).queryByRole('table', { name: 'Approval policy', hidden: true });
const tabSelected = (name: string) =>
  within(page()).getByRole('tab', { name, hidden: true }).getAttribute('aria-selected') === 'true';
const shows = (text: string) => within(page()).queryAllByText(text).length > 0;

function readScreen(): string {
  const tab = tabSelected('Policy') ? 'policy' : 'requests';
  let list = '-';
  let policy = '-';
  if (tab === 'requests') {
    list = requestsTable()!.getAttribute('aria-busy') === 'true' ? 'loading' : shows(DOWN.message) ? 'failed' : 'ready';
  } else {
    const busy = policyTable()?.getAttribute('aria-busy') === 'true';
    policy = within(page()).queryByText('Loading the approval policy…')
      ? 'loading'
      : shows(POLICY_DOWN.message)
        ? 'loadFailed'
        : busy
          ? 'saving'
          : policyTable()
            ? 'editing'
            : '?';
  }
  const d = dialog();
  // While the page decides, its question is open (the call is under way only inside a step, see perform).
  const decision = !d ? 'idle' : dialogTitle() === 'Failed' ? 'failed' : 'deciding';
  return `${tab}|${list}|${decision}|${policy}`;
}

/** What can be seen of a state: the other tab's part is not on screen. */
const visible = (state: string) => {
  const [tab, list, decision, policy] = parts(state);
  return `${tab}|${tab === 'requests' ? list : '-'}|${decision}|${tab === 'policy' ? policy : '-'}`;
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell', { hidden: true })
    .map((cell) => cell.textContent);

function checkScreen(state: string, w: World) {
  const [tab, list, decision, policy] = parts(state);
  expect(socket.watching).toBe(1);
  expect(socket.opened).toBe(1);
  if (w.announced) expect(screen.getAllByText(w.announced).length).toBeGreaterThan(0);
  if (tab === 'requests') {
    const select = within(page()).getByRole('combobox', { name: 'Status', hidden: true }) as HTMLSelectElement;
    expect(select.value).toBe(w.status);
    const rows = within(requestsTable()!).getAllByRole('row', { hidden: true }).slice(1);
    if (list === 'failed') {
      expect(rows).toEqual([]);
      expect(within(page()).getByRole('button', { name: 'Try again', hidden: true })).toBeInTheDocument();
    } else {
      // Every row of the last answer, in its words; and on each, exactly the decisions the lifecycle gives me.
      expect(rows.map((r) => cellsOf(r).slice(0, 5))).toEqual(w.rows.map((r) => ROW_TEXT[r.id]));
      rows.forEach((r, i) => {
        const buttons = within(r).queryAllByRole('button', { hidden: true });
        expect(buttons.map((b) => b.textContent)).toEqual(ROW_BUTTONS[w.rows[i].id]);
        for (const b of buttons)
          expect(b.getAttribute('aria-label')).toBe(
            `${b.textContent!.replace(' request', '')} request #${w.rows[i].id}`,
          );
      });
    }
    if (list === 'loading') expect(lastCall('loadApprovals')).toEqual(w.asked);
  }
  if (decision !== 'idle') {
    const d = dialog()!;
    if (decision === 'failed') {
      expect(dialogTitle()).toBe('Failed');
      expect(within(d).getByRole('alert', { hidden: true })).toHaveTextContent(w.decisionError!);
    } else {
      const row = w.target!;
      expect(dialogTitle()).toBe('Are you sure?');
      expect(d).toHaveTextContent(`${VERB_TEXT[w.decision!]} request #${row.id}?`);
      // The amount in figures and in words, and what it does to the balance.
      const amount =
        row.id === 7 ? 'Rp. 150,000,000 (seratus lima puluh juta rupiah)' : 'Rp. 600,000,000 (enam ratus juta rupiah)';
      expect(within(d).getByLabelText('Amount')).toHaveTextContent(amount);
      expect(within(d).getByLabelText('Balance')).toHaveTextContent(ROW_TEXT[row.id][3]);
      expect(within(d).getByLabelText('Summary')).toHaveTextContent(row.summary);
      expect(within(d).getByLabelText('Maker')).toHaveTextContent(`${row.maker_name} (${row.maker_email})`);
      // A reason is asked only to decline, and nothing is typed yet.
      const reason = within(d).queryByRole('textbox', { name: /Reason/, hidden: true });
      if (w.decision === 'DECLINE') expect(reason).toHaveValue('');
      else expect(reason).toBeNull();
      expect(within(d).queryAllByText(REASON_REQUIRED)).toEqual([]);
      expect(within(d).queryByText('Sending your decision…')).toBeNull();
      expect(buttonIn(d, 'Confirm').disabled).toBe(false);
      expect(buttonIn(d, KEEP_TEXT[w.decision!]).disabled).toBe(false);
    }
  }
  if (tab === 'policy' && (policy === 'editing' || policy === 'saving')) {
    const mode = within(page()).getByRole('combobox', {
      name: 'Mode for Manual finalize',
      hidden: true,
    }) as HTMLSelectElement;
    const threshold = within(page()).getByRole('textbox', {
      name: 'Threshold for Manual finalize',
      hidden: true,
    }) as HTMLInputElement;
    expect(mode.value).toBe(w.bulk.mode);
    expect(threshold.value).toBe(w.bulk.text);
    expect(threshold.disabled).toBe(w.bulk.mode !== 'threshold' || policy === 'saving');
    // The defaults as the server answered them, shown as typed amounts.
    const adjustment = within(page()).getByRole('textbox', {
      name: 'Threshold for Master balance adjustment',
      hidden: true,
    }) as HTMLInputElement;
    expect(adjustment.value).toBe('100,000,000');
    expect(shows('Reads as Rp. 100,000,000 (seratus juta rupiah)')).toBe(true);
    if (w.bulk.mode === 'threshold' && w.bulk.text.replace(/\D/g, '') === '1250000')
      expect(shows('Reads as Rp. 1,250,000 (satu juta dua ratus lima puluh ribu rupiah)')).toBe(true);
    for (const problem of ['Amount is required', 'Rupiah amounts are whole numbers'])
      expect(shows(problem)).toBe(w.bulkError === problem);
    expect(shows(POLICY_REFUSED.message)).toBe(w.saveError != null);
    expect(buttonIn(page(), policy === 'saving' ? 'Saving…' : 'Save').disabled).toBe(policy === 'saving');
    if (policy === 'saving') {
      const sent = lastCall('savePolicy') as { policy: ApprovalPolicyEntry[] };
      expect(sent.policy.find((e) => e.action === BULK)).toEqual({
        action: BULK,
        mode: w.bulk.mode,
        threshold: w.bulk.mode === 'threshold' ? 1_250_000 : null,
      });
      expect(sent.policy.find((e) => e.action === 'balance-adjustment')).toEqual({
        action: 'balance-adjustment',
        mode: 'threshold',
        threshold: 100_000_000,
      });
    }
  }
}

const buttonIn = (scope: HTMLElement, text: string) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text} in ${scope.textContent}`);
  return found;
};

async function perform(event: AnyEventObject, w: World) {
  const change = async (element: HTMLElement, value: string) => {
    await act(async () => {
      fireEvent.change(element, { target: { value } });
    });
  };
  switch (event.type) {
    case 'SHOW_POLICY':
      return click(within(page()).getByRole('tab', { name: 'Policy', hidden: true }));
    case 'SHOW_REQUESTS':
      return click(within(page()).getByRole('tab', { name: 'Requests', hidden: true }));
    case 'SET_STATUS':
      return change(within(page()).getByRole('combobox', { name: 'Status', hidden: true }), event.status);
    case 'PAGE':
      return click(within(page()).getByRole('button', { name: 'Next page', hidden: true }));
    case 'PAGE_SIZE': {
      await click(within(page()).getByRole('combobox', { name: 'Rows per page', hidden: true }));
      return click(await screen.findByRole('option', { name: String(event.limit), hidden: true }));
    }
    case 'RETRY':
      return click(within(page()).getByRole('button', { name: 'Try again', hidden: true }));
    case 'REFRESH':
      return socket.emit({ id: 9, status: 'PENDING_APPROVAL' } as never);
    case 'DECIDE': {
      const label = VERB_TEXT[event.decision as Verb];
      return click(
        within(requestsTable()!).getByRole('button', { name: `${label} request #${event.row.id}`, hidden: true }),
      );
    }
    case 'CLOSE':
      return click(buttonIn(dialog()!, 'Close'));
    case 'xstate.done.actor.decideApproval': {
      const output = event.output as ApprovalDecisionOutput;
      const d = dialog()!;
      if (output.ended === 'cancelled') {
        // Escape closes the question as Cancel (or Keep it) does.
        if (w.decision === 'APPROVE') {
          await act(async () => {
            fireEvent.keyDown(d, { key: 'Escape' });
          });
          return undefined;
        }
        return click(buttonIn(d, KEEP_TEXT[w.decision!]));
      }
      // The question's own answer: a decline with its reason, Confirm, and the call while it is under way.
      if (w.decision === 'DECLINE')
        await change(within(d).getByRole('textbox', { name: /Reason/, hidden: true }), REASON);
      await click(buttonIn(d, 'Confirm'));
      await waitFor(() => expect(within(d).queryByText('Sending your decision…')).not.toBeNull());
      expect(dialogTitle()).toBe('Are you sure?');
      expect(buttonIn(d, 'Confirm').disabled).toBe(true);
      expect(buttonIn(d, KEEP_TEXT[w.decision!]).disabled).toBe(true);
      const reason = within(d).queryByRole('textbox', { name: /Reason/, hidden: true });
      if (w.decision === 'DECLINE') expect(reason).toHaveValue(REASON);
      else expect(reason).toBeNull();
      // The call names the request, the decision, and the reason as typed.
      expect(lastCall('decide')).toEqual({
        id: w.target!.id,
        decision: w.decision,
        reason: w.decision === 'DECLINE' ? REASON : '',
      });
      // Its answer, or the server's refusal in its words.
      return calls.settle(
        output.ended === 'failed'
          ? errorEvent('decide', new ApiError(409, output.message!))
          : doneEvent('decide', output.message),
      );
    }
    case 'SET_MODE':
      return change(
        within(page()).getByRole('combobox', { name: 'Mode for Manual finalize', hidden: true }),
        event.mode,
      );
    case 'SET_THRESHOLD':
      return change(
        within(page()).getByRole('textbox', { name: 'Threshold for Manual finalize', hidden: true }),
        event.text,
      );
    case 'SAVE_POLICY':
      return click(buttonIn(page(), 'Save'));
    case 'RETRY_POLICY':
      return click(within(page()).getByRole('button', { name: 'Try again', hidden: true }));
    default:
      if (event.type.startsWith('xstate.')) return calls.settle(event);
      throw new Error(`no way to perform ${event.type}`);
  }
}

let calls = new PendingCalls();
let socket = new FakeSocket();
const lastCall = (id: string) => calls.inputs.filter((c) => c.id === id).at(-1)?.input;

const logicFor = () =>
  approvalsPageMachine.provide({
    actors: {
      loadApprovals: calls.logic(),
      loadPolicy: calls.logic(),
      savePolicy: calls.logic(),
      decideApproval: approvalDecisionMachine.provide({ actors: { decide: calls.logic<string>() } }),
      approvalChanges: approvalChangesFrom(socket.watch as never),
    },
  });

const label = (value: StateValue) => {
  const v = value as { tab: string; list: string; decision: string; policy: string };
  return `${v.tab}|${v.list}|${v.decision}|${v.policy}`;
};

const startWorld = (): World => ({
  status: 'PENDING_APPROVAL',
  page: 1,
  limit: 15,
  rows: [],
  lastPage: 0,
  target: null,
  decision: null,
  decisionError: null,
  announced: null,
  bulk: { mode: 'off', text: '' },
  bulkError: null,
  policyLoadError: null,
  saveError: null,
  asked: { status: 'PENDING_APPROVAL', page: 1, limit: 15 },
});

/** The page as the spec reads it; its own perform settles the calls (some answers depend on the row decided). */
const pageModel: PageModel<World> = {
  title: TITLE,
  start: startWorld,
  initial: () => 'requests|loading|idle|unloaded',
  expectedAfter,
  nextWorld,
  readScreen,
  checkScreen,
  perform,
  label,
};

const drive = (path: ModelPath) =>
  drivePath(
    pageModel,
    path,
    null,
    () => renderPage(<ApprovalsPage logic={logicFor()} />, CLIENTS, {}, { modules: MODULES }),
    {
      visible,
    },
  );

/** Paths written out besides the generated ones: the issue's own stories, end to end. */
const scripted = (name: string, events: AnyEventObject[]) => {
  const path = {
    description: `scripted: ${name}`,
    events,
    input: { user: { type: 'SUPER ADMIN', email: ME, modules: MODULES }, live: true, openId: null },
  } as unknown as ModelPath;
  return { ...path, end: model.replay(path) };
};
const loaded = doneEvent('loadApprovals', answer('PENDING_APPROVAL', 1, 15));
const SCRIPTED = [
  scripted("another admin's request is approved, announced, and the list read again", [
    loaded,
    { type: 'DECIDE', row: OTHERS, decision: 'APPROVE' },
    doneEvent('decideApproval', ENDINGS('APPROVE')[0]),
    loaded,
  ]),
  scripted('a decline is sent with its reason, after one left unsaid', [
    loaded,
    { type: 'DECIDE', row: OTHERS, decision: 'DECLINE' },
    doneEvent('decideApproval', ENDINGS('DECLINE')[2]),
    { type: 'DECIDE', row: OTHERS, decision: 'DECLINE' },
    doneEvent('decideApproval', ENDINGS('DECLINE')[0]),
  ]),
  scripted("someone decided first: the refusal in the server's words, and the list read again", [
    loaded,
    { type: 'DECIDE', row: MINE, decision: 'CANCEL' },
    doneEvent('decideApproval', ENDINGS('CANCEL')[1]),
    { type: 'CLOSE' },
    loaded,
  ]),
  scripted('a threshold is set for Manual finalize and saved', [
    loaded,
    { type: 'SHOW_POLICY' },
    doneEvent('loadPolicy', DEFAULT_APPROVAL_POLICY),
    { type: 'SET_MODE', action: BULK, mode: 'threshold' },
    { type: 'SAVE_POLICY' },
    { type: 'SET_THRESHOLD', action: BULK, text: CENTS_THRESHOLD },
    { type: 'SAVE_POLICY' },
    { type: 'SET_THRESHOLD', action: BULK, text: VALID_THRESHOLD },
    { type: 'SAVE_POLICY' },
    doneEvent('savePolicy', {
      policy: DEFAULT_APPROVAL_POLICY.map((e) =>
        e.action === BULK ? { ...e, mode: 'threshold', threshold: 1_250_000 } : e,
      ),
      message: APPROVAL_POLICY_SAVED,
    }),
  ]),
];

describe('Approvals: every path of approvalsPage, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each([...drivenPaths(approvalsPageMachine, model.paths), ...SCRIPTED].map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      calls = new PendingCalls();
      socket = new FakeSocket();
      await drive(path);
    },
    30_000,
  );
});
