import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { routeInputs } from '../../src/services/routeInputs.ts';
import { routes, type AccessRule, type RouteName } from '../../src/services/routes.ts';
import { routeAnswers, type RouteAnswers } from '../http/responseSchemas.ts';

type Schema = v.GenericSchema;

/** One line per route of the route table (a route without one does not compile). */
export const routeSummaries: Record<RouteName, string> = {
  health: 'Liveness and database check',
  ready: "Readiness for traffic: database, migrations and job queue (a load balancer's check)",
  apiDocs: 'This OpenAPI document',
  demoMerchantCallback: "Demo merchants' callback receiver (HMAC-signed body)",
  login: 'Sign in with e-mail and password; the token reaches two-factor calls only',
  validateOtp: 'Swap the sign-in token for a verified one with an authenticator code',
  logout: 'End this session',
  me: 'The signed-in user: modules, allowed paths, clients',
  generateOtp: 'Start two-factor set-up: QR code and secret',
  verifyOtp: 'Finish two-factor set-up (or replace a lost authenticator); every session ends; data: ten recovery codes',
  disableOtp: 'Turn two-factor off; every session ends',
  ownSessions:
    "The caller's live sessions, newest sign-in first: data [{ id, browser, ip, created_at, last_seen_at, current, " +
    'otp_verified }]',
  endOwnSession: "Sign out one of the caller's sessions at once (its sockets too); another user's session is 404",
  saveLanguage:
    "Save the caller's language (en or id): the app's and the API messages' from the next call on: data { language }",
  endOtherSessions: 'Sign out every session of the caller but this one: data { ended }',
  signInWithRecoveryCode:
    'The OTP step with a single-use recovery code instead of the authenticator: answers as validate-otp; every ' +
    'SUPER ADMIN is told, and the user is asked to set up a new authenticator (must_reset_two_factor)',
  newRecoveryCodes: 'A new set of ten recovery codes, replacing the old; takes a current authenticator code (passcode)',
  modules: 'Module tree',
  banks: 'Banks',
  clients: 'Clients the user may see',
  roles: 'Roles the user may see',
  notifications:
    "The user's newest 50 notifications (work orders, OPEN or RESOLVED) and the unread count: data { items, unread }",
  workOrder: 'One work order the user was notified of',
  markNotificationRead: 'Mark a notification read',
  markAllNotificationsRead: "Mark every one of the user's notifications read",
  currentBalance: "A client's balances",
  accountSummary: "A client's balances (pay-in and disbursement screens)",
  withdrawalHistory: 'Withdrawals, paged',
  addWithdrawal:
    "Request a withdrawal (type 'withdrawal', with the bank account) or a transfer to disburse (type 'transfer', no " +
    "bank fields); the spec's payload without type is taken too, a transfer being bank '0', account '0', name 'None' " +
    '(Idempotency-Key header honoured)',
  updateWithdrawal: 'Complete or reject a PENDING withdrawal',
  payinList: 'Deposits onto the disbursement balance in a window (default yesterday to today)',
  balanceHistory: 'Deposit history of the disbursement balance, paged, newest first',
  updateBalance: 'Master balance adjustment (never below zero)',
  transactionList: 'Pay-ins, paged, newest first',
  transactionSummary: 'Count, amount and fee of exactly the listed pay-ins',
  transactionDownload: 'The filtered pay-ins as .xlsx, or e-mailed when email= is given',
  refreshTransactionStatus: "Ask the channel for a pending QRIS pay-in's status",
  resendCallback: "Send FINALIZED pay-ins to the client's callback URL again",
  callbacks: 'Callback deliveries (one per pay-in, its latest attempt), paged, newest first',
  callbackAttempts: "Every attempt at one pay-in's callback, newest first",
  callbackEndpoint: "A client's callback URL and secret rotation (never the secret)",
  updateCallbackUrl: "Set a client's callback URL (https in production; no private, loopback or metadata addresses)",
  rotateCallbackSecret: 'A new callback secret, shown once; the old one signs beside it for 24 hours',
  testCallback: "Send a signed sample callback to the client's URL and answer its outcome",
  finalizeTransaction: 'Finalize a pay-in by hand',
  addToWithdrawable: "Move a FINALIZED pay-in's amount to withdrawable, once",
  processTransactions:
    'Move every FINALIZED pay-in of the window and filter to withdrawable: dry_run: true previews { count, amount, ' +
    'fee }; the apply sends expected_count and expected_amount (409 when the selection changed)',
  generateInvoice: 'Invoice of a pay-in',
  checkTransactionsFile: "Match providers' settlement files against our pay-ins",
  disbursementList: 'Disbursements, paged, newest first (default window: the last 7 days)',
  disbursementSummary: 'Count, amount and fee of exactly the listed disbursements',
  disbursementDownload: 'The filtered disbursements as .xlsx, or e-mailed when email= is given',
  updateDisbursement: 'Finalize (COMPLETED) or reject a PENDING_REQUEST or PENDING disbursement',
  refreshDisbursementStatus: "Ask the transfer provider for an open disbursement's status and apply it",
  disbursementInvoice: 'Invoice of a FINALIZED disbursement',
  addDisbursementToWithdrawable: "Move a released disbursement's amount + fee to withdrawable, once",
  voidDisbursementsFile:
    'Void the FINALIZED disbursements a CSV or XLSX of correlation_ids lists; with the field dry_run=true, say what ' +
    "each row would do and what would come back, changing nothing; the apply may send the preview's expected_count " +
    'and expected_amount (409, nothing voided, when the file would now void other figures)',
  settlementStatus: "A settlement type's FINALIZED pay-ins in the window, per client and service",
  settle:
    'Settle every FINALIZED pay-in of the type in the window, as a job (a second press joins the running one); ' +
    'expected_count and expected_amount (net) of the rows confirmed may be sent (409, no run, when they changed)',
  settlementRun: "A settlement run's progress and outcome",
  settlementRuns: 'The latest settlement runs, newest first',
  settlementReport: "A settlement run's report as .xlsx (base64)",
  auditLog: 'The audit log, paged, newest first (SUPER ADMIN); actor is a case-insensitive contains on the e-mail',
  auditLogDownload: 'The filtered audit log as .xlsx (base64), at most 100,000 lines',
  auditPath: "An entity's status path from the audit log: data { entity, steps[] }",
  auditLineItems:
    'The records a bulk audit line moved (issue 43), paged in the order its chained digest covers: data [{ position, ' +
    'object_type, object_id, object_label }]; 404 for a line that moved none in bulk',
  auditLineItemsDownload: "A bulk audit line's records as .xlsx (base64)",
  auditLineJournal:
    "The journal entries the audit line's action posted (issue 43), oldest first, paged, each with its postings",
  auditLogVerify:
    "Recomputes the audit log's hash chain in id order: data { valid, rows, head, first_broken_id } (issue 28)",
  ledgerTrialBalance:
    'The trial balance (SUPER ADMIN): data { accounts[{ id, code, name, client_id, kind, balance }], totals { debit, ' +
    'credit }, first_posting_at } }, now or as of `at` (an ISO moment: only entries posted by then count, and ' +
    'first_posting_at says when the first was); debits are the positive balances and equal the credits',
  ledgerAccountEntries:
    "An account's statement, paged, newest first: data { account, entries[{ reference, kind, time, amount, balance }] }," +
    ' each balance the one right after that entry; 404 for an unknown account',
  ledgerAccountEntriesDownload: "An account's whole statement as .xlsx (base64), at most 100,000 entries",
  ledgerJournal:
    'The journal entries of one reference (pay-in, withdrawal, disbursement, adjustment), each with its postings ' +
    '{ account_id, account_code, amount } (debits positive), which sum to zero; 404 when none',
  ledgerDailyProof:
    "A client's daily proof for a business day (`client_id`, `day` YYYY-MM-DD): data { opening, movements[{ kind, " +
    'name, entries, amounts }], closing, ledger, agrees } per account; closing = opening + movements, and ledger is ' +
    "the sum of each account's postings before the day's end, read apart; 404 for a client the caller cannot see",
  ledgerDailyProofDownload: 'The daily proof as .xlsx (base64), the same lines as on screen',
  overview:
    'What needs the caller today, in their client scope (issue 29): data { today, yesterday, daily[14], pending, ' +
    'balances, settlement, callbacks_failed }, from the rollups',
  savedViews: "The caller's own saved views of a list (`list`): data [{ id, list, name, query, columns, is_default }]",
  createSavedView:
    'Saves the current filters (`query`, a list page query string) and columns of a list under a name; ' +
    '`is_default` makes it the one the list opens on',
  deleteSavedView: "Deletes one of the caller's saved views; another user's view is 404",
  listColumns: "The caller's shown columns of a list, in order: data { list, columns } (null: the table's own)",
  saveListColumns: "Keeps the caller's shown columns of a list, in order, for every device",
  approvalPolicy: 'The approval policy (dual control): data, one { action, mode, threshold } per action (SUPER ADMIN)',
  updateApprovalPolicy:
    'Set the approval policy of one or more actions: body { policy: [{ action, mode, threshold }] }; audited',
  approvals: 'Movements held for a second SUPER ADMIN, newest first, paged (status, page, limit), with meta',
  approval: 'One held movement by its id (an approval work order names it): the same row as the list',
  decideApproval:
    'Decide a held movement: APPROVE (applies it, in the same transaction), DECLINE (with a reason) or CANCEL ' +
    '(the maker only)',
  users: 'Users the caller manages, paged',
  createUser: 'Create a user',
  editUser: 'Edit a user (e-mail and type fixed)',
  removeAuthenticator: "Reset a user's authenticator; their sessions end",
  endUserSessions: "End every session of a user (SUPER ADMIN; not one's own): body { user_id }, data { ended }",
  roleList: 'Roles the caller manages, paged',
  createRole: 'Create a role',
  editRole: 'Edit a role (type fixed)',
};

/**
 * The input side of a schema: every pipe cut at its first transform, for what a caller sends is what
 * comes before it (a comma-joined client_id is a string, not the array of numbers it becomes; a limit
 * is the string enum, not a number). @valibot/to-json-schema's own typeMode 'input' also drops a
 * picklist piped after a string, so the cut is made here. The server tests check their traffic against it.
 */
type SchemaNode = Record<string, unknown> & { type?: string; kind?: string };
function inputSide(node: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...node };
  const pipe = node.pipe as SchemaNode[] | undefined;
  if (pipe) {
    const cut = pipe.findIndex((item, i) => i > 0 && item.type === 'transform');
    out.pipe = (cut === -1 ? pipe : pipe.slice(0, cut)).map((item) =>
      item.kind === 'schema' ? inputSide(item) : item,
    );
  }
  const entries = node.entries as Record<string, SchemaNode> | undefined;
  if (entries) out.entries = Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, inputSide(e)]));
  if (node.wrapped) out.wrapped = inputSide(node.wrapped as SchemaNode);
  if (node.item) out.item = inputSide(node.item as SchemaNode);
  if (node.type === 'union' || node.type === 'variant') out.options = (node.options as SchemaNode[]).map(inputSide);
  return out;
}

const jsonSchema = (schema: Schema) =>
  toJsonSchema(inputSide(schema as unknown as SchemaNode) as unknown as Schema, { errorMode: 'ignore' }) as {
    properties?: Record<string, object>;
    required?: string[];
  };

const describeAccess = (rule: AccessRule) =>
  rule.kind === 'public'
    ? 'Public.'
    : rule.kind === 'session'
      ? 'Any signed-in session, before or after the OTP step.'
      : `OTP-verified session` +
        `${rule.module ? `; role grants \`${rule.module}\`` : ''}` +
        `${rule.anyModule ? `; role grants one of ${rule.anyModule.map((m) => `\`${m}\``).join(', ')}` : ''}` +
        `${rule.superAdminOnly ? '; SUPER ADMIN only' : ''}${rule.staffOnly ? '; SUPER ADMIN or ADMIN only' : ''}.`;

const json = (schema: object) => ({ 'application/json': { schema } });
const SUCCESS_WORDS = { 200: 'Done', 201: 'Created', 202: 'Held for approval by another SUPER ADMIN' } as const;

/**
 * What a route answers, by status: its success envelopes (routeOutputs.ts), a download's media
 * type, and the failed envelope for every refusal and failure (`4XX`, `5XX`: the statuses a route
 * can refuse with are many: 404, 409, 422, 429, 503...).
 */
function responsesOf(answers: RouteAnswers, rule: AccessRule) {
  const failed = (description: string) => ({ description, content: json(answers.failed) });
  const success: Record<string, object> = {};
  if (answers.file)
    success[200] = {
      description: 'The file',
      content: { [answers.file]: { schema: { type: 'string', format: 'binary' } } },
    };
  if (answers.body) success[200] = { description: 'The document', content: json(answers.body) };
  for (const [status, schema] of Object.entries(answers.success))
    success[status] = {
      description: SUCCESS_WORDS[Number(status) as keyof typeof SUCCESS_WORDS],
      content: json(schema),
    };
  return {
    ...success,
    400: failed('Bad input: `{ status: "failed", message, errors: [{ field, message }] }`'),
    ...(rule.kind === 'public' ? {} : { 401: failed('No session, or it has ended') }),
    ...(rule.kind === 'verified' ? { 403: failed('OTP not verified, or the role does not grant this') } : {}),
    '4XX': failed('Refused: `{ status: "failed", message, responseMessage, request_id }`'),
    '5XX': failed('Failed, or unavailable for a moment (503)'),
  };
}

/** The OpenAPI 3.1 document: paths and access from the route table, inputs from routeInputs. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, { method, path: url, access: rule }] of Object.entries(routes) as Array<
    [RouteName, (typeof routes)[RouteName]]
  >) {
    const doc = { summary: routeSummaries[name], ...routeInputs[name] };
    const path = url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...url.matchAll(/:(\w+)/g)].map(([, param]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = doc.query ? jsonSchema(doc.query) : undefined;
    const queryParams = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query?.required?.includes(name) ?? false,
      schema,
    }));
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      summary: doc.summary,
      description: describeAccess(rule),
      'x-access': rule,
      ...(rule.kind === 'public' ? { security: [] } : {}),
      ...(pathParams.length + queryParams.length ? { parameters: [...pathParams, ...queryParams] } : {}),
      ...(doc.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } }
        : {}),
      ...(doc.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: Object.fromEntries(doc.multipart.map((f) => [f, { type: 'string' }])),
                  },
                },
              },
            },
          }
        : {}),
      responses: responsesOf(routeAnswers(name), rule),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Nusa Payments Back Office API', version: '1' },
    // Scripts send the bearer token; the browser its HttpOnly session cookie ('session' in development),
    // with an Origin of the app's own on every change (docs/security.md: Sessions).
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description:
            "The browser's session (named 'session' in development). A POST, PUT, PATCH or DELETE made with it " +
            "must carry an Origin (or Referer) of the app's own origin, else 403.",
        },
      },
    },
    security: [{ bearer: [] }, { sessionCookie: [] }],
    paths,
  };
}

/** `GET /api/docs`: built once, on first request. */
export function apiDocsRoutes() {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return async (app: FastifyInstance) => {
    app.get(routes.apiDocs.path, async () => (document ??= openApiDocument()));
  };
}
