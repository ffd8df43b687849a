/**
 * Who may call each route, written by hand from the product spec (section 6, Roles and permissions;
 * section 7, the calls) and the README's "Users, roles and authorization" and module notes. It is
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

  // README: payin for payin-list, disbursement-account for balance-history, disbursement-master-balance
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

  // README, Audit log API: "SUPER ADMINs (module audit-log) read it".
  [`GET ${API}/audit-log`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/download`]: superAdmin('audit-log'),
  [`GET ${API}/audit-log/path`]: superAdmin('audit-log'),
  // Issue 28: checking the chain reads the whole log, so it is the log's readers' call too.
  [`GET ${API}/audit-log/verify`]: superAdmin('audit-log'),

  // Issue 25, dual control: "Read with GET approval-policy (SUPER ADMIN; other users 403) and set with PUT
  // (SUPER ADMIN)"; the Approvals screen and its calls are SUPER ADMIN's, with the module approvals.
  [`GET ${API}/approval-policy`]: superAdmin('approvals'),
  [`PUT ${API}/approval-policy`]: superAdmin('approvals'),
  [`GET ${API}/approvals`]: superAdmin('approvals'),
  [`GET ${API}/approvals/:id`]: superAdmin('approvals'),
  [`PATCH ${API}/approvals/:id`]: superAdmin('approvals'),

  // README: "A role may grant Management to an ADMIN" (within their scope): the module decides.
  [`GET ${API}/management/get-users`]: holder('management-user'),
  [`POST ${API}/management/create-user`]: holder('management-user'),
  [`PATCH ${API}/management/edit-user`]: holder('management-user'),
  [`POST ${API}/management/remove-authenticator`]: holder('management-user'),
  [`GET ${API}/management/get-roles`]: holder('management-role'),
  [`POST ${API}/management/create-role`]: holder('management-role'),
  [`PATCH ${API}/management/edit-role`]: holder('management-role'),
};
