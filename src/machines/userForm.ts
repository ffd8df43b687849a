import type * as v from 'valibot';
import {
  assignableTypes,
  emptyUserForm,
  takesClients,
  userFormErrors,
  type CreateUserBody,
  type EditUserBody,
  type UserForm,
  type UserRow,
} from '../services/managementRules';
import type { RoleOption, UserTypeName } from '../services/schemas';
import type { FormContext, FormEntity, SaveInput } from './managementForm';

export { takesClients };

/** One field of the user form, with its new value. */
export type UserChange = Partial<UserForm>;
export type UserFormContext = FormContext<UserForm, RoleOption[]>;
export type SaveUserInput = SaveInput<v.InferInput<typeof CreateUserBody>, v.InferInput<typeof EditUserBody>>;

/** The Role select offers roles of the chosen type only. */
export const roleOptionsFor = (roles: readonly RoleOption[], type: UserTypeName | '') =>
  type ? roles.filter((r) => r.type === type) : [];

const fieldRules: { [K in keyof UserForm]?: (c: UserFormContext, value: UserForm[K]) => boolean } = {
  type: (c, value) =>
    c.mode === 'create' && c.choosesType && value !== '' && assignableTypes(c.ownType).includes(value),
  roleId: (c, value) => value == null || roleOptionsFor(c.options, c.form.type).some((r) => r.id === value),
  clientIds: (c) => takesClients(c.form.type),
  // The e-mail is fixed once the user exists; the active switch exists only then.
  email: (c) => c.mode === 'create',
  isActive: (c) => c.mode === 'edit',
};

/** New User and Edit User (spec sections 2 and 5): which type may be chosen, the roles offered for it, what is sent. */
export const userFormEntity: FormEntity<
  UserRow,
  UserForm,
  UserChange,
  RoleOption[],
  v.InferInput<typeof CreateUserBody>,
  v.InferInput<typeof EditUserBody>
> = {
  noun: 'User',
  formOf: ({ ownType, record }, choosesType) =>
    record
      ? {
          type: record.type,
          roleId: record.role_id,
          clientIds: [...record.client_id],
          name: record.name,
          email: record.email,
          password: '',
          passwordConfirmation: '',
          isActive: record.is_active,
        }
      : emptyUserForm(choosesType ? '' : ownType),
  accepts: (c, change) =>
    (Object.keys(change) as Array<keyof UserForm>).every((k) => {
      const rule = fieldRules[k] as ((ctx: UserFormContext, value: unknown) => boolean) | undefined;
      return rule ? rule(c, change[k]) : true;
    }),
  // A role belongs to one type: another type clears it. SUPER ADMIN users see every client, so they hold none.
  apply: ({ form }, change) => {
    const next = { ...form, ...change };
    if (change.type !== undefined && change.type !== form.type)
      return { ...next, roleId: null, clientIds: takesClients(change.type) ? next.clientIds : [] };
    return next;
  },
  /** Email and type are fixed after creation; an empty password on edit is not sent. */
  payloadOf: ({ mode, id, form }): SaveUserInput => {
    const common = { role_id: form.roleId ?? 0, client_id: form.clientIds, name: form.name.trim() };
    if (mode === 'create')
      return {
        mode,
        body: { type: form.type as UserTypeName, ...common, email: form.email.trim(), password: form.password },
      };
    return {
      mode,
      body: { id: id ?? 0, ...common, ...(form.password ? { password: form.password } : {}), is_active: form.isActive },
    };
  },
  errorsOf: (c) => userFormErrors(c.form, c.mode),
};

export const payloadOf = userFormEntity.payloadOf;
