import { fromPromise } from 'xstate';
import { api } from '../services/api';
import type { ApprovalPolicyEntry } from '../services/approvalRules';

/**
 * The approval policy as a page reads it to say beforehand that a movement will be held (issue 45): only where the
 * user may read it (`readsApprovalPolicy`; anyone else would be refused and sent to their landing page), and null when
 * it cannot be read, so the page says nothing ahead and the server's 202 tells instead.
 */
export const approvalPolicyActor = fromPromise<readonly ApprovalPolicyEntry[] | null, { reads: boolean }>(
  async ({ input }) => (input.reads ? api.approvalPolicy().catch(() => null) : null),
);
