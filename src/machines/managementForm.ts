import { ApiError, messageOf } from '../services/http';
import { SAVE_FAILED } from '../services/managementRules';
import type { UserTypeName } from '../services/schemas';

/** What the user form and the role form share. */
export type FormMode = 'create' | 'edit';

/** The server's refusal: its words, and its field messages when it sent some. */
export interface SaveFailure { message: string; details: string[] }

/** Who may choose a type: SUPER ADMIN alone (spec section 6); everyone else creates users and roles of their own type. */
export const choosesType = (ownType: UserTypeName) => ownType === 'SUPER ADMIN';

export const failureOf = (error: unknown): SaveFailure => ({
  message: messageOf(error, SAVE_FAILED),
  details: error instanceof ApiError ? error.errors.map((e) => e.message).filter((m) => m !== error.message) : [],
});
