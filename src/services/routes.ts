/**
 * The one route table: each endpoint's verb, path and who may call it, written once. The API
 * client builds its URLs from it, the server registers its routes with it and derives its
 * authorization table from it, and /api/docs lists it. Its inputs (valibot schemas) are in
 * routeInputs.ts, keyed by the same names: they stay out of this file so the login screen, which
 * loads the API client, does not download every form's schema.
 */

/**
 * What a route demands of its caller.
 * - public: anyone.
 * - session: a signed-in user, before or after the OTP step (two-factor set-up lives here).
 * - verified: a user who has passed the OTP step, granted `module` (or one of `anyModule`) by
 *   their role, and a SUPER ADMIN where `superAdminOnly`, a SUPER ADMIN or ADMIN (never a client
 *   user, whatever its role holds) where `staffOnly`. An AUDITOR passes `superAdminOnly` to read,
 *   and is refused every other method unless `callersOwn` (it changes only the caller's own things).
 * Module names are the server's module catalogue ids (a server test keeps the two in step).
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'session' }
  | {
      kind: 'verified';
      module?: string;
      anyModule?: readonly string[];
      superAdminOnly?: boolean;
      staffOnly?: boolean;
      callersOwn?: boolean;
    };

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDef<P extends string = string> {
  readonly method: Method;
  /** As registered on the server, with `:params`. */
  readonly path: P;
  readonly access: AccessRule;
}

const API = '/api/backoffice';
const V1 = '/api/v1';
const PUBLIC = { kind: 'public' } as const;
const SESSION = { kind: 'session' } as const;
const VERIFIED = { kind: 'verified' } as const;
const CALLERS_OWN = { kind: 'verified', callersOwn: true } as const;
const payments = { kind: 'verified', module: 'transactions' } as const;
const paymentsSuper = { kind: 'verified', module: 'transactions', superAdminOnly: true } as const;
const balance = { kind: 'verified', module: 'balance' } as const;
const disbursements = { kind: 'verified', module: 'disbursement-list' } as const;
const disbursementsSuper = { kind: 'verified', module: 'disbursement-list', superAdminOnly: true } as const;
const settlement = { kind: 'verified', module: 'settlement', superAdminOnly: true } as const;
const auditLog = { kind: 'verified', module: 'audit-log', superAdminOnly: true } as const;
const ledger = { kind: 'verified', module: 'ledger', superAdminOnly: true } as const;
const overview = { kind: 'verified', module: 'overview' } as const;
// The policy is a SUPER ADMIN's; the requests are read on the Approvals page by whoever holds it (a maker sees their
// own: the domain's scope), and a decision needs no more than a sign-in: every gate on it (type, maker, the action's
// module) is the approval lifecycle's own (issue 42).
const approvalPolicy = { kind: 'verified', module: 'approvals', superAdminOnly: true } as const;
const approvals = { kind: 'verified', module: 'approvals' } as const;
// Managing users and roles is staff work: a client user is refused whatever their role holds (issue 28).
const users = { kind: 'verified', module: 'management-user', staffOnly: true } as const;
const roles = { kind: 'verified', module: 'management-role', staffOnly: true } as const;
// Issue 44: one's own sessions, seen and ended from User Settings (an AUDITOR's too: only their own change); a
// SUPER ADMIN ends a user's from User Management.
const ownSessions = { kind: 'verified', module: 'settings-user', callersOwn: true } as const;
const userSessions = { kind: 'verified', module: 'management-user', superAdminOnly: true } as const;

const route = <P extends string>(method: Method, path: P, access: AccessRule): RouteDef<P> => ({
  method,
  path,
  access,
});

/** Every route the server has; the server refuses to start with an /api route missing here. */
export const routes = {
  health: route('GET', '/healthz', PUBLIC),
  ready: route('GET', '/readyz', PUBLIC),
  apiDocs: route('GET', '/api/docs', PUBLIC),
  // Must match DEMO_CALLBACK_PATH, the callback URL the demo seed gives its merchants (tested).
  demoMerchantCallback: route('POST', '/demo-merchant/callback/:clientId', PUBLIC),

  login: route('POST', `${API}/auth/login`, PUBLIC),
  validateOtp: route('POST', `${API}/user/validate-otp`, SESSION),
  logout: route('POST', `${API}/auth/logout`, SESSION),
  me: route('GET', `${API}/user/me`, SESSION),
  generateOtp: route('GET', `${API}/user/generate-otp`, SESSION),
  verifyOtp: route('POST', `${API}/user/verify-otp`, SESSION),
  // Disabling needs a verified session: a password alone must never be enough to remove the second factor.
  disableOtp: route('DELETE', `${API}/user/disable-otp`, { kind: 'verified', module: 'settings-user' }),
  // Issue 48: the language a person reads the app and the API's messages in, saved for every browser (an AUDITOR's
  // too: it changes nothing but their own reading).
  saveLanguage: route('PUT', `${API}/user/language`, ownSessions),
  ownSessions: route('GET', `${API}/user/sessions`, ownSessions),
  endOwnSession: route('DELETE', `${API}/user/sessions/:id`, ownSessions),
  endOtherSessions: route('POST', `${API}/user/sessions/sign-out-others`, ownSessions),
  // Issue 44: the OTP step with a recovery code instead of the authenticator; a new set takes a current OTP as well.
  signInWithRecoveryCode: route('POST', `${API}/user/recovery-code`, SESSION),
  newRecoveryCodes: route('POST', `${API}/user/recovery-codes`, {
    kind: 'verified',
    module: 'settings-user',
    callersOwn: true,
  }),

  modules: route('GET', `${API}/master/modules`, VERIFIED),
  banks: route('GET', `${API}/master/banks`, VERIFIED),
  clients: route('GET', `${API}/master/client`, VERIFIED),
  roles: route('GET', `${API}/master/roles`, VERIFIED),
  notifications: route('GET', `${V1}/notification`, VERIFIED),
  workOrder: route('GET', `${V1}/notification/work-order`, VERIFIED),
  // Marking one's own notifications read changes nothing of anyone else's: an AUDITOR may.
  markNotificationRead: route('PATCH', `${V1}/notification/:id/read`, CALLERS_OWN),
  markAllNotificationsRead: route('PATCH', `${V1}/notification/read-all`, CALLERS_OWN),

  currentBalance: route('GET', `${API}/balance/current-balance`, balance),
  accountSummary: route('GET', `${API}/transaction/account-summary`, {
    kind: 'verified',
    anyModule: ['payin', 'disbursement-account', 'disbursement-master-balance', 'balance'],
  }),
  withdrawalHistory: route('GET', `${API}/balance/withdrawal-history`, balance),
  addWithdrawal: route('POST', `${API}/balance/add-withdrawal`, balance),
  updateWithdrawal: route('PATCH', `${API}/balance/update-withdrawal`, {
    kind: 'verified',
    module: 'balance',
    superAdminOnly: true,
  }),

  payinList: route('GET', `${API}/transaction/payin-list`, { kind: 'verified', module: 'payin' }),
  balanceHistory: route('GET', `${API}/transaction/balance-history`, {
    kind: 'verified',
    module: 'disbursement-account',
  }),
  // Creating money on a disbursement balance: never a client user's own act, whatever a role grants.
  updateBalance: route('PATCH', `${API}/transaction/update-balance`, {
    kind: 'verified',
    module: 'disbursement-master-balance',
    staffOnly: true,
  }),

  transactionList: route('GET', `${API}/transaction/list`, payments),
  transactionSummary: route('GET', `${API}/transaction/summary`, payments),
  transactionDownload: route('GET', `${API}/transaction/download`, payments),
  refreshTransactionStatus: route('PATCH', `${API}/transaction/get-status-transaction`, payments),
  resendCallback: route('POST', `${API}/transaction/resend-callback`, payments),
  finalizeTransaction: route('PATCH', `${API}/transaction/finalized-transaction`, paymentsSuper),
  addToWithdrawable: route('PATCH', `${API}/balance/add-withdrawable-balance`, paymentsSuper),
  processTransactions: route('PATCH', `${API}/transaction/update-transaction`, paymentsSuper),
  generateInvoice: route('POST', `${API}/transaction/generate-invoice`, paymentsSuper),
  checkTransactionsFile: route('POST', `${API}/transaction/get-status-transaction-file`, paymentsSuper),

  // Issue 47: merchant callbacks, seen by whoever may resend them on the Payments List (a client user only their
  // clients'); a client's endpoint (URL, secret, a test callback) is a SUPER ADMIN's.
  callbacks: route('GET', `${API}/callbacks`, payments),
  callbackAttempts: route('GET', `${API}/callbacks/:correlationId/attempts`, payments),
  callbackEndpoint: route('GET', `${API}/master/client/:id/callback`, paymentsSuper),
  updateCallbackUrl: route('PUT', `${API}/master/client/:id/callback-url`, paymentsSuper),
  rotateCallbackSecret: route('POST', `${API}/master/client/:id/callback-secret`, paymentsSuper),
  testCallback: route('POST', `${API}/master/client/:id/test-callback`, paymentsSuper),

  disbursementList: route('GET', `${API}/transaction/list-disbursement`, disbursements),
  disbursementSummary: route('GET', `${API}/transaction/summary-disbursement`, disbursements),
  disbursementDownload: route('GET', `${API}/transaction/download-disbursement`, disbursements),
  updateDisbursement: route('PATCH', `${API}/transaction/update-disbursement`, disbursementsSuper),
  refreshDisbursementStatus: route('PATCH', `${API}/transaction/get-status-disbursement`, disbursementsSuper),
  disbursementInvoice: route('POST', `${API}/transaction/generate-invoice-disbursement`, disbursementsSuper),
  addDisbursementToWithdrawable: route('PATCH', `${API}/balance/add-withdrawable-disbursement`, disbursementsSuper),
  voidDisbursementsFile: route('POST', `${API}/transaction/disbursement-check-transaction`, disbursementsSuper),

  settlementStatus: route('GET', `${API}/transaction/get-settlement-status`, settlement),
  settle: route('POST', `${API}/transaction/update-settlement-v2`, settlement),
  settlementRun: route('GET', `${API}/transaction/settlement-run`, settlement),
  settlementRuns: route('GET', `${API}/transaction/settlement-runs`, settlement),
  settlementReport: route('GET', `${API}/transaction/settlement-report`, settlement),

  auditLog: route('GET', `${API}/audit-log`, auditLog),
  auditLogDownload: route('GET', `${API}/audit-log/download`, auditLog),
  auditPath: route('GET', `${API}/audit-log/path`, auditLog),
  auditLogVerify: route('GET', `${API}/audit-log/verify`, auditLog),
  // Issue 43: one line's records moved in bulk (paged, and as a file) and the journal entries its action posted.
  auditLineItems: route('GET', `${API}/audit-log/:id/items`, auditLog),
  auditLineItemsDownload: route('GET', `${API}/audit-log/:id/items/download`, auditLog),
  auditLineJournal: route('GET', `${API}/audit-log/:id/journal`, auditLog),

  // The double-entry ledger, read-only (issue 28): the trial balance, an account's statement, a reference's journal.
  ledgerTrialBalance: route('GET', `${API}/ledger/trial-balance`, ledger),
  ledgerAccountEntries: route('GET', `${API}/ledger/accounts/:id/entries`, ledger),
  ledgerAccountEntriesDownload: route('GET', `${API}/ledger/accounts/:id/entries/download`, ledger),
  ledgerJournal: route('GET', `${API}/ledger/journal`, ledger),
  // Issue 43: a client's daily proof (opening + movements by kind = closing = the ledger), and as .xlsx.
  ledgerDailyProof: route('GET', `${API}/ledger/daily-proof`, ledger),
  ledgerDailyProofDownload: route('GET', `${API}/ledger/daily-proof/download`, ledger),

  // What needs the caller today (issue 29), in their client scope.
  overview: route('GET', `${API}/overview`, overview),
  // Lists that remember (issue 29): a person's own saved views and column choice; an AUDITOR keeps theirs too.
  savedViews: route('GET', `${API}/saved-views`, CALLERS_OWN),
  createSavedView: route('POST', `${API}/saved-views`, CALLERS_OWN),
  deleteSavedView: route('DELETE', `${API}/saved-views/:id`, CALLERS_OWN),
  listColumns: route('GET', `${API}/list-columns`, CALLERS_OWN),
  saveListColumns: route('PUT', `${API}/list-columns`, CALLERS_OWN),

  // Dual control (issue 25): the policy and the requests waiting for a second SUPER ADMIN.
  approvalPolicy: route('GET', `${API}/approval-policy`, approvalPolicy),
  updateApprovalPolicy: route('PUT', `${API}/approval-policy`, approvalPolicy),
  approvals: route('GET', `${API}/approvals`, approvals),
  approval: route('GET', `${API}/approvals/:id`, approvals),
  decideApproval: route('PATCH', `${API}/approvals/:id`, VERIFIED),

  users: route('GET', `${API}/management/get-users`, users),
  createUser: route('POST', `${API}/management/create-user`, users),
  editUser: route('PATCH', `${API}/management/edit-user`, users),
  removeAuthenticator: route('POST', `${API}/management/remove-authenticator`, users),
  endUserSessions: route('POST', `${API}/management/end-sessions`, userSessions),
  roleList: route('GET', `${API}/management/get-roles`, roles),
  createRole: route('POST', `${API}/management/create-role`, roles),
  editRole: route('PATCH', `${API}/management/edit-role`, roles),
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** Routes the server serves to others than this app's client: the API client never calls them. */
export const SERVER_ONLY_ROUTES: readonly RouteName[] = ['health', 'ready', 'apiDocs', 'demoMerchantCallback'];

/** The `:param` names of a path, as a type: `pathOf` then asks for exactly those. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type PathParams<P extends string> = [ParamNames<P>] extends [never]
  ? []
  : [params: Record<ParamNames<P>, string | number>];

/** A route's path with its `:params` filled in, each URL-encoded. */
export function pathOf<P extends string>(route: RouteDef<P>, ...[params]: PathParams<P>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`${route.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}
