import type * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import {
  assignableTypes, emptyRoleForm, modulesFor, normalizeModules, roleFormErrors, roleSaved, toggleModule,
  type CreateRoleBody, type EditRoleBody, type RoleForm, type RoleRow,
} from '../services/managementRules';
import type { ModuleItem, UserTypeName } from '../services/schemas';
import { choosesType, failureOf, type FormMode, type SaveFailure } from './managementForm';
import type { GuardWords } from './registry';

interface RoleFormContext {
  mode: FormMode;
  id: number | null;
  ownType: UserTypeName;
  tree: ModuleItem[];
  form: RoleForm;
  /** Every broken rule, listed together under 'Error!'. */
  errors: string[];
  failure: SaveFailure | null;
  /** The server's success message, for the alert. */
  message: string | null;
}

type RoleFormEvent =
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_DESCRIPTION'; value: string }
  | { type: 'SET_TYPE'; value: UserTypeName }
  /** A child's checkbox, or a parent's 'Select all' switch (a parent id selects or clears its whole module). */
  | { type: 'TOGGLE_MODULE'; id: string; on: boolean }
  | { type: 'SUBMIT' }
  | { type: 'DISMISS_FAILURE' }
  | { type: 'CANCEL' };

export type RoleFormInput =
  | { mode: 'create'; ownType: UserTypeName; tree: ModuleItem[] }
  | { mode: 'edit'; ownType: UserTypeName; tree: ModuleItem[]; role: RoleRow };

export type SaveRoleInput = { mode: 'create'; body: v.InferInput<typeof CreateRoleBody> } | { mode: 'edit'; body: v.InferInput<typeof EditRoleBody> };

function formOf(input: RoleFormInput): RoleForm {
  if (input.mode === 'create') return emptyRoleForm(choosesType(input.ownType) ? '' : input.ownType);
  const { role } = input;
  // A stored role may predate a module's required child: the form shows it as the server will store it.
  return { name: role.name, description: role.description, type: role.type, modules: normalizeModules(input.tree, role.modules) };
}

/** The type is fixed once the role exists, so an edit does not send it. */
export function payloadOf(c: Pick<RoleFormContext, 'mode' | 'id' | 'form' | 'tree'>): SaveRoleInput {
  const common = { name: c.form.name.trim(), description: c.form.description.trim(), modules: normalizeModules(modulesFor(c.tree, c.form.type), c.form.modules) };
  return c.mode === 'create'
    ? { mode: 'create', body: { ...common, type: c.form.type as UserTypeName } }
    : { mode: 'edit', body: { id: c.id ?? 0, ...common } };
}

/**
 * New Role and Edit Role (spec sections 2 and 5). The machine owns the module selection: a parent's
 * switch selects its whole module, required children stay on while their module is chosen.
 */
export const roleFormMachine = setup({
  types: {
    context: {} as RoleFormContext,
    events: {} as RoleFormEvent,
    input: {} as RoleFormInput,
    output: {} as { saved: boolean; message: string | null },
  },
  actors: {
    save: fromPromise<string, SaveRoleInput>(async ({ input }) =>
      (input.mode === 'create' ? await api.createRole(input.body) : await api.editRole(input.body)).message),
  },
  actions: {
    /** Once errors are shown, each edit re-checks them, so the list always describes the form as it is. */
    revalidate: assign({ errors: ({ context }) => (context.errors.length ? roleFormErrors(context.form) : []) }),
  },
  guards: {
    mayChooseType: ({ context, event }) =>
      context.mode === 'create' && choosesType(context.ownType) && event.type === 'SET_TYPE' && assignableTypes(context.ownType).includes(event.value),
    isValid: ({ context }) => roleFormErrors(context.form).length === 0,
  },
}).createMachine({
  id: 'roleForm',
  context: ({ input }) => ({
    mode: input.mode, id: input.mode === 'edit' ? input.role.id : null, ownType: input.ownType, tree: input.tree,
    form: formOf(input), errors: [], failure: null, message: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_NAME: { actions: [assign({ form: ({ context, event }) => ({ ...context.form, name: event.value }) }), 'revalidate'] },
        SET_DESCRIPTION: { actions: [assign({ form: ({ context, event }) => ({ ...context.form, description: event.value }) }), 'revalidate'] },
        SET_TYPE: { guard: 'mayChooseType', actions: [assign({ form: ({ context, event }) => ({ ...context.form, type: event.value }) }), 'revalidate'] },
        TOGGLE_MODULE: {
          actions: [assign({ form: ({ context, event }) => ({ ...context.form, modules: toggleModule(context.tree, context.form.modules, event.id, event.on) }) }), 'revalidate'],
        },
        SUBMIT: [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: [] }) },
          { actions: assign({ errors: ({ context }) => roleFormErrors(context.form) }) },
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
          actions: assign({ message: ({ context, event }) => event.output || roleSaved(context.form.name.trim(), context.mode) }),
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
export const roleFormGuardWords: GuardWords<typeof roleFormMachine> = {
  mayChooseType: 'Only when creating, by a user whose own type may choose one, and only a type that user may assign.',
  isValid: 'Save only when the form passes every check; otherwise the checks are listed together.',
};
