import { APPROVAL_CHANGED_EVENT, type ApprovalChanged, type ApprovalStatus } from '../../src/services/approvalRules.ts';
import type { Realtime } from './realtime.ts';

/**
 * After a commit that made or decided an approval request: every open Approvals screen of the staff
 * reloads it, and the maker's own (a client user, whose sockets hear only their clients, follows their
 * requests there too: issue 42).
 */
export function announceApproval(realtime: Realtime, id: number, status: ApprovalStatus, makerId?: number): void {
  const change = { id, status } satisfies ApprovalChanged;
  realtime.emitToSuperAdmins(APPROVAL_CHANGED_EVENT, change);
  if (makerId !== undefined) realtime.emitToUser(makerId, APPROVAL_CHANGED_EVENT, change);
}
