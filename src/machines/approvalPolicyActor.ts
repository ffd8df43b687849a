import { assign, fromPromise, type DoneActorEvent } from 'xstate';
import { api } from '../services/api';
import type { ApprovalPolicyEntry } from '../services/approvalRules';

type Policy = readonly ApprovalPolicyEntry[] | null;

/**
 * The approval policy as a page reads it to say beforehand that a movement will be held: only where the
 * user may read it (`readsApprovalPolicy`; anyone else would be refused and sent to their landing page), and null when
 * it cannot be read, so the page says nothing ahead and the server's 202 tells instead.
 */
export const approvalPolicyActor = fromPromise<Policy, { reads: boolean }>(async ({ input }) =>
  input.reads ? api.approvalPolicy().catch(() => null) : null,
);

/**
 * The page reads the policy beside everything else and keeps it in `policy`, written once for every page that
 * says a hold ahead. The machine names `approvalPolicyActor` as its `approvalPolicy` actor.
 */
export const approvalPolicyInvoke = {
  id: 'approvalPolicy',
  src: 'approvalPolicy',
  input: ({ context }: { context: { readsPolicy: boolean } }) => ({ reads: context.readsPolicy }),
  // Typed for any page's context that holds `policy`: xstate types an action out of setup() for no one machine.
  onDone: {
    actions: assign({ policy: ({ event }: { event: DoneActorEvent<Policy> }) => event.output }) as unknown as (args: {
      context: { policy: Policy };
    }) => void,
  },
} as const;
