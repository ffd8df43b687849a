/**
 * Who may call each route, written by hand from the product spec (section 6, Roles and permissions;
 * section 7, the calls) and docs/api.md's "Users, roles and authorization" and the module notes in docs/. It is
 * deliberately NOT read from server/http/routeTable.ts: the matrix test holds the server's answers
 * against this table, so a rule dropped from the route table fails instead of moving its
 * expectation along with it. A new route must be added here by hand (a test checks both name the
 * same routes).
 */
export type Expectation =
  /** Anyone, no token needed. */
  | { who: 'public' }
  /** Any signed-in user, before or after the OTP step (two-factor set-up happens before it). */
  | { who: 'any session' }
  /**
   * Past the OTP step (spec 6: "The OTP must be verified before any dashboard page ... is reachable"), whatever the
   * role holds.
   */
  | { who: 'verified' }
  /** Past the OTP step and holding one of `modules` through their role; `only` narrows the user type further. */
  | { who: 'module holder'; modules: string[]; only?: 'SUPER ADMIN' | 'staff' };

const PUBLIC: Expectation = { who: 'public' };
const ANY_SESSION: Expectation = { who: 'any session' };
const VERIFIED: Expectation = { who: 'verified' };
const holder = (...modules: string[]): Expectation => ({ who: 'module holder', modules });
const superAdmin = (module: string): Expectation => ({ who: 'module holder', modules: [module], only: 'SUPER ADMIN' });
const staff = (module: string): Expectation => ({ who: 'module holder', modules: [module], only: 'staff' });

const API = '/api/backoffice';

export const authorizationExpectations: Record<string, Expectation> = {
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  'GET /api/docs': PUBLIC,
  // The demo merchant's callback receiver checks a signature, not a session.
  'POST /demo-merchant/callback/:clientId': PUBLIC,

  [`POST ${API}/auth/login`]: PUBLIC,
  // The OTP step and two-factor set-up come before the OTP is verified.
  [`POST ${API}/user/validate-otp`]: ANY_SESSION,
  [`POST ${API}/auth/logout`]: ANY_SESSION,
  [`GET ${API}/user/me`]: ANY_SESSION,
  [`GET ${API}/user/generate-otp`]: ANY_SESSION,
  [`POST ${API}/user/verify-otp`]: ANY_SESSION,
  // User Settings' own action: a password alone must never remove the second factor.
  [`DELETE ${API}/user/disable-otp`]: holder('settings-user'),
  // Issue 44: one's own sessions, from User Settings; only the caller's own change, so an AUDITOR may too.
  [`GET ${API}/user/sessions`]: holder('settings-user'),
  [`DELETE ${API}/user/sessions/:id`]: holder('settings-user'),
  [`POST ${API}/user/sessions/sign-out-others`]: holder('settings-user'),
  // Issue 48: one's own language, from User Settings; it changes only the caller's reading, so an AUDITOR's too.
  [`PUT ${API}/user/language`]: holder('settings-user'),
  // Issue 44: a recovery code stands in for the OTP, so it comes before the OTP step; a new set is User Settings'.
  [`POST ${API}/user/recovery-code`]: ANY_SESSION,
  [`POST ${API}/user/recovery-codes`]: holder('settings-user'),

  // Option lists "loaded after login" and the notifications: every verified user.
  [`GET ${API}/master/modules`]: VERIFIED,
  [`GET ${API}/master/banks`]: VERIFIED,
  [`GET ${API}/master/client`]: VERIFIED,
  [`GET ${API}/master/roles`]: VERIFIED,
  ['GET /api/v1/notification']: VERIFIED,
  ['GET /api/v1/notification/work-order']: VERIFIED,
  ['PATCH /api/v1/notification/:id/read']: VERIFIED,
  ['PATCH /api/v1/notification/read-all']: VERIFIED,

  // Payments Balance: anyone with the module sees and requests; spec 6 "withdrawal complete/reject" is SUPER ADMIN's.
  [`GET ${API}/balance/current-balance`]: holder('balance'),
  [`GET ${API}/balance/withdrawal-history`]: holder('balance'),
  [`POST ${API}/balance/add-withdrawal`]: holder('balance'),
  [`PATCH ${API}/balance/update-withdrawal`]: superAdmin('balance'),
  // The balance summary feeds the Payin Detail, Disbursement Account, Master Disbursement Balance and Payments Balance
  // pages.
  [`GET ${API}/transaction/account-summary`]: holder(
    'payin',
    'disbursement-account',
    'disbursement-master-balance',
    'balance',
  ),

  // docs/disbursements.md: payin for payin-list, disbursement-account for balance-history, disbursement-master-balance
  // for update-balance, which makes money and so is never a client user's act.
  [`GET ${API}/transaction/payin-list`]: holder('payin'),
  [`GET ${API}/transaction/balance-history`]: holder('disbursement-account'),
  [`PATCH ${API}/transaction/update-balance`]: staff('disbursement-master-balance'),

  // Payments List: spec 6 "Other roles get only refresh-status ... and resend-callback" besides reading;
  // finalize, add-to-withdrawable-balance, invoice, the bulk update and Check Transactions are SUPER ADMIN's.
  [`GET ${API}/transaction/list`]: holder('transactions'),
  [`GET ${API}/transaction/summary`]: holder('transactions'),
  [`GET ${API}/transaction/download`]: holder('transactions'),
  [`PATCH ${API}/transaction/get-status-transaction`]: holder('transactions'),
  [`POST ${API}/transaction/resend-callback`]: holder('transactions'),
  [`PATCH ${API}/transaction/finalized-transaction`]: superAdmin('transactions'),
  [`PATCH ${API}/balance/add-withdrawable-balance`]: superAdmin('transactions'),
  [`PATCH ${API}/transaction/update-transaction`]: superAdmin('transactions'),
  [`POST ${API}/transaction/generate-invoice`]: superAdmin('transactions'),
  [`POST ${API}/transaction/get-status-transaction-file`]: superAdmin('transactions'),
  // Issue 47: the delivery log is read by whoever reads the Payments List (a client user only their clients').
  [`GET ${API}/callbacks`]: holder('transactions'),
  [`GET ${API}/callbacks/:correlationId/attempts`]: holder('transactions'),
  // Issue 47: a client's callback endpoint (its URL, its secret, a test callback) is a SUPER ADMIN's.
  [`GET ${API}/master/client/:id/callback`]: superAdmin('transactions'),
  [`PUT ${API}/master/client/:id/callback-url`]: superAdmin('transactions'),
  [`POST ${API}/master/client/:id/callback-secret`]: superAdmin('transactions'),
  [`POST ${API}/master/client/:id/test-callback`]: superAdmin('transactions'),

  // Disbursement List: spec 6 "no row actions on disbursements" for other roles; finalize/reject and the void upload
  // are SUPER ADMIN's.
  [`GET ${API}/transaction/list-disbursement`]: holder('disbursement-list'),
  [`GET ${API}/transaction/summary-disbursement`]: holder('disbursement-list'),
  [`GET ${API}/transaction/download-disbursement`]: holder('disbursement-list'),
  [`PATCH ${API}/transaction/update-disbursement`]: superAdmin('disbursement-list'),
  [`PATCH ${API}/transaction/get-status-disbursement`]: superAdmin('disbursement-list'),
  [`POST ${API}/transaction/generate-invoice-disbursement`]: superAdmin('disbursement-list'),
  [`PATCH ${API}/balance/add-withdrawable-disbursement`]: superAdmin('disbursement-list'),
  [`POST ${API}/transaction/disbursement-check-transaction`]: superAdmin('disbursement-list'),

  // Spec 6: "SUPER ADMIN sees the Settlement ... menu".
  [`GET ${API}/transaction/get-settlement-status`]: superAdmin('settlement'),
  [`POST ${API}/transaction/update-settlement-v2`]: superAdmin('settlement'),
  [`GET ${API}/transaction/settlement-run`]: superAdmin('settlement'),
  [`GET ${API}/transaction/settlement-runs`]: superAdmin('settlement'),
  [`GET ${API}/transaction/settlement-report`]: superAdmin('settlement'),

  // docs/api.md, Audit log API: "SUPER ADMINs (module audit-log) read it".
  [`GET ${API}/audit-log`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/download`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/path`]: superAdmin('audit-log'),
  // Issue 28: checking the chain reads the whole log, so it is the log's readers' call too.
  [`GET ${API}/audit-log/verify`]: superAdmin('audit-log'),
  // Issue 43: a line's records moved in bulk and its journal entries are the log's readers' too.
  [`GET ${API}/audit-log/:id/items`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/:id/items/download`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/:id/journal`]: superAdmin('audit-log'),

  // Issue 28: the Ledger screen and its calls are SUPER ADMIN's, with the module ledger (read-only).
  [`GET ${API}/ledger/trial-balance`]: superAdmin('ledger'),
  [`GET ${API}/ledger/accounts/:id/entries`]: superAdmin('ledger'),
  [`GET ${API}/ledger/accounts/:id/entries/download`]: superAdmin('ledger'),
  [`GET ${API}/ledger/journal`]: superAdmin('ledger'),
  // Issue 43: the daily proof of a client, on screen and as .xlsx, is the Ledger's read too.
  [`GET ${API}/ledger/daily-proof`]: superAdmin('ledger'),
  [`GET ${API}/ledger/daily-proof/download`]: superAdmin('ledger'),

  // Issue 29: the Overview is a module that roles grant; each figure is then in the caller's own client scope.
  [`GET ${API}/overview`]: holder('overview'),

  // Issue 25, dual control: "Read with GET approval-policy (SUPER ADMIN; other users 403) and set with PUT
  // (SUPER ADMIN)"; the Approvals screen and its calls are SUPER ADMIN's, with the module approvals.
  [`GET ${API}/approval-policy`]: superAdmin('approvals'),
  [`PUT ${API}/approval-policy`]: superAdmin('approvals'),
  // Issue 42: the requests are read by whoever holds Approvals (a maker of any type sees their own); a decision needs
  // only a sign-in, as the approval lifecycle alone says who takes which step (type, maker, the action's module).
  [`GET ${API}/approvals`]: holder('approvals'),
  [`GET ${API}/approvals/:id`]: holder('approvals'),
  [`PATCH ${API}/approvals/:id`]: VERIFIED,

  // Issue 29, lists that remember: a person's own saved views and column choices, whatever their role holds.
  [`GET ${API}/saved-views`]: VERIFIED,
  [`POST ${API}/saved-views`]: VERIFIED,
  [`DELETE ${API}/saved-views/:id`]: VERIFIED,
  [`GET ${API}/list-columns`]: VERIFIED,
  [`PUT ${API}/list-columns`]: VERIFIED,

  // docs/api.md: "A role may grant Management to an ADMIN" (within their scope): the module decides, and a client user is
  // refused whatever their role holds (client users must not manage each other and their shared role).
  [`GET ${API}/management/get-users`]: staff('management-user'),
  [`POST ${API}/management/create-user`]: staff('management-user'),
  [`PATCH ${API}/management/edit-user`]: staff('management-user'),
  [`POST ${API}/management/remove-authenticator`]: staff('management-user'),
  // Issue 44: "a SUPER ADMIN can end a user's sessions from User Management".
  [`POST ${API}/management/end-sessions`]: superAdmin('management-user'),
  [`GET ${API}/management/get-roles`]: staff('management-role'),
  [`POST ${API}/management/create-role`]: staff('management-role'),
  [`PATCH ${API}/management/edit-role`]: staff('management-role'),
};

/**
 * Issue 28, by hand for the AUDITOR (the demo's auditor@demo.local, whose role holds every page an
 * AUDITOR may hold): every read of every page but Master Balance and Management, and no change at
 * all, whatever the route's module; the only changes are their own sign-in, two-factor set-up,
 * logout, marking their notifications read and keeping their own saved views and columns (issue 29).
 */
const READS: AuditorAnswer = 'allowed';
const REFUSED: AuditorAnswer = 403;
export type AuditorAnswer = 'allowed' | 403;
export const auditorExpectations: Record<string, AuditorAnswer> = {
  'GET /healthz': READS,
  'GET /readyz': READS,
  'GET /api/docs': READS,
  'POST /demo-merchant/callback/:clientId': READS,

  [`POST ${API}/auth/login`]: READS,
  [`POST ${API}/user/validate-otp`]: READS,
  [`POST ${API}/auth/logout`]: READS,
  [`GET ${API}/user/me`]: READS,
  [`GET ${API}/user/generate-otp`]: READS,
  [`POST ${API}/user/verify-otp`]: READS,
  // Removing the second factor changes the account: a SUPER ADMIN removes an auditor's authenticator.
  [`DELETE ${API}/user/disable-otp`]: REFUSED,
  // Their own sessions are theirs to see and end (issue 44), as their saved views are.
  [`GET ${API}/user/sessions`]: READS,
  [`DELETE ${API}/user/sessions/:id`]: READS,
  [`POST ${API}/user/sessions/sign-out-others`]: READS,
  // Their own language (issue 48): it changes only what they read.
  [`PUT ${API}/user/language`]: READS,
  // Their own sign-in, and their own recovery codes: it changes nothing of anyone else's.
  [`POST ${API}/user/recovery-code`]: READS,
  [`POST ${API}/user/recovery-codes`]: READS,

  [`GET ${API}/master/modules`]: READS,
  [`GET ${API}/master/banks`]: READS,
  [`GET ${API}/master/client`]: READS,
  [`GET ${API}/master/roles`]: READS,
  ['GET /api/v1/notification']: READS,
  ['GET /api/v1/notification/work-order']: READS,
  ['PATCH /api/v1/notification/:id/read']: READS,
  ['PATCH /api/v1/notification/read-all']: READS,

  [`GET ${API}/balance/current-balance`]: READS,
  [`GET ${API}/balance/withdrawal-history`]: READS,
  [`POST ${API}/balance/add-withdrawal`]: REFUSED,
  [`PATCH ${API}/balance/update-withdrawal`]: REFUSED,
  [`GET ${API}/transaction/account-summary`]: READS,

  [`GET ${API}/transaction/payin-list`]: READS,
  [`GET ${API}/transaction/balance-history`]: READS,
  [`PATCH ${API}/transaction/update-balance`]: REFUSED,

  [`GET ${API}/transaction/list`]: READS,
  [`GET ${API}/transaction/summary`]: READS,
  [`GET ${API}/transaction/download`]: READS,
  [`PATCH ${API}/transaction/get-status-transaction`]: REFUSED,
  [`POST ${API}/transaction/resend-callback`]: REFUSED,
  [`PATCH ${API}/transaction/finalized-transaction`]: REFUSED,
  [`PATCH ${API}/balance/add-withdrawable-balance`]: REFUSED,
  [`PATCH ${API}/transaction/update-transaction`]: REFUSED,
  [`POST ${API}/transaction/generate-invoice`]: REFUSED,
  [`POST ${API}/transaction/get-status-transaction-file`]: REFUSED,
  [`GET ${API}/callbacks`]: READS,
  [`GET ${API}/callbacks/:correlationId/attempts`]: READS,
  // Issue 47: an AUDITOR reads a client's callback endpoint (never its secret) and changes nothing of it.
  [`GET ${API}/master/client/:id/callback`]: READS,
  [`PUT ${API}/master/client/:id/callback-url`]: REFUSED,
  [`POST ${API}/master/client/:id/callback-secret`]: REFUSED,
  [`POST ${API}/master/client/:id/test-callback`]: REFUSED,

  [`GET ${API}/transaction/list-disbursement`]: READS,
  [`GET ${API}/transaction/summary-disbursement`]: READS,
  [`GET ${API}/transaction/download-disbursement`]: READS,
  [`PATCH ${API}/transaction/update-disbursement`]: REFUSED,
  [`PATCH ${API}/transaction/get-status-disbursement`]: REFUSED,
  [`POST ${API}/transaction/generate-invoice-disbursement`]: REFUSED,
  [`PATCH ${API}/balance/add-withdrawable-disbursement`]: REFUSED,
  [`POST ${API}/transaction/disbursement-check-transaction`]: REFUSED,

  [`GET ${API}/transaction/get-settlement-status`]: READS,
  [`POST ${API}/transaction/update-settlement-v2`]: REFUSED,
  [`GET ${API}/transaction/settlement-run`]: READS,
  [`GET ${API}/transaction/settlement-runs`]: READS,
  [`GET ${API}/transaction/settlement-report`]: READS,

  [`GET ${API}/audit-log`]: READS,
  [`GET ${API}/audit-log/download`]: READS,
  [`GET ${API}/audit-log/path`]: READS,
  [`GET ${API}/audit-log/verify`]: READS,
  [`GET ${API}/audit-log/:id/items`]: READS,
  [`GET ${API}/audit-log/:id/items/download`]: READS,
  [`GET ${API}/audit-log/:id/journal`]: READS,

  [`GET ${API}/ledger/trial-balance`]: READS,
  [`GET ${API}/ledger/accounts/:id/entries`]: READS,
  [`GET ${API}/ledger/accounts/:id/entries/download`]: READS,
  [`GET ${API}/ledger/journal`]: READS,
  [`GET ${API}/ledger/daily-proof`]: READS,
  [`GET ${API}/ledger/daily-proof/download`]: READS,

  [`GET ${API}/overview`]: READS,

  [`GET ${API}/approval-policy`]: READS,
  [`PUT ${API}/approval-policy`]: REFUSED,
  [`GET ${API}/approvals`]: READS,
  [`GET ${API}/approvals/:id`]: READS,
  [`PATCH ${API}/approvals/:id`]: REFUSED,

  // Their own saved views and columns change nothing of anyone else's, as marking notifications read.
  [`GET ${API}/saved-views`]: READS,
  [`POST ${API}/saved-views`]: READS,
  [`DELETE ${API}/saved-views/:id`]: READS,
  [`GET ${API}/list-columns`]: READS,
  [`PUT ${API}/list-columns`]: READS,

  [`GET ${API}/management/get-users`]: REFUSED,
  [`POST ${API}/management/create-user`]: REFUSED,
  [`PATCH ${API}/management/edit-user`]: REFUSED,
  [`POST ${API}/management/remove-authenticator`]: REFUSED,
  [`POST ${API}/management/end-sessions`]: REFUSED,
  [`GET ${API}/management/get-roles`]: REFUSED,
  [`POST ${API}/management/create-role`]: REFUSED,
  [`PATCH ${API}/management/edit-role`]: REFUSED,
};
