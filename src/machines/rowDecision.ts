import { assign } from 'xstate';

/**
 * A decision on a row (Finalize or Complete, or Reject) that the row's lifecycle allows this user:
 * the page's `deciding` state opens about that row and that decision. The disbursement list and the
 * withdrawal history both open theirs so; each page's `lifecycleAllows` asks its own lifecycle.
 */
// Loosely typed, as the list's shared pieces are: each page keeps its own row type as `target`.
export const openDecision = <Decision extends string>(decision: Decision): any => ({
  guard: 'lifecycleAllows',
  target: 'deciding',
  actions: assign(({ event }: { event: any }) => ({ target: event.row, decision }) as any),
});
