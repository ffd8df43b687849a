import type * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import type { CreateRoleBody, CreateUserBody, EditRoleBody, EditUserBody } from '../services/managementRules';
import { savedMessage } from '../services/successTexts';
import {
  choosesType,
  failureOf,
  type FormContext,
  type FormEntity,
  type FormOutput,
  type ManagementFormInput,
  type SaveInput,
} from './managementForm';
import type { GuardWords } from './guardWords';
import { roleFormEntity } from './roleForm';
import { userFormEntity } from './userForm';
import { msg } from '../i18n/msg';

export type ManagementFormEvent<Change> =
  { type: 'CHANGE'; change: Change } | { type: 'SUBMIT' } | { type: 'DISMISS_FAILURE' } | { type: 'CANCEL' };

/**
 * One form machine for New/Edit User and New/Edit Role: the entity says which changes it takes
 * and what its schema finds wrong; the machine lists every error together on Save, re-checks
 * them on each change once shown, sends, and ends saying whether anything was saved.
 */
function createManagementFormMachine<
  Row extends { id: number },
  Form extends { name: string },
  Change,
  Options,
  Create,
  Edit,
>(id: string, entity: FormEntity<Row, Form, Change, Options, Create, Edit>) {
  return setup({
    types: {
      context: {} as FormContext<Form, Options>,
      events: {} as ManagementFormEvent<Change>,
      input: {} as ManagementFormInput<Row, Options>,
      output: {} as FormOutput,
    },
    actors: {
      save: fromPromise<string, SaveInput<Create, Edit>>(async () => {
        throw new Error(`${id}: save is provided per form`);
      }),
    },
    actions: {
      /** Once errors are shown, each edit re-checks them, so the list always describes the form as it is. */
      revalidate: assign({ errors: ({ context }) => (context.errors.length ? entity.errorsOf(context) : []) }),
    },
    guards: {
      changeAllowed: ({ context, event }) => event.type === 'CHANGE' && entity.accepts(context, event.change),
      isValid: ({ context }) => entity.errorsOf(context).length === 0,
    },
  }).createMachine({
    id,
    context: ({ input }) => {
      const chooses = choosesType(input.ownType);
      return {
        mode: input.record ? 'edit' : 'create',
        id: input.record?.id ?? null,
        ownType: input.ownType,
        choosesType: chooses,
        options: input.options,
        form: entity.formOf(input, chooses),
        errors: [],
        failure: null,
        message: null,
      } as FormContext<Form, Options>;
    },
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: {
            guard: 'changeAllowed',
            actions: [assign({ form: ({ context, event }) => entity.apply(context, event.change) }), 'revalidate'],
          },
          SUBMIT: [
            { guard: 'isValid', target: 'submitting', actions: assign({ errors: [] }) },
            { actions: assign({ errors: ({ context }) => entity.errorsOf(context) }) },
          ],
          DISMISS_FAILURE: { actions: assign({ failure: null }) },
          CANCEL: 'cancelled',
        },
      },
      submitting: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => entity.payloadOf(context),
          onDone: {
            target: 'saved',
            actions: assign({
              message: ({ context, event }) =>
                event.output || savedMessage(entity.noun, context.form.name.trim(), context.mode),
            }),
          },
          onError: { target: 'editing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        },
      },
      saved: { type: 'final' },
      cancelled: { type: 'final' },
    },
    output: ({ context }) => ({ saved: context.message != null, message: context.message }),
  });
}

export const userFormMachine = createManagementFormMachine('userForm', userFormEntity).provide({
  actors: {
    save: fromPromise<string, SaveInput<v.InferInput<typeof CreateUserBody>, v.InferInput<typeof EditUserBody>>>(
      async ({ input }) =>
        (input.mode === 'create' ? await api.createUser(input.body) : await api.editUser(input.body)).message,
    ),
  },
});

export const roleFormMachine = createManagementFormMachine('roleForm', roleFormEntity).provide({
  actors: {
    save: fromPromise<string, SaveInput<v.InferInput<typeof CreateRoleBody>, v.InferInput<typeof EditRoleBody>>>(
      async ({ input }) =>
        (input.mode === 'create' ? await api.createRole(input.body) : await api.editRole(input.body)).message,
    ),
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const userFormGuardWords: GuardWords<typeof userFormMachine> = {
  changeAllowed: msg({
    defaultMessage:
      'A field change is taken only where the user form allows it: a type only when creating, by a SUPER ADMIN, and ' +
      'one they may assign; a role of the chosen type; clients for a type tied to clients; the e-mail only when ' +
      'creating; the active switch only when editing.',
    id: 'G4i8hy',
  }),
  isValid: msg({
    defaultMessage:
      "Save only when the form passes the user schema's every check; otherwise its messages are listed together.",
    id: 'CN6qxB',
  }),
};

export const roleFormGuardWords: GuardWords<typeof roleFormMachine> = {
  changeAllowed: msg({
    defaultMessage:
      'A field change is taken only where the role form allows it: a type only when creating, by a SUPER ADMIN, and ' +
      'one they may assign.',
    id: 'WTv0YL',
  }),
  isValid: msg({
    defaultMessage:
      "Save only when the form passes the role schema's every check; otherwise its messages are listed together.",
    id: 'Jmfl4E',
  }),
};
