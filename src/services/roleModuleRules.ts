import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { allEntries, moduleCatalogue } from './pages';

/**
 * Which modules a role of each user type may hold, beyond the SUPER ADMIN-only modules
 * (managementRules.SUPER_ADMIN_MODULES). Issue 28: a SUPER ADMIN could give a CLIENT role User and
 * Role Management, and its users then listed and edited the other users of their clients and the
 * role they all share. The spec gives Management to SUPER ADMIN (our ADMIN roles may hold it too);
 * a client user never manages anyone. One rule, read by the role form's machine (what it offers and
 * what it sends) and by the server (create and edit role, 422).
 */
const managementGroup = moduleCatalogue.find((m) => m.id === 'management')!;

/** The User and Role Management modules: the group and its pages. */
export const MANAGEMENT_MODULES: readonly string[] = [
  managementGroup.id,
  ...(managementGroup.children ?? []).map((c) => c.id),
];

const clientBarred = new Set(MANAGEMENT_MODULES);

/** Whether a role of `roleType` may hold module `id` (the SUPER ADMIN-only modules aside). */
export const roleMayHold = (roleType: string, id: string): boolean => roleType !== 'CLIENT' || !clientBarred.has(id);

const titleOf = (id: string) => {
  const entry = allEntries.find((e) => e.id === id)!;
  return entry.pageTitle ?? entry.title;
};

/**
 * The titles of the barred modules in a selection, as the menu's pages name them: a group is named
 * only when none of its pages is in the selection (its pages say it already).
 */
function barredTitles(roleType: string, modules: readonly string[]): string[] {
  const held = [...new Set(modules.filter((id) => !roleMayHold(roleType, id)))];
  const named = held.filter(
    (id) => !moduleCatalogue.some((g) => g.id === id && (g.children ?? []).some((c) => held.includes(c.id))),
  );
  return named.map(titleOf);
}

export const clientRoleRefusal = (titles: readonly string[]) =>
  msg({ defaultMessage: 'A client role cannot hold {modules}.', id: 'F00t1d' }, { modules: titles.join(', ') });

/** The rule as a schema over a role's type and modules; its message sits on `modules`. */
export const RoleTypeModules = v.pipe(
  v.object({ type: v.string(), modules: v.array(v.string()) }),
  v.forward(
    v.check(
      (role) => barredTitles(role.type, role.modules).length === 0,
      (issue) => {
        const role = issue.input as { type: string; modules: string[] };
        return clientRoleRefusal(barredTitles(role.type, role.modules));
      },
    ),
    ['modules'],
  ),
);

/** The rule's refusal for a role of `roleType` holding `modules`, or null when it may hold them. */
export function roleModulesProblem(roleType: string, modules: readonly string[]): string | null {
  const result = v.safeParse(RoleTypeModules, { type: roleType, modules: [...modules] });
  return result.success ? null : result.issues[0].message;
}
