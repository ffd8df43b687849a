import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { ITEM_PAGE_PARENTS, SETTINGS_PATH } from './pages';
import { readsAsSuperAdmin, type CurrentUser, type ModuleItem } from './schemas';

// The session machine and the screens take it from here, with the guard that uses it.
export { SETTINGS_PATH };

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The sidebar: modules whose id the user holds, children filtered the same way (spec section 2, Layout). */
export function visibleModules(all: ModuleItem[], user: Pick<CurrentUser, 'modules' | 'type'>): ModuleItem[] {
  const held = new Set(user.modules);
  return (
    all
      .filter((m) => held.has(m.id))
      // Settlement is for SUPER ADMIN alone (and an AUDITOR, to read), whatever a role says. Management is granted by roles: an ADMIN
      // given it gets the reduced screens of spec section 6 (no type column, filter or choice).
      .filter((m) => readsAsSuperAdmin(user.type) || m.id !== 'settlement')
      .map((m) => ({ ...m, children: m.children.filter((c) => held.has(c.id)) }))
  );
}

/**
 * The first allowed module, or its first child when it has children. The Overview (issue 29) is first in the menu
 * but sign-in still lands where the spec says: on the first of the others.
 */
export function landingPath(modules: ModuleItem[]): string {
  const first = modules.find((m) => m.id !== 'overview');
  if (!first) return SETTINGS_PATH;
  return first.children[0]?.path ?? first.path;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

/** The list page a path is an item page of (`/dashboard/workflows` for `/dashboard/workflows/x`), if any. */
export function itemPageParent(path: string): string | undefined {
  return ITEM_PAGE_PARENTS.find((parent) =>
    /^[^/]+$/.test(path.startsWith(`${parent}/`) ? path.slice(parent.length + 1) : ''),
  );
}

/** The spec's route guard for dashboard paths. */
export function guardDashboardPath(path: string, user: CurrentUser | null): GuardDecision {
  if (!user) return { allow: false, redirect: '/login' };
  const wanted = trimSlash(path);
  if (!user.otp_verified) return wanted === SETTINGS_PATH ? { allow: true } : { allow: false, redirect: SETTINGS_PATH };
  const allowed = user.allowed_paths.includes(wanted) || user.allowed_paths.includes(itemPageParent(wanted) ?? '');
  return allowed ? { allow: true } : { allow: false, redirect: '/404' };
}

/**
 * Where a machine sends the user (after sign-in, on sign-out, on 403): the browser's history, which
 * wouter's routes follow. Without a browser (node-run machine tests) there is nowhere to go.
 */
export function goTo(path: string): void {
  if (typeof history === 'undefined') return;
  browserNavigate(path, { replace: true });
}
