import type { UserType } from '../db/schema.ts';
import { moduleCatalogue, staffOnlyModules, superAdminModules } from '../domain/moduleCatalogue.ts';

/**
 * What a route demands of its caller.
 * - public: anyone.
 * - session: a signed-in user, before or after the OTP step (two-factor set-up lives here).
 * - verified: a user who has passed the OTP step, granted `module` (or one of `anyModule`) by
 *   their role, and a SUPER ADMIN where `superAdminOnly`, a SUPER ADMIN or ADMIN (never a client
 *   user, whatever its role holds) where `staffOnly`.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'verified'; module?: string; anyModule?: string[]; superAdminOnly?: boolean; staffOnly?: boolean };

const API = '/api/backoffice';
const PUBLIC = { kind: 'public' } as const;
const SESSION = { kind: 'session' } as const;
const VERIFIED = { kind: 'verified' } as const;
const payments = { kind: 'verified', module: 'transactions' } as const;
const paymentsSuper = { kind: 'verified', module: 'transactions', superAdminOnly: true } as const;
const balance = { kind: 'verified', module: 'balance' } as const;
const disbursements = { kind: 'verified', module: 'disbursement-list' } as const;
const disbursementsSuper = { kind: 'verified', module: 'disbursement-list', superAdminOnly: true } as const;
const settlement = { kind: 'verified', module: 'settlement', superAdminOnly: true } as const;
const auditLog = { kind: 'verified', module: 'audit-log', superAdminOnly: true } as const;
const users = { kind: 'verified', module: 'management-user' } as const;
const roles = { kind: 'verified', module: 'management-role' } as const;

/**
 * The one authorization table: every route the server has, keyed "METHOD url" as registered.
 * The server refuses to start with a route missing here, and the authorization matrix test
 * walks this table, so nothing is reachable by omission.
 */
export const routeTable: Record<string, AccessRule> = {
  'GET /healthz': PUBLIC,
  'GET /api/docs': PUBLIC,
  'POST /demo-merchant/callback/:clientId': PUBLIC,

  [`POST ${API}/auth/login`]: PUBLIC,
  [`POST ${API}/user/validate-otp`]: SESSION,
  [`POST ${API}/auth/logout`]: SESSION,
  [`GET ${API}/user/me`]: SESSION,
  [`GET ${API}/user/generate-otp`]: SESSION,
  [`POST ${API}/user/verify-otp`]: SESSION,
  // Disabling needs a verified session: a password alone must never be enough to remove the second factor.
  [`DELETE ${API}/user/disable-otp`]: { kind: 'verified', module: 'settings-user' },

  [`GET ${API}/master/modules`]: VERIFIED,
  [`GET ${API}/master/banks`]: VERIFIED,
  [`GET ${API}/master/client`]: VERIFIED,
  [`GET ${API}/master/roles`]: VERIFIED,
  ['GET /api/v1/notification']: VERIFIED,
  ['GET /api/v1/notification/work-order']: VERIFIED,
  ['PATCH /api/v1/notification/:id/read']: VERIFIED,
  ['PATCH /api/v1/notification/read-all']: VERIFIED,

  [`GET ${API}/balance/current-balance`]: balance,
  [`GET ${API}/transaction/account-summary`]: { kind: 'verified', anyModule: ['payin', 'disbursement-account', 'disbursement-master-balance', 'balance'] },
  [`GET ${API}/balance/withdrawal-history`]: balance,
  [`POST ${API}/balance/add-withdrawal`]: balance,
  [`PATCH ${API}/balance/update-withdrawal`]: { kind: 'verified', module: 'balance', superAdminOnly: true },

  [`GET ${API}/transaction/payin-list`]: { kind: 'verified', module: 'payin' },
  [`GET ${API}/transaction/balance-history`]: { kind: 'verified', module: 'disbursement-account' },
  // Creating money on a disbursement balance: never a client user's own act, whatever a role grants.
  [`PATCH ${API}/transaction/update-balance`]: { kind: 'verified', module: 'disbursement-master-balance', staffOnly: true },

  [`GET ${API}/transaction/list`]: payments,
  [`GET ${API}/transaction/summary`]: payments,
  [`GET ${API}/transaction/download`]: payments,
  [`PATCH ${API}/transaction/get-status-transaction`]: payments,
  [`POST ${API}/transaction/resend-callback`]: payments,
  [`PATCH ${API}/transaction/finalized-transaction`]: paymentsSuper,
  [`PATCH ${API}/balance/add-withdrawable-balance`]: paymentsSuper,
  [`PATCH ${API}/transaction/update-transaction`]: paymentsSuper,
  [`POST ${API}/transaction/generate-invoice`]: paymentsSuper,
  [`POST ${API}/transaction/get-status-transaction-file`]: paymentsSuper,

  [`GET ${API}/transaction/list-disbursement`]: disbursements,
  [`GET ${API}/transaction/summary-disbursement`]: disbursements,
  [`GET ${API}/transaction/download-disbursement`]: disbursements,
  [`PATCH ${API}/transaction/update-disbursement`]: disbursementsSuper,
  [`PATCH ${API}/transaction/get-status-disbursement`]: disbursementsSuper,
  [`POST ${API}/transaction/generate-invoice-disbursement`]: disbursementsSuper,
  [`PATCH ${API}/balance/add-withdrawable-disbursement`]: disbursementsSuper,
  [`POST ${API}/transaction/disbursement-check-transaction`]: disbursementsSuper,

  [`GET ${API}/transaction/get-settlement-status`]: settlement,
  [`POST ${API}/transaction/update-settlement-v2`]: settlement,
  [`GET ${API}/transaction/settlement-run`]: settlement,
  [`GET ${API}/transaction/settlement-runs`]: settlement,
  [`GET ${API}/transaction/settlement-report`]: settlement,

  [`GET ${API}/audit-log`]: auditLog,
  [`GET ${API}/audit-log/download`]: auditLog,
  [`GET ${API}/audit-log/path`]: auditLog,

  [`GET ${API}/management/get-users`]: users,
  [`POST ${API}/management/create-user`]: users,
  [`PATCH ${API}/management/edit-user`]: users,
  [`POST ${API}/management/remove-authenticator`]: users,
  [`GET ${API}/management/get-roles`]: roles,
  [`POST ${API}/management/create-role`]: roles,
  [`PATCH ${API}/management/edit-role`]: roles,
};

/**
 * The pages, from the same rules: a page belongs to its module and is SUPER ADMIN only where
 * the module is. `allowed_paths` and the sidebar's modules are the pages this check lets through.
 */
export const pageTable: Array<{ path: string; module: string; rule: AccessRule }> = moduleCatalogue
  .flatMap((m) => [m, ...(m.children ?? [])])
  .map((m) => ({ path: m.path, module: m.id, rule: { kind: 'verified', module: m.id, superAdminOnly: superAdminModules.has(m.id), staffOnly: staffOnlyModules.has(m.id) } }));

export interface Grant { type: UserType; moduleIds: readonly string[] }

/** The single decision for routes and pages alike, for a caller past the OTP step. */
export function grants(caller: Grant, rule: AccessRule): boolean {
  if (rule.kind !== 'verified') return true;
  if (rule.superAdminOnly && caller.type !== 'SUPER ADMIN') return false;
  if (rule.staffOnly && caller.type === 'CLIENT') return false;
  if (rule.module && !caller.moduleIds.includes(rule.module)) return false;
  if (rule.anyModule && !rule.anyModule.some((m) => caller.moduleIds.includes(m))) return false;
  return true;
}

export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
