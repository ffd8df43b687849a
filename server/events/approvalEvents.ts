import { APPROVAL_CHANGED_EVENT, type ApprovalChanged, type ApprovalStatus } from '../../src/services/approvalRules.ts';
import type { Realtime } from './realtime.ts';

/** After a commit that made or decided an approval request: every open Approvals screen (SUPER ADMINs) reloads it. */
export function announceApproval(realtime: Realtime, id: number, status: ApprovalStatus): void {
  realtime.emitToSuperAdmins(APPROVAL_CHANGED_EVENT, { id, status } satisfies ApprovalChanged);
}
