import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { api } from '../services/api';
import {
  APPROVAL_DECISIONS,
  ApprovalDecisionBody,
  type ApprovalChanged,
  type ApprovalDecision,
  type ApprovalRow,
} from '../services/approvalRules';
import { watchApprovals } from '../services/realtime';
import { approvalDecidedMessage } from '../services/successTexts';
import type { UserTypeName } from '../services/schemas';
import { allowsApproval } from './lifecycle/approvalLifecycle';
import { oneShotActionMachine } from './confirmCallMachine';

/**
 * The pieces every screen that decides an approval request shares (issue 25, dual control): who
 * may take which decision (the approval lifecycle, asked with the user's role and whether they
 * made the request), the body's rule (ApprovalDecisionBody: a decline needs a reason), and the
 * call itself, which is the one 'then call' machine (oneShotAction) given the decision's call.
 */

/** The signed-in user as the lifecycle is asked: their type, and their e-mail to tell whether they made a request. */
export interface ApprovalViewer {
  role: UserTypeName;
  email: string;
}

/** Whether this user made the request (the session carries no user id; the e-mail is unique). */
export const isMakerOf = (row: Pick<ApprovalRow, 'maker_email'>, viewer: ApprovalViewer) =>
  viewer.email !== '' && row.maker_email.trim().toLowerCase() === viewer.email.trim().toLowerCase();

/** The decisions the approval lifecycle lets this user take on this request now (in the order the buttons show). */
export const decisionsFor = (
  row: Pick<ApprovalRow, 'status' | 'maker_email'>,
  viewer: ApprovalViewer,
): ApprovalDecision[] =>
  APPROVAL_DECISIONS.filter((type) =>
    allowsApproval(row.status, { type, role: viewer.role, isMaker: isMakerOf(row, viewer) }),
  );

/** What PATCH approvals/{id} is sent: the reason only with a decline (where it is required). */
export const decisionBodyOf = (decision: ApprovalDecision, reason: string): ApprovalDecisionBody =>
  decision === 'DECLINE' ? { decision, reason: reason.trim() } : { decision };

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

/**
 * The call of a decision: the one 'then call' machine, given PATCH approvals/{id}; it ends with the server's words
 * either way.
 */
export const approvalDecisionCall = oneShotActionMachine.provide({
  actors: {
    run: fromPromise<string, unknown>(async ({ input }) => {
      const { id, decision, reason } = input as ApprovalCallArgs;
      return (
        (await api.decideApproval(id, decisionBodyOf(decision, reason))).message || approvalDecidedMessage(decision)
      );
    }),
  },
});

/** The decision dialog's part of a page's context: the same on the Approvals page and the work order page. */
export interface DecisionDialogFields {
  decision: ApprovalDecision | null;
  reason: string;
  /** Why Confirm was refused (a decline without a reason), under the Reason field. */
  reasonError: string | null;
}

/** What a person does in the decision dialog, on either page. */
export type DecisionDialogEvent = { type: 'SET_REASON'; value: string } | { type: 'CONFIRM' } | { type: 'CLOSE' };

export const APPROVAL_NOT_FOUND = 'The approval request could not be found.';
/** Asks the page to read its requests again: one was made or decided elsewhere, or the socket came back. */
export interface ApprovalsChangedEvent {
  type: 'REFRESH';
}

type Watch = (token: string, onChanged: (change: ApprovalChanged) => void, onConnected?: () => void) => () => void;

/**
 * The 'approval-changed' socket as an actor a page invokes for as long as it is open: every change
 * and every reconnection (after the first connection) asks for a reload. Tests give it a fake `watch`.
 */
export const approvalChangesFrom = (watch: Watch) =>
  fromCallback<ApprovalsChangedEvent, { token: string | null }>(({ sendBack, input }) => {
    if (!input.token) return undefined;
    let connectedBefore = false;
    return watch(
      input.token,
      () => sendBack({ type: 'REFRESH' }),
      () => {
        if (connectedBefore) sendBack({ type: 'REFRESH' });
        connectedBefore = true;
      },
    );
  });

export const approvalChanges = approvalChangesFrom(watchApprovals);
