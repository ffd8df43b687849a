import * as v from 'valibot';
import type { ApprovalHeld } from './approvalRules';
import { WholeNumber } from './answerParts';

/**
 * The 202 answer's data of a movement held for a second SUPER ADMIN (issue 25): the approval's id
 * (server/routes/heldReply.ts sends it with 'Waiting for approval by another SUPER ADMIN').
 */
export const HeldAnswer = v.strictObject({ approval_id: WholeNumber });
export type HeldAnswer = v.InferOutput<typeof HeldAnswer>;

// approvalRules.ts's ApprovalHeld is the same answer, written as an interface: the two must not drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _HeldAnswerIsApprovalHeld = Holds<Same<HeldAnswer, ApprovalHeld>>;
