import { routes, type AccessRule, type RouteDef } from '../../src/services/routes.ts';
import type { UserType } from '../db/schema.ts';
import { SUPER_ADMIN_MODULES } from '../../src/services/managementRules.ts';
import { MANAGEMENT_MODULES } from '../../src/services/roleModuleRules.ts';
import { allEntries } from '../../src/services/pages.ts';
import { readsAsSuperAdmin, readsOnly, USER_TYPES } from '../../src/services/schemas.ts';

/**
 * The one type that decides (withdrawals, disbursements, settlements, held approvals), manages everyone and reads
 * the server's metrics. Every role decision names it from here: `npm run lint` refuses a user type's name elsewhere
 * in server/ (seeds and tests aside).
 */
export const SUPER_ADMIN: UserType = 'SUPER ADMIN';

/** Whether the caller is a SUPER ADMIN (an AUDITOR reads as one, but never decides: see grants). */
export const isSuperAdmin = (caller: { type: UserType }): boolean => caller.type === SUPER_ADMIN;

/** The types that may act on what they see: every type but the one that only reads (the AUDITOR). */
export const ACTING_TYPES: readonly UserType[] = USER_TYPES.filter((t) => !readsOnly(t));

/** The methods that only read (HEAD is GET without a body). */
const READS = new Set(['GET', 'HEAD']);

/**
 * Modules only a SUPER ADMIN may be granted, whatever a role says (spec section 6). Management is
 * not among them: an ADMIN role may grant it, and that ADMIN then manages users and roles of their
 * own type and clients only.
 */
export const superAdminModules = new Set(SUPER_ADMIN_MODULES);

/**
 * Modules whose pages and calls are for staff (SUPER ADMIN or ADMIN) only, whatever a client user's
 * role holds: master balance makes money; management (which a client role may not be given, though
 * older data may hold it) would let client users manage each other.
 */
export const staffOnlyModules = new Set(['disbursement-master-balance', ...MANAGEMENT_MODULES]);

/**
 * The pages (src/services/pages.ts), from the same rules as the routes: a page belongs to its module
 * and is SUPER ADMIN only where the module is. `allowed_paths` and the sidebar's modules are the
 * pages this check lets through.
 */
export const pageTable: Array<{ path: string; module: string; rule: AccessRule }> = allEntries.map((m) => ({
  path: m.path,
  module: m.id,
  rule: {
    kind: 'verified',
    // A companion page is its module's: the same check as the calls it makes.
    module: m.grantedWith ?? m.id,
    superAdminOnly: superAdminModules.has(m.id),
    staffOnly: staffOnlyModules.has(m.id),
  },
}));

export interface Grant {
  type: UserType;
  moduleIds: readonly string[];
}

/**
 * The single decision for routes and pages alike, for a caller past the OTP step. `method` is the
 * call's (a page is read). An AUDITOR reads what a SUPER ADMIN reads and changes nothing: every call
 * but a read is refused them, whatever their role holds, except what is only their own (`callersOwn`).
 */
export function grants(caller: Grant, rule: AccessRule, method = 'GET'): boolean {
  if (rule.kind !== 'verified') return true;
  if (readsOnly(caller.type) && !READS.has(method) && !rule.callersOwn) return false;
  if (rule.superAdminOnly && !readsAsSuperAdmin(caller.type)) return false;
  if (rule.staffOnly && caller.type === 'CLIENT') return false;
  if (rule.module && !caller.moduleIds.includes(rule.module)) return false;
  if (rule.anyModule && !rule.anyModule.some((m) => caller.moduleIds.includes(m))) return false;
  return true;
}

/** Whether the caller may call `route` (its own method): grants, for a route of the table. */
export const mayCall = (caller: Grant, route: RouteDef): boolean => grants(caller, route.access, route.method);

/**
 * Whether held approvals wait for the caller's decision: a SUPER ADMIN's with the Approvals page (the approval
 * lifecycle gates each decision; an AUDITOR and a maker of another type only read the requests).
 */
export const decidesApprovals = (caller: Grant): boolean =>
  isSuperAdmin(caller) && grants(caller, routes.approvals.access);

/** Whether a signed-in caller reads /metrics (a scraper comes with METRICS_TOKEN instead). */
export const readsMetrics = (caller: Grant): boolean => isSuperAdmin(caller);

/** Whether the caller sees every role in the role options; anyone else sees only the roles of their own type. */
export const seesEveryRole = (caller: Grant): boolean => isSuperAdmin(caller);
