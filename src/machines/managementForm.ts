import { ApiError, messageOf } from '../services/http';
import { SAVE_FAILED } from '../services/managementRules';
import type { SaveFailure } from '../services/saveFailure';
import type { UserTypeName } from '../services/schemas';

/** What the user form and the role form share. */
export type FormMode = 'create' | 'edit';

/**
 * Who may choose a type: SUPER ADMIN alone (spec section 6); everyone else creates users and roles of their own type.
 */
export const choosesType = (ownType: UserTypeName) => ownType === 'SUPER ADMIN';

export const failureOf = (error: unknown): SaveFailure => ({
  message: messageOf(error, SAVE_FAILED),
  details: error instanceof ApiError ? error.errors.map((e) => e.message).filter((m) => m !== error.message) : [],
});

/** A form opened for a new record (`record` null) or for editing one, by a user of `ownType`. */
export interface ManagementFormInput<Row, Options> {
  ownType: UserTypeName;
  options: Options;
  record: Row | null;
}

export interface FormContext<Form, Options> {
  mode: FormMode;
  id: number | null;
  ownType: UserTypeName;
  /** Whether this user picks the type of what they create (a field only they see). */
  choosesType: boolean;
  /** What the form offers: the role options of the user form, the module tree of the role form. */
  options: Options;
  form: Form;
  /** Every broken rule, listed together under 'Error!'. */
  errors: string[];
  failure: SaveFailure | null;
  /** The server's success message, for the page's alert. */
  message: string | null;
}

export type SaveInput<Create, Edit> = { mode: 'create'; body: Create } | { mode: 'edit'; body: Edit };

export interface FormOutput {
  saved: boolean;
  message: string | null;
}

/**
 * What differs between the user form and the role form; the machine around it is one
 * (managementFormMachine.ts). A change is one field's new value (or a module toggled).
 */
export interface FormEntity<Row, Form, Change, Options, Create, Edit> {
  noun: 'User' | 'Role';
  formOf(input: ManagementFormInput<Row, Options>, choosesType: boolean): Form;
  /** Whether the form takes this change now: the entity's field rules. */
  accepts(context: FormContext<Form, Options>, change: Change): boolean;
  apply(context: FormContext<Form, Options>, change: Change): Form;
  payloadOf(context: Pick<FormContext<Form, Options>, 'mode' | 'id' | 'form' | 'options'>): SaveInput<Create, Edit>;
  /** The broken rules, from the valibot schema the API client and the server route use. */
  errorsOf(context: FormContext<Form, Options>): string[];
}
