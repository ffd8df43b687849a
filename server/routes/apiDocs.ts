import { SettlementReportQuery, SettlementRunQuery, SettlementWindowSchema } from '../../src/services/settlementRules.ts';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import {
  CreateRoleBody, CreateUserBody, EditRoleBody, EditUserBody, RemoveAuthenticatorBody, RoleListQuery, UserListQuery,
} from '../../src/services/managementRules.ts';
import { BalanceHistoryQuery, PayinListQuery, UpdateBalanceBody } from '../../src/services/disbursementAccountRules.ts';
import { ClientFilterQuery, WithdrawalHistoryQuery } from '../../src/services/listQuery.ts';
import { LoginBody, PasscodeBody } from '../../src/services/schemas.ts';
import { BulkProcessBody, CorrelationBody, FinalizeBody, ResendCallbackBody } from '../../src/services/transactionActions.ts';
import { TransactionListQuery, TransactionSummaryQuery } from '../../src/services/transactionQuery.ts';
import { AddWithdrawalBody, UpdateWithdrawalBody } from '../../src/services/withdrawalRules.ts';
import {
  DisbursementCorrelationBody, DisbursementDecisionBody, DisbursementDownloadQuery, DisbursementListQuery, DisbursementSummaryQuery, DisbursementUuidBody,
} from '../../src/services/disbursementQuery.ts';
import { AuditLogFilterQuery, AuditLogQuery, AuditPathQuery } from '../../src/services/auditLogRules.ts';
import { DetailQuery } from './notification.ts';
import { TransactionDownloadQuery } from './transactionExport.ts';
import { routeTable, type AccessRule } from '../http/routeTable.ts';

type Schema = v.GenericSchema;
interface RouteDoc { summary: string; query?: Schema; body?: Schema; multipart?: string[] }

const API = '/api/backoffice';

/**
 * What each route of routeTable takes, with the very valibot schemas its handler parses with.
 * The API test fails for an /api route missing here, so the document covers every route.
 */
export const routeDocs: Record<string, RouteDoc> = {
  'GET /healthz': { summary: 'Liveness and database check' },
  'POST /demo-merchant/callback/:clientId': { summary: "Demo merchants' callback receiver (HMAC-signed body)" },
  'GET /api/docs': { summary: 'This OpenAPI document' },
  [`POST ${API}/auth/login`]: { summary: 'Sign in with e-mail and password; the token reaches two-factor calls only', body: LoginBody },
  [`POST ${API}/user/validate-otp`]: { summary: 'Swap the sign-in token for a verified one with an authenticator code', body: PasscodeBody },
  [`POST ${API}/auth/logout`]: { summary: 'End this session' },
  [`GET ${API}/user/me`]: { summary: 'The signed-in user: modules, allowed paths, clients' },
  [`GET ${API}/user/generate-otp`]: { summary: 'Start two-factor set-up: QR code and secret' },
  [`POST ${API}/user/verify-otp`]: { summary: 'Finish two-factor set-up; every session ends', body: PasscodeBody },
  [`DELETE ${API}/user/disable-otp`]: { summary: 'Turn two-factor off; every session ends' },
  [`GET ${API}/master/modules`]: { summary: 'Module tree' },
  [`GET ${API}/master/banks`]: { summary: 'Banks' },
  [`GET ${API}/master/client`]: { summary: 'Clients the user may see' },
  [`GET ${API}/master/roles`]: { summary: 'Roles the user may see' },
  ['GET /api/v1/notification']: { summary: "The user's newest 50 notifications (work orders, OPEN or RESOLVED) and the unread count: data { items, unread }" },
  ['GET /api/v1/notification/work-order']: { summary: 'One work order the user was notified of', query: DetailQuery },
  ['PATCH /api/v1/notification/:id/read']: { summary: 'Mark a notification read' },
  ['PATCH /api/v1/notification/read-all']: { summary: "Mark every one of the user's notifications read" },
  [`GET ${API}/balance/current-balance`]: { summary: "A client's balances", query: ClientFilterQuery },
  [`GET ${API}/transaction/account-summary`]: { summary: "A client's balances (pay-in and disbursement screens)", query: ClientFilterQuery },
  [`GET ${API}/balance/withdrawal-history`]: { summary: 'Withdrawals, paged', query: WithdrawalHistoryQuery },
  [`POST ${API}/balance/add-withdrawal`]: { summary: "Request a withdrawal (type 'withdrawal', with the bank account) or a transfer to disburse (type 'transfer', no bank fields); the spec's payload without type is taken too, a transfer being bank '0', account '0', name 'None' (Idempotency-Key header honoured)", body: AddWithdrawalBody },
  [`PATCH ${API}/balance/update-withdrawal`]: { summary: 'Complete or reject a PENDING withdrawal', body: UpdateWithdrawalBody },
  [`GET ${API}/transaction/payin-list`]: { summary: 'Deposits onto the disbursement balance in a window (default yesterday to today)', query: PayinListQuery },
  [`GET ${API}/transaction/balance-history`]: { summary: 'Deposit history of the disbursement balance, paged, newest first', query: BalanceHistoryQuery },
  [`PATCH ${API}/transaction/update-balance`]: { summary: 'Master balance adjustment (never below zero)', body: UpdateBalanceBody },
  [`GET ${API}/transaction/get-settlement-status`]: { summary: "A settlement type's FINALIZED pay-ins in the window, per client and service", query: SettlementWindowSchema },
  [`POST ${API}/transaction/update-settlement-v2`]: { summary: 'Settle every FINALIZED pay-in of the type in the window, as a job (a second press joins the running one)', body: SettlementWindowSchema },
  [`GET ${API}/transaction/settlement-run`]: { summary: "A settlement run's progress and outcome", query: SettlementRunQuery },
  [`GET ${API}/transaction/settlement-runs`]: { summary: 'The latest settlement runs, newest first' },
  [`GET ${API}/transaction/settlement-report`]: { summary: "A settlement run's report as .xlsx (base64)", query: SettlementReportQuery },
  [`GET ${API}/transaction/list`]: { summary: 'Pay-ins, paged, newest first', query: TransactionListQuery },
  [`GET ${API}/transaction/summary`]: { summary: 'Count, amount and fee of exactly the listed pay-ins', query: TransactionSummaryQuery },
  [`GET ${API}/transaction/download`]: { summary: 'The filtered pay-ins as .xlsx, or e-mailed when email= is given', query: TransactionDownloadQuery },
  [`PATCH ${API}/transaction/get-status-transaction`]: { summary: "Ask the channel for a pending QRIS pay-in's status", body: CorrelationBody },
  [`POST ${API}/transaction/resend-callback`]: { summary: "Send FINALIZED pay-ins to the client's callback URL again", body: ResendCallbackBody },
  [`PATCH ${API}/transaction/finalized-transaction`]: { summary: 'Finalize a pay-in by hand', body: FinalizeBody },
  [`PATCH ${API}/balance/add-withdrawable-balance`]: { summary: "Move a FINALIZED pay-in's amount to withdrawable, once", body: CorrelationBody },
  [`PATCH ${API}/transaction/update-transaction`]: { summary: 'Move every FINALIZED pay-in of the filter to withdrawable', body: BulkProcessBody },
  [`POST ${API}/transaction/generate-invoice`]: { summary: 'Invoice of a pay-in', body: CorrelationBody },
  [`POST ${API}/transaction/get-status-transaction-file`]: { summary: "Match providers' settlement files against our pay-ins", multipart: ['file', 'settlementType'] },
  [`GET ${API}/transaction/list-disbursement`]: { summary: 'Disbursements, paged, newest first (default window: the last 7 days)', query: DisbursementListQuery },
  [`GET ${API}/transaction/summary-disbursement`]: { summary: 'Count, amount and fee of exactly the listed disbursements', query: DisbursementSummaryQuery },
  [`GET ${API}/transaction/download-disbursement`]: { summary: 'The filtered disbursements as .xlsx, or e-mailed when email= is given', query: DisbursementDownloadQuery },
  [`PATCH ${API}/transaction/update-disbursement`]: { summary: 'Finalize (COMPLETED) or reject a PENDING_REQUEST or PENDING disbursement', body: DisbursementDecisionBody },
  [`PATCH ${API}/transaction/get-status-disbursement`]: { summary: "Ask the transfer provider for an open disbursement's status and apply it", body: DisbursementUuidBody },
  [`POST ${API}/transaction/generate-invoice-disbursement`]: { summary: 'Invoice of a FINALIZED disbursement', body: DisbursementCorrelationBody },
  [`PATCH ${API}/balance/add-withdrawable-disbursement`]: { summary: "Move a released disbursement's amount + fee to withdrawable, once", body: DisbursementUuidBody },
  [`POST ${API}/transaction/disbursement-check-transaction`]: { summary: 'Void the FINALIZED disbursements a CSV or XLSX of correlation_ids lists', multipart: ['file'] },
  [`GET ${API}/audit-log`]: { summary: 'The audit log, paged, newest first (SUPER ADMIN); actor is a case-insensitive contains on the e-mail', query: AuditLogQuery },
  [`GET ${API}/audit-log/download`]: { summary: 'The filtered audit log as .xlsx (base64), at most 100,000 lines', query: AuditLogFilterQuery },
  [`GET ${API}/audit-log/path`]: { summary: "An entity's status path from the audit log: data { entity, steps[] }", query: AuditPathQuery },
  [`GET ${API}/management/get-users`]: { summary: 'Users the caller manages, paged', query: UserListQuery },
  [`POST ${API}/management/create-user`]: { summary: 'Create a user', body: CreateUserBody },
  [`PATCH ${API}/management/edit-user`]: { summary: 'Edit a user (e-mail and type fixed)', body: EditUserBody },
  [`POST ${API}/management/remove-authenticator`]: { summary: "Reset a user's authenticator; their sessions end", body: RemoveAuthenticatorBody },
  [`GET ${API}/management/get-roles`]: { summary: 'Roles the caller manages, paged', query: RoleListQuery },
  [`POST ${API}/management/create-role`]: { summary: 'Create a role', body: CreateRoleBody },
  [`PATCH ${API}/management/edit-role`]: { summary: 'Edit a role (type fixed)', body: EditRoleBody },
};

// Transforms (string to number) have no JSON Schema; the input side is what a caller sends.
const jsonSchema = (schema: Schema) => toJsonSchema(schema, { errorMode: 'ignore' }) as {
  properties?: Record<string, object>; required?: string[];
};

const describeAccess = (rule: AccessRule) =>
  rule.kind === 'public' ? 'Public.'
    : rule.kind === 'session' ? 'Any signed-in session, before or after the OTP step.'
      : `OTP-verified session${rule.module ? `; role grants \`${rule.module}\`` : ''}${rule.anyModule ? `; role grants one of ${rule.anyModule.map((m) => `\`${m}\``).join(', ')}` : ''}${rule.superAdminOnly ? '; SUPER ADMIN only' : ''}${rule.staffOnly ? '; SUPER ADMIN or ADMIN only' : ''}.`;

/** The OpenAPI 3.1 document: paths and access from routeTable, inputs from routeDocs. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [key, rule] of Object.entries(routeTable)) {
    const [method, url] = key.split(' ');
    const doc = routeDocs[key] ?? { summary: key };
    const path = url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...url.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const query = doc.query ? jsonSchema(doc.query) : undefined;
    const queryParams = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema }));
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      summary: doc.summary,
      description: describeAccess(rule),
      'x-access': rule,
      ...(rule.kind === 'public' ? { security: [] } : {}),
      ...(pathParams.length + queryParams.length ? { parameters: [...pathParams, ...queryParams] } : {}),
      ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } } : {}),
      ...(doc.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: Object.fromEntries(doc.multipart.map((f) => [f, { type: 'string' }])) } } } } } : {}),
      responses: {
        200: { description: '`{ status: "success", message, data?, meta? }`' },
        ...(rule.kind === 'public' ? {} : { 401: { description: 'No session, or it has ended' } }),
        ...(rule.kind === 'verified' ? { 403: { description: 'OTP not verified, or the role does not grant this' } } : {}),
        400: { description: 'Bad input: `{ status: "failed", message, errors: [{ field, message }] }`' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Nusa Payments Back Office API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/** `GET /api/docs`: built once, on first request. */
export function apiDocsRoutes() {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return async (app: FastifyInstance) => {
    app.get('/api/docs', async () => (document ??= openApiDocument()));
  };
}
