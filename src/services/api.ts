import { request } from './http';
import type * as v from 'valibot';
import type { CreateRoleBody, CreateUserBody, EditRoleBody, EditUserBody, RoleRow, UserRow } from './managementRules';
import type { ReconciliationResult } from './reconciliationRules';
import type { FinalizeBody, Invoice } from './transactionActions';
import type { TransactionRow, TransactionStats } from './transactionQuery';
import type { AddWithdrawalBody, BalanceSummary, PageMeta, WithdrawalRow } from './withdrawalRules';
import type { DepositRow, UpdateBalanceBody } from './disbursementAccountRules';
import type { DisbursementStatusAnswer, VoidUploadResult } from './disbursementActions';
import type { DisbursementRow, DisbursementStats } from './disbursementQuery';
import type { NotificationList } from './workOrders';
import type { SettlementRow, SettlementRun, SettlementStarted, SettlementWindow } from './settlementRules';
import type { AuditLogFilterQuery, AuditLogQuery, AuditLogRow, AuditPath, AuditPathType } from './auditLogRules';

export type { VoidUploadResult };

/** The Payments List filter as the API reads it: arrays comma-joined, empty values left out. */
export interface TransactionFilterParams {
  start: string; end: string; status: string; search_by: string; search: string; payment_method: string[]; client_id: number | null;
}
const filterQuery = (f: TransactionFilterParams) => ({
  start: f.start, end: f.end, search_by: f.search_by,
  ...(f.status ? { status: f.status } : {}),
  ...(f.search.trim() ? { search: f.search.trim() } : {}),
  ...(f.payment_method.length ? { payment_method: f.payment_method.join(',') } : {}),
  ...(f.client_id != null ? { client_id: String(f.client_id) } : {}),
});
import type {
  ApiEnvelope, BankOption, ClientOption, CurrentUser, LoginBody, ModuleItem, NotificationItem, RoleOption,
} from './schemas';

/** A management list filter as the API reads it: empty values are left out. */
export interface ManagementListParams {
  page: number; limit: number; search?: string; type?: string; role_id?: number | null; client_id?: number | null;
}
const managementQuery = (q: ManagementListParams) => ({
  page: q.page, limit: q.limit,
  ...(q.search?.trim() ? { search: q.search.trim() } : {}),
  ...(q.type ? { type: q.type } : {}),
  ...(q.role_id != null ? { role_id: q.role_id } : {}),
  ...(q.client_id != null ? { client_id: q.client_id } : {}),
});

/** A query without its empty values (the servers' lists read a missing and an empty field alike, but shorter is clearer). */
const withoutEmpty = (query: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== ''));

/** One function per endpoint of the spec's section 7, in the order the spec lists them. */
const API = '/api/backoffice';

const data = async <T>(promise: Promise<ApiEnvelope<T>>): Promise<T> => (await promise).data as T;

export const api = {
  login: (body: LoginBody) => data(request<ApiEnvelope<CurrentUser>>('POST', `${API}/auth/login`, { body, quiet: true })),
  /** Made with the pre-OTP token, which is not stored: the user is stored only once verified. */
  validateOtp: (passcode: string, token: string) =>
    data(request<ApiEnvelope<CurrentUser>>('POST', `${API}/user/validate-otp`, { body: { passcode }, token, quiet: true })),
  logout: () => request<ApiEnvelope<never>>('POST', `${API}/auth/logout`, { quiet: true }),
  /** The signed-in user as the server sees them now (role, modules, allowed paths, clients). */
  me: () => data(request<ApiEnvelope<CurrentUser>>('GET', `${API}/user/me`, { quiet: true })),

  modules: () => data(request<ApiEnvelope<ModuleItem[]>>('GET', `${API}/master/modules`)),
  banks: () => data(request<ApiEnvelope<BankOption[]>>('GET', `${API}/master/banks`)),
  clients: () => data(request<ApiEnvelope<ClientOption[]>>('GET', `${API}/master/client`)),
  roles: () => data(request<ApiEnvelope<RoleOption[]>>('GET', `${API}/master/roles`)),

  generateOtp: () => data(request<ApiEnvelope<{ qrcode: string; secret: string }>>('GET', `${API}/user/generate-otp`)),
  verifyOtp: (passcode: string) => request<ApiEnvelope<never>>('POST', `${API}/user/verify-otp`, { body: { passcode }, quiet: true }),
  disableOtp: () => request<ApiEnvelope<never>>('DELETE', `${API}/user/disable-otp`),

  currentBalance: (clientId: number) =>
    data(request<ApiEnvelope<BalanceSummary>>('GET', `${API}/balance/current-balance`, { query: { client_filter: clientId }, quiet: true })),
  withdrawalHistory: async (query: { client_filter: number; start: string; end: string; status?: string; page: number; limit: number }) => {
    const res = await request<ApiEnvelope<WithdrawalRow[]>>('GET', `${API}/balance/withdrawal-history`, {
      query: { ...query, status: query.status || undefined, order: 'desc', by: 'withdrawal_time' }, quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  /** The Idempotency-Key makes a retried click or a lost answer safe: the server applies it once. */
  addWithdrawal: (body: AddWithdrawalBody, idempotencyKey: string) =>
    request<ApiEnvelope<WithdrawalRow>>('POST', `${API}/balance/add-withdrawal`, { body, quiet: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  updateWithdrawal: (uuid: string, status: 'COMPLETED' | 'REJECTED') =>
    request<ApiEnvelope<WithdrawalRow>>('PATCH', `${API}/balance/update-withdrawal`, { body: { uuid, status }, quiet: true }),

  /** Payin Detail, Disbursement Account and Master Disbursement Balance: shown in place, so quiet. */
  accountSummary: (clientId: number) =>
    data(request<ApiEnvelope<BalanceSummary>>('GET', `${API}/transaction/account-summary`, { query: { client_filter: clientId }, quiet: true })),
  payinList: async (query: { client_filter: number; start: string; end: string }) =>
    (await data(request<ApiEnvelope<DepositRow[]>>('GET', `${API}/transaction/payin-list`, { query, quiet: true }))) ?? [],
  balanceHistory: async (query: { client_filter: number; start: string; end: string; page: number; limit: number }) => {
    const res = await request<ApiEnvelope<DepositRow[]>>('GET', `${API}/transaction/balance-history`, {
      query: { ...query, pagination: 'true', order: 'desc', by: 'created_at' }, quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  updateBalance: async (body: UpdateBalanceBody) => {
    const res = await request<ApiEnvelope<{ previous_balance: number; amount: number; balance: number }>>('PATCH', `${API}/transaction/update-balance`, { body, quiet: true });
    return { message: res.message, balance: res.data!.balance };
  },

  /** Settlement (SUPER ADMIN): the window's rows, the press, the run's progress and its report. */
  settlementStatus: async (window: SettlementWindow) =>
    (await data(request<ApiEnvelope<SettlementRow[]>>('GET', `${API}/transaction/get-settlement-status`, { query: { ...window }, quiet: true }))) ?? [],
  settle: async (window: SettlementWindow) => {
    const res = await request<ApiEnvelope<SettlementStarted>>('POST', `${API}/transaction/update-settlement-v2`, { body: window, quiet: true });
    return { ...res.data!, message: res.message };
  },
  settlementRun: (id: number) => data(request<ApiEnvelope<SettlementRun>>('GET', `${API}/transaction/settlement-run`, { query: { id }, quiet: true })),
  settlementRuns: async () => (await data(request<ApiEnvelope<SettlementRun[]>>('GET', `${API}/transaction/settlement-runs`, { quiet: true }))) ?? [],
  settlementReport: (runId: number) =>
    data(request<ApiEnvelope<{ content: string; filename: string }>>('GET', `${API}/transaction/settlement-report`, { query: { run_id: runId }, quiet: true })),

  transactionList: async (filter: TransactionFilterParams, page: number, limit: number) => {
    const res = await request<ApiEnvelope<TransactionRow[]>>('GET', `${API}/transaction/list`, { query: { ...filterQuery(filter), page, limit }, quiet: true });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  transactionSummary: (filter: TransactionFilterParams) =>
    data(request<ApiEnvelope<TransactionStats>>('GET', `${API}/transaction/summary`, { query: filterQuery(filter), quiet: true })),

  refreshTransactionStatus: (correlationId: string) =>
    request<ApiEnvelope<{ status: string }>>('PATCH', `${API}/transaction/get-status-transaction`, { body: { correlation_id: correlationId }, quiet: true }),
  finalizeTransaction: (body: FinalizeBody) => request<ApiEnvelope<{ status: string }>>('PATCH', `${API}/transaction/finalized-transaction`, { body, quiet: true }),
  addToWithdrawable: (correlationId: string) =>
    request<ApiEnvelope<never>>('PATCH', `${API}/balance/add-withdrawable-balance`, { body: { correlation_id: correlationId }, quiet: true }),
  resendCallback: (correlationIds: string[]) =>
    request<ApiEnvelope<never>>('POST', `${API}/transaction/resend-callback`, { body: { correlation_id: correlationIds }, quiet: true }),
  generateInvoice: (correlationId: string) => data(request<ApiEnvelope<Invoice>>('POST', `${API}/transaction/generate-invoice`, { body: { correlation_id: correlationId }, quiet: true })),
  processTransactions: (filter: TransactionFilterParams) =>
    request<ApiEnvelope<{ processed: number; skipped: number }>>('PATCH', `${API}/transaction/update-transaction`, { body: { ...filterQuery(filter), status: 'FINALIZED' }, quiet: true }),

  downloadTransactions: (filter: TransactionFilterParams) =>
    data(request<ApiEnvelope<{ content: string; filename: string }>>('GET', `${API}/transaction/download`, { query: filterQuery(filter), quiet: true })),
  emailTransactions: async (filter: TransactionFilterParams, email: string) =>
    (await request<ApiEnvelope<never>>('GET', `${API}/transaction/download`, { query: { ...filterQuery(filter), email }, quiet: true })).message,
  checkTransactionsFile: (files: File[], settlementType: string) => {
    const form = new FormData();
    form.append('settlementType', settlementType);
    for (const file of files) form.append('file', file, file.name);
    return data(request<ApiEnvelope<ReconciliationResult>>('POST', `${API}/transaction/get-status-transaction-file`, { body: form, quiet: true }));
  },

  // Disbursement List: the same filter shape as the Payments List (spec section 7, Disbursements).
  disbursementList: async (filter: TransactionFilterParams, page: number, limit: number) => {
    const res = await request<ApiEnvelope<DisbursementRow[]>>('GET', `${API}/transaction/list-disbursement`, { query: { ...filterQuery(filter), page, limit }, quiet: true });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  disbursementSummary: (filter: TransactionFilterParams) =>
    data(request<ApiEnvelope<DisbursementStats>>('GET', `${API}/transaction/summary-disbursement`, { query: filterQuery(filter), quiet: true })),
  downloadDisbursements: (filter: TransactionFilterParams) =>
    data(request<ApiEnvelope<{ content: string; filename: string }>>('GET', `${API}/transaction/download-disbursement`, { query: filterQuery(filter), quiet: true })),
  emailDisbursements: async (filter: TransactionFilterParams, email: string) =>
    (await request<ApiEnvelope<never>>('GET', `${API}/transaction/download-disbursement`, { query: { ...filterQuery(filter), email }, quiet: true })).message,
  updateDisbursement: (uuid: string, status: 'COMPLETED' | 'REJECTED') =>
    request<ApiEnvelope<DisbursementRow>>('PATCH', `${API}/transaction/update-disbursement`, { body: { uuid, status }, quiet: true }),
  refreshDisbursementStatus: (uuid: string) =>
    request<ApiEnvelope<DisbursementStatusAnswer>>('PATCH', `${API}/transaction/get-status-disbursement`, { body: { uuid }, quiet: true }),
  disbursementInvoice: (correlationId: string) =>
    data(request<ApiEnvelope<Invoice>>('POST', `${API}/transaction/generate-invoice-disbursement`, { body: { correlation_id: correlationId }, quiet: true })),
  addDisbursementToWithdrawable: (uuid: string) =>
    request<ApiEnvelope<never>>('PATCH', `${API}/balance/add-withdrawable-disbursement`, { body: { uuid }, quiet: true }),
  voidDisbursementsFile: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<ApiEnvelope<VoidUploadResult>>('POST', `${API}/transaction/disbursement-check-transaction`, { body: form, quiet: true });
  },

  // Management failures are shown in place (the forms' 'Error!' dialog, the list's message bar).
  users: async (query: ManagementListParams) => {
    const res = await request<ApiEnvelope<UserRow[]>>('GET', `${API}/management/get-users`, { query: managementQuery(query), quiet: true });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  createUser: (body: v.InferInput<typeof CreateUserBody>) => request<ApiEnvelope<UserRow>>('POST', `${API}/management/create-user`, { body, quiet: true }),
  editUser: (body: v.InferInput<typeof EditUserBody>) => request<ApiEnvelope<UserRow>>('PATCH', `${API}/management/edit-user`, { body, quiet: true }),
  removeAuthenticator: (userId: number) =>
    request<ApiEnvelope<never>>('POST', `${API}/management/remove-authenticator`, { body: { user_id: userId }, quiet: true }),
  roleList: async (query: ManagementListParams) => {
    const res = await request<ApiEnvelope<RoleRow[]>>('GET', `${API}/management/get-roles`, { query: managementQuery(query), quiet: true });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  createRole: (body: v.InferInput<typeof CreateRoleBody>) => request<ApiEnvelope<RoleRow>>('POST', `${API}/management/create-role`, { body, quiet: true }),
  editRole: (body: v.InferInput<typeof EditRoleBody>) => request<ApiEnvelope<RoleRow>>('PATCH', `${API}/management/edit-role`, { body, quiet: true }),

  notifications: async (): Promise<NotificationList> => {
    // A failed list is only logged (spec section 8), never an alert.
    const res = await request<ApiEnvelope<NotificationList>>('GET', '/api/v1/notification', { quiet: true });
    return { items: res.data?.items ?? [], unread: Number(res.data?.unread ?? 0) };
  },
  markNotificationRead: (id: number) => request<ApiEnvelope<never>>('PATCH', `/api/v1/notification/${id}/read`, { quiet: true }),
  markAllNotificationsRead: () => request<ApiEnvelope<never>>('PATCH', '/api/v1/notification/read-all', { quiet: true }),
  workOrder: (code: string) => data(request<ApiEnvelope<NotificationItem>>('GET', '/api/v1/notification/work-order', { query: { wo: code } })),

  // The audit log (SUPER ADMIN): empty filter values are left out; the query is AuditLogQuery's input.
  auditLog: async (query: Omit<v.InferInput<typeof AuditLogQuery>, 'page' | 'limit'> & { page: number; limit: number }) => {
    const res = await request<ApiEnvelope<AuditLogRow[]>>('GET', `${API}/audit-log`, { query: withoutEmpty(query), quiet: true });
    return { rows: res.data ?? [], meta: res.meta as unknown as PageMeta };
  },
  downloadAuditLog: (filter: v.InferInput<typeof AuditLogFilterQuery>) =>
    data(request<ApiEnvelope<{ content: string; filename: string }>>('GET', `${API}/audit-log/download`, { query: withoutEmpty(filter), quiet: true })),
  auditPath: (objectType: AuditPathType, objectId: string) =>
    data(request<ApiEnvelope<AuditPath>>('GET', `${API}/audit-log/path`, { query: { object_type: objectType, object_id: objectId }, quiet: true })),
};

export type Api = typeof api;
