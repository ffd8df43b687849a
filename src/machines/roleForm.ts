import type * as v from 'valibot';
import {
  assignableTypes,
  emptyRoleForm,
  modulesFor,
  normalizeModules,
  roleFormErrors,
  toggleModule,
  type CreateRoleBody,
  type EditRoleBody,
  type RoleForm,
  type RoleRow,
} from '../services/managementRules';
import type { ModuleItem, UserTypeName } from '../services/schemas';
import type { FormContext, FormEntity, SaveInput } from './managementForm';

/**
 * One field's new value, or a module's checkbox / a parent's 'Select all' switch (a parent id selects or clears its
 * whole module).
 */
export type RoleChange = Partial<Pick<RoleForm, 'name' | 'description' | 'type'>> | { module: string; on: boolean };
export type RoleFormContext = FormContext<RoleForm, ModuleItem[]>;
export type SaveRoleInput = SaveInput<v.InferInput<typeof CreateRoleBody>, v.InferInput<typeof EditRoleBody>>;

/**
 * New Role and Edit Role (spec sections 2 and 5): the module selection (a parent's switch selects
 * its whole module, required children stay on while their module is chosen), what is sent.
 */
export const roleFormEntity: FormEntity<
  RoleRow,
  RoleForm,
  RoleChange,
  ModuleItem[],
  v.InferInput<typeof CreateRoleBody>,
  v.InferInput<typeof EditRoleBody>
> = {
  noun: 'Role',
  formOf: ({ ownType, options: tree, record }, choosesType) =>
    record
      ? // A stored role may predate a module's required child: the form shows it as the server will store it.
        {
          name: record.name,
          description: record.description,
          type: record.type,
          modules: normalizeModules(tree, record.modules),
        }
      : emptyRoleForm(choosesType ? '' : ownType),
  accepts: (c, change) => {
    if (!('type' in change)) return true;
    const type = change.type;
    return (
      c.mode === 'create' && c.choosesType && type != null && type !== '' && assignableTypes(c.ownType).includes(type)
    );
  },
  apply: ({ form, options: tree }, change) =>
    'module' in change
      ? { ...form, modules: toggleModule(tree, form.modules, change.module, change.on) }
      : { ...form, ...change },
  /** The type is fixed once the role exists, so an edit does not send it. */
  payloadOf: ({ mode, id, form, options: tree }): SaveRoleInput => {
    const common = {
      name: form.name.trim(),
      description: form.description.trim(),
      modules: normalizeModules(modulesFor(tree, form.type), form.modules),
    };
    return mode === 'create'
      ? { mode, body: { ...common, type: form.type as UserTypeName } }
      : { mode, body: { id: id ?? 0, ...common } };
  },
  errorsOf: (c) => roleFormErrors(roleFormEntity.payloadOf(c).body, c.mode, c.form.type),
};

export const payloadOf = roleFormEntity.payloadOf;
