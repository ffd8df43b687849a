import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { api } from '../services/api';
import {
  APPROVAL_DECISIONS,
  ApprovalDecisionBody,
  type ApprovalChanged,
  type ApprovalDecision,
  type ApprovalRow,
  holdsActionModule,
} from '../services/approvalRules';
import { watchApprovals } from '../services/realtime';
import { approvalDecidedMessage } from '../services/successTexts';
import type { UserTypeName } from '../services/schemas';
import { allowsApproval } from './lifecycle/approvalLifecycle';
import { confirmCallMachine } from './confirmCallMachine';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

/**
 * The pieces every screen that decides an approval request shares (issue 25, dual control): who
 * may take which decision (the approval lifecycle, asked with the user's role and whether they
 * made the request), the body's rule (ApprovalDecisionBody: a decline needs a reason), and the
 * decision itself, which is one specialisation of the confirm-then-call machine (approvalDecision).
 */

/**
 * The signed-in user as the lifecycle is asked: their type, their e-mail to tell whether they made a
 * request, and the modules their role holds (a checker holds the action's module).
 */
export interface ApprovalViewer {
  role: UserTypeName;
  email: string;
  modules: readonly string[];
}

/** Whether this user made the request (the session carries no user id; the e-mail is unique). */
export const isMakerOf = (row: Pick<ApprovalRow, 'maker_email'>, viewer: ApprovalViewer) =>
  viewer.email !== '' && row.maker_email.trim().toLowerCase() === viewer.email.trim().toLowerCase();

/** The decisions the approval lifecycle lets this user take on this request now (in the order the buttons show). */
export const decisionsFor = (
  row: Pick<ApprovalRow, 'status' | 'maker_email' | 'action'>,
  viewer: ApprovalViewer,
): ApprovalDecision[] =>
  APPROVAL_DECISIONS.filter((type) =>
    allowsApproval(row.status, {
      type,
      role: viewer.role,
      isMaker: isMakerOf(row, viewer),
      holdsModule: holdsActionModule(viewer.modules, row.action),
    }),
  );

/** Whether a decision carries a reason (a decline, where it is required): the dialog's Reason field is its. */
export const takesReason = (decision: ApprovalDecision) => decision === 'DECLINE';

/** What PATCH approvals/{id} is sent: the reason only with a decline (where it is required). */
export const decisionBodyOf = (decision: ApprovalDecision, reason: string): ApprovalDecisionBody =>
  takesReason(decision) ? { decision, reason: reason.trim() } : { decision };

/** Why this decision cannot be sent as it stands (ApprovalDecisionBody's words), or null when it can. */
export function decisionProblem(decision: ApprovalDecision, reason: string): string | null {
  const result = v.safeParse(ApprovalDecisionBody, decisionBodyOf(decision, reason));
  return result.success ? null : result.issues[0].message;
}

export interface ApprovalCallArgs {
  id: number;
  decision: ApprovalDecision;
  reason: string;
}

/** The request and the decision a page asks about (the dialog shows the request's facts). */
export interface ApprovalDecisionInput {
  row: ApprovalRow;
  decision: ApprovalDecision;
}

/** How the decision ended, for the page to route on: the server's words when it was decided or refused. */
export interface ApprovalDecisionOutput {
  ended: 'decided' | 'failed' | 'cancelled';
  message: string | null;
}

/** Shown when a refusal carries no words of its own (a lost connection): the words the call has always said. */
export const DECISION_FAILED = msg({ defaultMessage: 'Something went wrong, please try again later.', id: 'K4qCn9' });

/**
 * A decision on one approval request, the same on the Approvals page and the work order page: the
 * confirm-then-call machine, asking 'Are you sure?' always, with the reason field (a decline is
 * refused in place without a reason), then PATCH approvals/{id}. A refusal ends it (no retry): the
 * server refused on the lifecycle's grounds (the maker, decided already), which trying again cannot
 * change, so the page shows the words and reads its requests again.
 */
export const approvalDecisionMachine = confirmCallMachine<ApprovalDecisionInput, ApprovalDecisionOutput>({
  id: 'approvalDecision',
  call: 'decide',
  logic: fromPromise<string, ApprovalCallArgs>(
    async ({ input }) => (await api.decideApproval(input.id, decisionBodyOf(input.decision, input.reason))).message,
  ),
  callInput: ({ row, decision, reason }) => ({ id: row.id, decision, reason }) satisfies ApprovalCallArgs,
  reasonProblem: ({ decision, reason }) => decisionProblem(decision, reason),
  states: { calling: 'deciding', done: 'decided' },
  ask: 'always',
  retry: false,
  failureText: DECISION_FAILED,
  doneText: ({ decision }) => approvalDecidedMessage(decision),
  output: ({ message, error }) => ({
    ended: error != null ? 'failed' : message != null ? 'decided' : 'cancelled',
    message: error ?? message,
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const approvalDecisionGuardWords: GuardWords<typeof approvalDecisionMachine> = {
  needsConfirmation: msg({
    defaultMessage: "Not asked here: an approval's decision always asks 'Are you sure?' first.",
    id: '+X8v3J',
  }),
  reasonAccepted: msg({
    defaultMessage:
      'The decision passes ApprovalDecisionBody: a Decline names a reason; otherwise Confirm is refused in place, ' +
      'with the words under the Reason field.',
    id: '7UKw2x',
  }),
};

export const APPROVAL_NOT_FOUND = msg({ defaultMessage: 'The approval request could not be found.', id: '+dqWD1' });
/** Asks the page to read its requests again: one was made or decided elsewhere, or the socket came back. */
export interface ApprovalsChangedEvent {
  type: 'REFRESH';
}

type Watch = (onChanged: (change: ApprovalChanged) => void, onConnected?: () => void) => () => void;

/**
 * The 'approval-changed' socket as an actor a page invokes for as long as it is open: every change
 * and every reconnection (after the first connection) asks for a reload. Tests give it a fake `watch`.
 */
export const approvalChangesFrom = (watch: Watch) =>
  fromCallback<ApprovalsChangedEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    let connectedBefore = false;
    return watch(
      () => sendBack({ type: 'REFRESH' }),
      () => {
        if (connectedBefore) sendBack({ type: 'REFRESH' });
        connectedBefore = true;
      },
    );
  });

export const approvalChanges = approvalChangesFrom(watchApprovals);
