import type * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import {
  assignableTypes, emptyUserForm, userFormErrors, userSaved, type CreateUserBody, type EditUserBody, type UserForm, type UserRow,
} from '../services/managementRules';
import type { RoleOption, UserTypeName } from '../services/schemas';
import { choosesType, failureOf, type FormMode, type SaveFailure } from './managementForm';
import type { GuardWords } from './registry';

interface UserFormContext {
  mode: FormMode;
  id: number | null;
  ownType: UserTypeName;
  roles: RoleOption[];
  form: UserForm;
  /** Every broken rule, listed together under 'Error!'. */
  errors: string[];
  failure: SaveFailure | null;
  /** The server's success message, for the alert. */
  message: string | null;
}

type UserFormEvent =
  | { type: 'SET_TYPE'; value: UserTypeName }
  | { type: 'SET_ROLE'; value: number | null }
  | { type: 'SET_CLIENTS'; value: number[] }
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_EMAIL'; value: string }
  | { type: 'SET_PASSWORD'; value: string }
  | { type: 'SET_PASSWORD_CONFIRMATION'; value: string }
  | { type: 'SET_ACTIVE'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'DISMISS_FAILURE' }
  | { type: 'CANCEL' };

export type UserFormInput =
  | { mode: 'create'; ownType: UserTypeName; roles: RoleOption[] }
  | { mode: 'edit'; ownType: UserTypeName; roles: RoleOption[]; user: UserRow };

export type SaveUserInput = { mode: 'create'; body: v.InferInput<typeof CreateUserBody> } | { mode: 'edit'; body: v.InferInput<typeof EditUserBody> };

/** SUPER ADMIN users see every client by their type; the server stores no list for them. */
export const takesClients = (type: UserTypeName | '') => type !== 'SUPER ADMIN';

/** The Role select offers roles of the chosen type only. */
export const roleOptionsFor = (roles: readonly RoleOption[], type: UserTypeName | '') => (type ? roles.filter((r) => r.type === type) : []);

function formOf(input: UserFormInput): UserForm {
  if (input.mode === 'create') return emptyUserForm(choosesType(input.ownType) ? '' : input.ownType);
  const { user } = input;
  return {
    type: user.type, roleId: user.role_id, clientIds: [...user.client_id], name: user.name, email: user.email,
    password: '', passwordConfirmation: '', isActive: user.is_active,
  };
}

/** Email and type are fixed after creation; an empty password on edit is not sent. */
export function payloadOf(c: Pick<UserFormContext, 'mode' | 'id' | 'form'>): SaveUserInput {
  const { form } = c;
  const common = { role_id: form.roleId ?? 0, client_id: form.clientIds, name: form.name.trim() };
  if (c.mode === 'create') {
    return { mode: 'create', body: { type: form.type as UserTypeName, ...common, email: form.email.trim(), password: form.password } };
  }
  return { mode: 'edit', body: { id: c.id ?? 0, ...common, ...(form.password ? { password: form.password } : {}), is_active: form.isActive } };
}

/**
 * New User and Edit User (spec sections 2 and 5). The machine owns every rule: which type may be
 * chosen, the roles offered for it, the checks listed together on Save, what is sent.
 */
export const userFormMachine = setup({
  types: {
    context: {} as UserFormContext,
    events: {} as UserFormEvent,
    input: {} as UserFormInput,
    output: {} as { saved: boolean; message: string | null },
  },
  actors: {
    save: fromPromise<string, SaveUserInput>(async ({ input }) =>
      (input.mode === 'create' ? await api.createUser(input.body) : await api.editUser(input.body)).message),
  },
  actions: {
    /** Once errors are shown, each edit re-checks them, so the list always describes the form as it is. */
    revalidate: assign({ errors: ({ context }) => (context.errors.length ? userFormErrors(context.form, context.mode) : []) }),
  },
  guards: {
    isCreating: ({ context }) => context.mode === 'create',
    isEditing: ({ context }) => context.mode === 'edit',
    mayChooseType: ({ context, event }) =>
      context.mode === 'create' && choosesType(context.ownType) && event.type === 'SET_TYPE' && assignableTypes(context.ownType).includes(event.value),
    roleIsOffered: ({ context, event }) =>
      event.type === 'SET_ROLE' && (event.value == null || roleOptionsFor(context.roles, context.form.type).some((r) => r.id === event.value)),
    takesClients: ({ context }) => takesClients(context.form.type),
    isValid: ({ context }) => userFormErrors(context.form, context.mode).length === 0,
  },
}).createMachine({
  id: 'userForm',
  context: ({ input }) => ({
    mode: input.mode, id: input.mode === 'edit' ? input.user.id : null, ownType: input.ownType, roles: input.roles,
    form: formOf(input), errors: [], failure: null, message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_TYPE: {
          guard: 'mayChooseType',
          // A role belongs to one type: another type clears it. SUPER ADMIN users see every client, so they hold none.
          actions: [assign({
            form: ({ context: { form }, event }) => ({
              ...form, type: event.value, roleId: form.type === event.value ? form.roleId : null, clientIds: event.value === 'SUPER ADMIN' ? [] : form.clientIds,
            }),
          }), 'revalidate'],
        },
        SET_ROLE: { guard: 'roleIsOffered', actions: [assign({ form: ({ context, event }) => ({ ...context.form, roleId: event.value }) }), 'revalidate'] },
        SET_CLIENTS: { guard: 'takesClients', actions: [assign({ form: ({ context, event }) => ({ ...context.form, clientIds: event.value }) }), 'revalidate'] },
        SET_NAME: { actions: [assign({ form: ({ context, event }) => ({ ...context.form, name: event.value }) }), 'revalidate'] },
        SET_EMAIL: { guard: 'isCreating', actions: [assign({ form: ({ context, event }) => ({ ...context.form, email: event.value }) }), 'revalidate'] },
        SET_PASSWORD: { actions: [assign({ form: ({ context, event }) => ({ ...context.form, password: event.value }) }), 'revalidate'] },
        SET_PASSWORD_CONFIRMATION: { actions: [assign({ form: ({ context, event }) => ({ ...context.form, passwordConfirmation: event.value }) }), 'revalidate'] },
        SET_ACTIVE: { guard: 'isEditing', actions: assign({ form: ({ context, event }) => ({ ...context.form, isActive: event.value }) }) },
        SUBMIT: [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: [] }) },
          { actions: assign({ errors: ({ context }) => userFormErrors(context.form, context.mode) }) },
        ],
        DISMISS_FAILURE: { actions: assign({ failure: null }) },
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => payloadOf(context),
        onDone: {
          target: 'saved',
          actions: assign({ message: ({ context, event }) => event.output || userSaved(context.form.name.trim(), context.mode) }),
        },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.message != null, message: context.message }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const userFormGuardWords: GuardWords<typeof userFormMachine> = {
  isCreating: 'Only when creating a user (the e-mail is fixed once it exists).',
  isEditing: 'Only when editing a user: the active switch is taken then.',
  mayChooseType: 'Only when creating, by a user whose own type may choose one, and only a type that user may assign.',
  roleIsOffered: 'Only a role offered for the chosen user type (or none).',
  takesClients: 'Only for a user type that is tied to clients.',
  isValid: 'Save only when the form passes every check; otherwise the checks are listed together.',
};
