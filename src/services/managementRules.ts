import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { fieldMessages } from './formIssues';
import { IdParam } from './listQuery';
import { roleMayHold, roleModulesProblem } from './roleModuleRules';
import { USER_TYPES, UserTypeName, seesEveryClient, type ModuleItem } from './schemas';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/** Spec sections 3, 5 and 8: User Management and Role Management, shared by the forms and the server. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Spec section 1: client users exist but their type name is not shown. A Type cell leaves it out; where
 * a person picks a type, client users are called what they are instead.
 */
export const shownUserType = (type: UserTypeName): string => (type === 'CLIENT' ? '' : type);
export const userTypeChoice = (type: UserTypeName): string =>
  type === 'CLIENT' ? msg({ defaultMessage: 'Client user', id: 'Trp+oO' }) : type;

/**
 * A user may hand out their own type or a lower one, never a higher one. An AUDITOR ranks with a
 * SUPER ADMIN, so only a SUPER ADMIN makes one (an AUDITOR makes nothing: readsOnly).
 */
const typeRank: Record<UserTypeName, number> = { 'SUPER ADMIN': 3, AUDITOR: 3, ADMIN: 2, CLIENT: 1 };
export const assignableTypes = (own: UserTypeName): UserTypeName[] =>
  USER_TYPES.filter((t) => typeRank[t] <= typeRank[own]);

export const SAVE_FAILED = msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' });
export const MODULE_REQUIRED = msg({ defaultMessage: 'At least 1 selected Module is required', id: 'Oh8UOW' });
export const PASSWORDS_DIFFER = msg({
  defaultMessage: 'Password and Password Confirmation does not match',
  id: 'H0rXbE',
});
export const NO_ROLE_NAME = msg({ defaultMessage: 'Tidak Ada Role', id: 'VVqyu1' });

export interface UserForm {
  type: UserTypeName | '';
  roleId: number | null;
  clientIds: number[];
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  isActive: boolean;
}

export const emptyUserForm = (type: UserTypeName | '' = ''): UserForm => ({
  type,
  roleId: null,
  clientIds: [],
  name: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  isActive: true,
});

/** 'must contain @ and .' (spec section 5), read as: something@something.something. */
export const isEmailValid = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

export interface RoleForm {
  name: string;
  description: string;
  type: UserTypeName | '';
  modules: string[];
}

export const emptyRoleForm = (type: UserTypeName | '' = ''): RoleForm => ({
  name: '',
  description: '',
  type,
  modules: [],
});

/**
 * The module ids a role stores for a selection: a parent is stored with its children, and a
 * parent's required children are always in. Selecting only a parent selects its required children.
 */
export function normalizeModules(tree: ModuleItem[], selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  const result: string[] = [];
  for (const parent of tree) {
    const children = parent.children.filter((c) => chosen.has(c.id));
    if (!chosen.has(parent.id) && children.length === 0) continue;
    result.push(parent.id);
    for (const child of parent.children) {
      if (child.is_required || chosen.has(child.id)) result.push(child.id);
    }
  }
  return result;
}

/**
 * Modules only SUPER ADMIN roles may hold (spec section 6), whatever else a role says. Approvals is not
 * among them (issue 42): a maker of any type follows and cancels their own held requests there.
 */
export const SUPER_ADMIN_MODULES: readonly string[] = ['settlement', 'audit-log', 'ledger'];

/**
 * The pages an AUDITOR role may hold (issue 28): every list, figure and export, and their own settings;
 * no management and no Master Balance (an adjustment screen).
 */
export const AUDITOR_MODULES: readonly string[] = [
  'overview',
  'transactions',
  'payin',
  'disbursement',
  'disbursement-list',
  'disbursement-account',
  'balance',
  'settlement',
  'audit-log',
  'workflows',
  'approvals',
  'ledger',
  'settings',
  'settings-user',
];

/** Whether a role of this type may hold the module: the one rule the role form and the server apply. */
export const typeMayHold = (roleType: UserTypeName | '', moduleId: string): boolean =>
  roleType === 'SUPER ADMIN'
    ? true
    : roleType === 'AUDITOR'
      ? AUDITOR_MODULES.includes(moduleId)
      : !SUPER_ADMIN_MODULES.includes(moduleId) && roleMayHold(roleType, moduleId);

/**
 * The modules a role of this type can be given: the form offers only these, the server accepts only
 * these (SUPER ADMIN-only modules here, a client role's barred ones in roleModuleRules).
 */
export const modulesFor = (tree: ModuleItem[], roleType: UserTypeName | ''): ModuleItem[] =>
  tree
    .filter((m) => typeMayHold(roleType, m.id))
    .map((m) => ({ ...m, children: m.children.filter((c) => typeMayHold(roleType, c.id)) }));

/** Toggling one module in the role form, keeping the stored shape (see normalizeModules). */
export function toggleModule(tree: ModuleItem[], selected: readonly string[], id: string, on: boolean): string[] {
  const parent = tree.find((p) => p.id === id);
  if (parent) {
    const family = [parent.id, ...parent.children.map((c) => c.id)];
    const rest = selected.filter((m) => !family.includes(m));
    return normalizeModules(tree, on ? [...rest, ...family] : rest);
  }
  const owner = tree.find((p) => p.children.some((c) => c.id === id));
  if (owner?.children.find((c) => c.id === id)?.is_required && !on) return normalizeModules(tree, selected);
  if (on) return normalizeModules(tree, [...selected, id]);
  const remaining = selected.filter((m) => m !== id);
  // Turning off the last optional child leaves the parent with only its required children.
  return normalizeModules(tree, remaining);
}

/** Whether every child of a parent is selected (its 'Select all' switch). */
export const allChildrenSelected = (parent: ModuleItem, selected: readonly string[]) =>
  parent.children.length > 0 ? parent.children.every((c) => selected.includes(c.id)) : selected.includes(parent.id);

// Each field says its own name in its messages, so that the name translates with the sentence ('Role Name is required').
const Name = (said: { required: string; tooLong: string }) =>
  v.pipe(v.string(said.required), v.trim(), v.nonEmpty(said.required), v.maxLength(100, said.tooLong));
const Id = (said: { required: string; notFound: string }) =>
  v.pipe(
    v.number(said.required),
    v.integer(said.required),
    v.minValue(1, said.required),
    v.maxValue(2_147_483_647, said.notFound),
  );
const ClientId = () =>
  Id({
    required: msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' }),
    notFound: msg({ defaultMessage: 'Client Name not found', id: 'KqJbAh' }),
  });
const RoleId = () =>
  Id({
    required: msg({ defaultMessage: 'Role is required', id: '2juRXU' }),
    notFound: msg({ defaultMessage: 'Role not found', id: 'IzAX76' }),
  });
const UserId = () =>
  Id({
    required: msg({ defaultMessage: 'User is required', id: 'Kr/eX6' }),
    notFound: msg({ defaultMessage: 'User not found', id: 'INrbJL' }),
  });
const PersonName = () =>
  Name({
    required: msg({ defaultMessage: 'Name is required', id: 'Gvxoji' }),
    tooLong: msg({ defaultMessage: 'Name is too long', id: 'd19HEG' }),
  });
const RoleName = () =>
  Name({
    required: msg({ defaultMessage: 'Role Name is required', id: 'V7Io8v' }),
    tooLong: msg({ defaultMessage: 'Role Name is too long', id: 'RzjR1Y' }),
  });
const UserEmail = v.pipe(
  v.string(msg({ defaultMessage: 'Email is required', id: 'cU/aSG' })),
  v.trim(),
  v.nonEmpty(msg({ defaultMessage: 'Email is required', id: 'cU/aSG' })),
  v.maxLength(254, msg({ defaultMessage: 'Email is too long', id: 'sxk4vy' })),
  v.check(isEmailValid, msg({ defaultMessage: 'Email is invalid', id: 'kZ7kzU' })),
  v.toLowerCase(),
);
const Password = v.pipe(
  v.string(msg({ defaultMessage: 'Password is required', id: 'uiFoFm' })),
  v.minLength(
    MIN_PASSWORD_LENGTH,
    msg({ defaultMessage: 'Password must be at least {min} characters', id: 'x+CG9v' }, { min: MIN_PASSWORD_LENGTH }),
  ),
  v.maxLength(256, msg({ defaultMessage: 'Password is too long', id: 'rdgh3P' })),
);
const ClientIds = v.pipe(
  v.array(ClientId(), msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' })),
  v.maxLength(1000, msg({ defaultMessage: 'Too many clients', id: 'iVkmh1' })),
);

export const CreateUserBody = v.strictObject({
  type: v.picklist(USER_TYPES, msg({ defaultMessage: 'User Type is required', id: 'M9tmXI' })),
  role_id: RoleId(),
  client_id: v.optional(ClientIds, []),
  name: PersonName(),
  email: UserEmail,
  password: Password,
  is_active: v.optional(v.boolean(msg({ defaultMessage: 'is_active must be true or false', id: 'xXfWL2' })), true),
});
export type CreateUserBody = v.InferOutput<typeof CreateUserBody>;

/** Email and type are fixed after creation; they may be echoed back but must not change. */
export const EditUserBody = v.strictObject({
  id: UserId(),
  type: v.optional(v.picklist(USER_TYPES, msg({ defaultMessage: 'User Type is invalid', id: 'XbS51I' }))),
  role_id: RoleId(),
  client_id: v.optional(ClientIds, []),
  name: PersonName(),
  email: v.optional(UserEmail),
  password: v.optional(Password),
  is_active: v.optional(v.boolean(msg({ defaultMessage: 'is_active must be true or false', id: 'xXfWL2' }))),
});
export type EditUserBody = v.InferOutput<typeof EditUserBody>;

export const RemoveAuthenticatorBody = v.strictObject({ user_id: UserId() });

const ModuleIds = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(64)), MODULE_REQUIRED),
  v.minLength(1, MODULE_REQUIRED),
  v.maxLength(100, msg({ defaultMessage: 'Too many modules', id: 'eGn5VO' })),
);

/** A role's description: required, at most 255 characters once trimmed. */
const Description = v.pipe(
  v.string(msg({ defaultMessage: 'Description is required', id: '+NKkKd' })),
  v.trim(),
  v.nonEmpty(msg({ defaultMessage: 'Description is required', id: '+NKkKd' })),
  v.maxLength(255, msg({ defaultMessage: 'Description is too long', id: 'x/Yy4t' })),
);

export const CreateRoleBody = v.strictObject({
  name: RoleName(),
  description: Description,
  type: v.picklist(USER_TYPES, msg({ defaultMessage: 'User Type is required', id: 'M9tmXI' })),
  modules: ModuleIds,
});
export type CreateRoleBody = v.InferOutput<typeof CreateRoleBody>;

export const EditRoleBody = v.strictObject({
  id: RoleId(),
  name: RoleName(),
  description: Description,
  modules: ModuleIds,
});
export type EditRoleBody = v.InferOutput<typeof EditRoleBody>;

const Search = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(100, msg({ defaultMessage: 'search is too long', id: 'zJ2dd+' }))),
);
const TypeParam = v.optional(
  v.union(
    [v.picklist(USER_TYPES), v.literal('')],
    msg({ defaultMessage: 'type must be SUPER ADMIN, ADMIN, CLIENT or AUDITOR', id: '4S+R9C' }),
  ),
);

export const UserListQuery = v.strictObject({
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
  search: Search,
  client_id: v.optional(IdParam),
  role_id: v.optional(IdParam),
  type: TypeParam,
});
export type UserListQuery = v.InferOutput<typeof UserListQuery>;

export const RoleListQuery = v.strictObject({
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
  search: Search,
  type: TypeParam,
  client_id: v.optional(IdParam),
});
export type RoleListQuery = v.InferOutput<typeof RoleListQuery>;

export const UserRow = v.strictObject({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  type: UserTypeName,
  role_id: v.nullable(v.number()),
  role_name: v.nullable(v.string()),
  client_id: v.array(v.number()),
  clients: v.array(v.string()),
  is_active: v.boolean(),
  two_factor_active: v.boolean(),
  created_at: v.string(),
});
export type UserRow = v.InferOutput<typeof UserRow>;

export const RoleRow = v.strictObject({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  type: UserTypeName,
  modules: v.array(v.string()),
  module_count: v.number(),
  created_at: v.string(),
});
export type RoleRow = v.InferOutput<typeof RoleRow>;

/** SUPER ADMIN and AUDITOR users see every client by their type; the server stores no list for them. */
export const takesClients = (type: UserTypeName | '') => !seesEveryClient(type);

/** The Clients column of User Management. */
export const clientsText = (row: Pick<UserRow, 'type' | 'clients'>) =>
  takesClients(row.type) ? row.clients.join(', ') || '-' : msg({ defaultMessage: 'All Clients', id: '/04a1C' });

const passwordAsked = (form: UserForm, mode: 'create' | 'edit') =>
  mode === 'create' || form.password !== '' || form.passwordConfirmation !== '';

/**
 * The user form's rules: the create body's own field schemas (the ones the API client and the
 * server route use), plus what only the form has: the confirmation, and clients for a type tied
 * to clients (the server says the same in managementScope). The spec's product tested the client
 * list where it meant the role; here a role is required, as intended. An edit asks for the
 * password only once one of the two fields is typed.
 */
export function userFormSchema(form: UserForm, mode: 'create' | 'edit') {
  const asked = passwordAsked(form, mode);
  const body = CreateUserBody.entries;
  return v.pipe(
    v.object({
      type: body.type,
      role_id: body.role_id,
      client_id: takesClients(form.type)
        ? v.pipe(ClientIds, v.minLength(1, msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' })))
        : v.array(v.number()),
      name: body.name,
      email: body.email,
      password: asked ? Password : v.optional(v.string()),
      password_confirmation: asked
        ? v.string(msg({ defaultMessage: 'Password Confirmation is required', id: 'RgIQyb' }))
        : v.optional(v.string()),
    }),
    v.forward(
      v.partialCheck(
        [['password'], ['password_confirmation']],
        (i) => i.password === i.password_confirmation,
        PASSWORDS_DIFFER,
      ),
      ['password_confirmation'],
    ),
  );
}

/** The form as its schema reads it: an empty field is a missing one (so it is 'required', not 'too short'). */
export const userFormValue = (form: UserForm) => ({
  type: form.type || undefined,
  role_id: form.roleId ?? undefined,
  client_id: form.clientIds,
  name: form.name,
  email: form.email,
  password: form.password || undefined,
  password_confirmation: form.passwordConfirmation || undefined,
});

const USER_FIELDS = ['type', 'role_id', 'client_id', 'name', 'email', 'password', 'password_confirmation'] as const;

/** Every broken rule of the user form at once, in field order (shown as bullet points). */
export const userFormErrors = (form: UserForm, mode: 'create' | 'edit') =>
  fieldMessages(userFormSchema(form, mode), userFormValue(form), USER_FIELDS);

const ROLE_FIELDS = ['name', 'type', 'description', 'modules'] as const;

/**
 * Every broken rule of the role form at once: the body it would send, checked by the route's own
 * schema, and by the server's rule of what a role of its type may hold (an edit sends no type, so
 * the form's own is passed).
 */
export function roleFormErrors(body: unknown, mode: 'create' | 'edit', roleType: UserTypeName | ''): string[] {
  const errors = fieldMessages(mode === 'create' ? CreateRoleBody : EditRoleBody, body, ROLE_FIELDS);
  const modules = (body as { modules?: unknown }).modules;
  const problem = Array.isArray(modules) ? roleModulesProblem(roleType, modules.map(String)) : null;
  return problem && !errors.includes(problem) ? [...errors, problem] : errors;
}
