import type { Language } from '../i18n/language';
import { request } from './http';
import { pathOf, routes, type RouteDef } from './routes';
import type * as v from 'valibot';
import type { CreateRoleBody, CreateUserBody, EditRoleBody, EditUserBody, RoleRow, UserRow } from './managementRules';
import type { ReconciliationResult } from './reconciliationRules';
import type { BulkPreviewAnswer, BulkProcessed, FinalizeBody, Invoice } from './payinActions';
import type { TransactionRow, TransactionStats } from './payinQuery';
import type { AddWithdrawalBody, BalanceSummary, WithdrawalRow } from './withdrawalRules';
import type { DepositRow } from './disbursementAccountRules';
import type { UpdateBalanceBody } from './masterBalanceRules';
import {
  VOID_DRY_RUN_FIELD,
  VOID_EXPECTED_AMOUNT_FIELD,
  VOID_EXPECTED_COUNT_FIELD,
  type DisbursementStatusAnswer,
  type VoidUploadResult,
} from './disbursementActions';
import type { DisbursementRow, DisbursementStats } from './disbursementQuery';
import type { NotificationItem, NotificationList } from './workOrders';
import type { SettleBody, SettlementRow, SettlementRun, SettlementStarted, SettlementWindow } from './settlementRules';
import type {
  AuditChainVerdict,
  AuditLogFilterQuery,
  AuditLogQuery,
  AuditLogRow,
  AuditPath,
  AuditItemRow,
  AuditPathType,
} from './auditLogRules';
import type { Journal, JournalEntry, LedgerStatement, TrialBalance } from './ledgerRules';
import type { DailyProof, DailyProofQuery } from './dailyProofRules';
import type { Overview } from './overviewRules';
import type { ListColumns, ListId, SavedView, SavedViewBody } from './savedViewRules';
import type { SessionRow } from './sessionRules';
import {
  APPROVAL_CANCEL_REFUSED,
  APPROVAL_SELF_REFUSED,
  type ApprovalDecisionBody,
  type ApprovalHeld,
  type ApprovalPolicyBody,
  type ApprovalPolicyEntry,
  type ApprovalRow,
  type ApprovalStatus,
} from './approvalRules';

const APPROVAL_REFUSALS = [APPROVAL_SELF_REFUSED, APPROVAL_CANCEL_REFUSED];

export type { VoidUploadResult };

/** The daily proof's query as the route reads it (strings on the wire). */
const proofParams = (query: DailyProofQuery) => ({ client_id: String(query.client_id), day: query.day });

/** A movement's answer was 202: held for a second SUPER ADMIN (issue 25), nothing moved. */
const isHeld = (data: unknown): data is ApprovalHeld =>
  data != null && typeof data === 'object' && 'approval_id' in data;

/** The void file, as a dry run, or applied naming the preview's figures (a changed file is refused, 409). */
function sendVoidFile(file: File, expected: { count: number; amount: number } | 'dry run') {
  const form = new FormData();
  if (expected === 'dry run') form.append(VOID_DRY_RUN_FIELD, 'true');
  else {
    form.append(VOID_EXPECTED_COUNT_FIELD, String(expected.count));
    form.append(VOID_EXPECTED_AMOUNT_FIELD, String(expected.amount));
  }
  form.append('file', file, file.name);
  return send<ApiEnvelope<VoidUploadResult | ApprovalHeld>>(routes.voidDisbursementsFile, { body: form, quiet: true });
}

/** What a movement of money by hand answered: applied (its figure) or waiting for approval (its id). */
export interface MoneyMoved {
  message: string;
  balance: number | null;
  approvalId: number | null;
}

/** The Payments List filter as the API reads it: arrays comma-joined, empty values left out. */
export interface TransactionFilterParams {
  start: string;
  end: string;
  status: string;
  search_by: string;
  search: string;
  payment_method: string[];
  client_id: number | null;
}
const filterQuery = (f: TransactionFilterParams) => ({
  start: f.start,
  end: f.end,
  search_by: f.search_by,
  ...(f.status ? { status: f.status } : {}),
  ...(f.search.trim() ? { search: f.search.trim() } : {}),
  ...(f.payment_method.length ? { payment_method: f.payment_method.join(',') } : {}),
  ...(f.client_id != null ? { client_id: String(f.client_id) } : {}),
});
import type {
  ApiEnvelope,
  BankOption,
  ClientOption,
  CurrentUser,
  LoginBody,
  ModuleItem,
  RecoveryCodes,
  RoleOption,
} from './schemas';
import type { PageMeta } from './paging';
import type {
  CallbackAttemptRow,
  CallbackDeliveryRow,
  CallbackEndpoint,
  CallbackListQuery,
  RotatedSecret,
  TestCallbackResult,
} from './callbackRules';

/** A management list filter as the API reads it: empty values are left out. */
export interface ManagementListParams {
  page: number;
  limit: number;
  search?: string;
  type?: string;
  role_id?: number | null;
  client_id?: number | null;
}
const managementQuery = (q: ManagementListParams) => ({
  page: q.page,
  limit: q.limit,
  ...(q.search?.trim() ? { search: q.search.trim() } : {}),
  ...(q.type ? { type: q.type } : {}),
  ...(q.role_id != null ? { role_id: q.role_id } : {}),
  ...(q.client_id != null ? { client_id: q.client_id } : {}),
});

/**
 * A query without its empty values (the servers' lists read a missing and an empty field alike, but shorter is
 * clearer).
 */
const withoutEmpty = (query: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== ''),
  );

type RequestOptions = Parameters<typeof request>[2];

/** A call to a route of the one route table, by its verb; a route with `:params` is given its filled-in path. */
const send = <T>(route: RouteDef, options?: RequestOptions, path = pathOf(route)) =>
  request<T>(route.method, path, options);

const data = async <T>(promise: Promise<ApiEnvelope<T>>): Promise<T> => (await promise).data as T;

/** One function per endpoint of the spec's section 7, in the order the spec lists them. */
export const api = {
  login: (body: LoginBody) => data(send<ApiEnvelope<CurrentUser>>(routes.login, { body, quiet: true })),
  /** Made with the pre-OTP session (the cookie login set); the answer's cookie replaces it with the verified one. */
  validateOtp: (passcode: string) =>
    data(send<ApiEnvelope<CurrentUser>>(routes.validateOtp, { body: { passcode }, quiet: true })),
  /** The OTP step with a recovery code instead (issue 44): the same answer, and the same cookie, as validateOtp. */
  signInWithRecoveryCode: (recoveryCode: string) =>
    data(
      send<ApiEnvelope<CurrentUser>>(routes.signInWithRecoveryCode, {
        body: { recovery_code: recoveryCode },
        quiet: true,
      }),
    ),
  logout: () => send<ApiEnvelope<never>>(routes.logout, { quiet: true }),
  /** The signed-in user as the server sees them now (role, modules, allowed paths, clients). */
  me: () => data(send<ApiEnvelope<CurrentUser>>(routes.me, { quiet: true })),

  modules: () => data(send<ApiEnvelope<ModuleItem[]>>(routes.modules)),
  banks: () => data(send<ApiEnvelope<BankOption[]>>(routes.banks)),
  clients: () => data(send<ApiEnvelope<ClientOption[]>>(routes.clients)),
  roles: () => data(send<ApiEnvelope<RoleOption[]>>(routes.roles)),

  generateOtp: () => data(send<ApiEnvelope<{ qrcode: string; secret: string }>>(routes.generateOtp)),
  /** Answers the ten recovery codes, shown once. */
  verifyOtp: (passcode: string) =>
    data(send<ApiEnvelope<RecoveryCodes>>(routes.verifyOtp, { body: { passcode }, quiet: true })),
  newRecoveryCodes: (passcode: string) =>
    data(send<ApiEnvelope<RecoveryCodes>>(routes.newRecoveryCodes, { body: { passcode }, quiet: true })),
  disableOtp: () => send<ApiEnvelope<never>>(routes.disableOtp),

  currentBalance: (clientId: number) =>
    data(send<ApiEnvelope<BalanceSummary>>(routes.currentBalance, { query: { client_filter: clientId }, quiet: true })),
  /** client_filter null: every client the user may see (issue 45). */
  withdrawalHistory: async (query: {
    client_filter: number | null;
    start: string;
    end: string;
    status?: string;
    page: number;
    limit: number;
  }) => {
    const res = await send<ApiEnvelope<WithdrawalRow[], PageMeta>>(routes.withdrawalHistory, {
      query: {
        ...query,
        client_filter: query.client_filter ?? undefined,
        status: query.status || undefined,
        order: 'desc',
        by: 'withdrawal_time',
      },
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  /** The Idempotency-Key makes a retried click or a lost answer safe: the server applies it once. */
  /** A withdrawal or transfer: made (pending), or (202) held for a second SUPER ADMIN. */
  addWithdrawal: async (
    body: AddWithdrawalBody,
    idempotencyKey: string,
  ): Promise<{ message: string; held: boolean }> => {
    const res = await send<ApiEnvelope<WithdrawalRow | ApprovalHeld>>(routes.addWithdrawal, {
      body,
      quiet: true,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return { message: res.message, held: isHeld(res.data) };
  },
  updateWithdrawal: (uuid: string, status: 'COMPLETED' | 'REJECTED') =>
    send<ApiEnvelope<WithdrawalRow>>(routes.updateWithdrawal, { body: { uuid, status }, quiet: true }),

  /** Payin Detail, Disbursement Account and Master Disbursement Balance: shown in place, so quiet. */
  accountSummary: (clientId: number) =>
    data(send<ApiEnvelope<BalanceSummary>>(routes.accountSummary, { query: { client_filter: clientId }, quiet: true })),
  payinList: async (query: { client_filter: number; start: string; end: string }) =>
    (await data(send<ApiEnvelope<DepositRow[]>>(routes.payinList, { query, quiet: true }))) ?? [],
  balanceHistory: async (query: { client_filter: number; start: string; end: string; page: number; limit: number }) => {
    const res = await send<ApiEnvelope<DepositRow[], PageMeta>>(routes.balanceHistory, {
      query: { ...query, pagination: 'true', order: 'desc', by: 'created_at' },
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  /** Applied: the new balance; held for a second SUPER ADMIN (202): the approval's id and no balance. */
  updateBalance: async (body: UpdateBalanceBody): Promise<MoneyMoved> => {
    const res = await send<ApiEnvelope<{ balance?: number; approval_id?: number }>>(routes.updateBalance, {
      body,
      quiet: true,
    });
    return { message: res.message, balance: res.data?.balance ?? null, approvalId: res.data?.approval_id ?? null };
  },

  /** Settlement (SUPER ADMIN): the window's rows, the press, the run's progress and its report. */
  settlementStatus: async (window: SettlementWindow) =>
    (await data(send<ApiEnvelope<SettlementRow[]>>(routes.settlementStatus, { query: { ...window }, quiet: true }))) ??
    [],
  settle: async (body: SettleBody) => {
    const res = await send<ApiEnvelope<SettlementStarted>>(routes.settle, { body, quiet: true });
    return { ...res.data!, message: res.message };
  },
  settlementRun: (id: number) =>
    data(send<ApiEnvelope<SettlementRun>>(routes.settlementRun, { query: { id }, quiet: true })),
  settlementRuns: async () =>
    (await data(send<ApiEnvelope<SettlementRun[]>>(routes.settlementRuns, { quiet: true }))) ?? [],
  settlementReport: (runId: number) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(routes.settlementReport, {
        query: { run_id: runId },
        quiet: true,
      }),
    ),

  transactionList: async (filter: TransactionFilterParams, page: number, limit: number) => {
    const res = await send<ApiEnvelope<TransactionRow[], PageMeta>>(routes.transactionList, {
      query: { ...filterQuery(filter), page, limit },
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  transactionSummary: (filter: TransactionFilterParams) =>
    data(send<ApiEnvelope<TransactionStats>>(routes.transactionSummary, { query: filterQuery(filter), quiet: true })),

  refreshTransactionStatus: (correlationId: string) =>
    send<ApiEnvelope<{ status: string }>>(routes.refreshTransactionStatus, {
      body: { correlation_id: correlationId },
      quiet: true,
    }),
  /** A manual finalize: done, or (202) held for a second SUPER ADMIN. */
  finalizeTransaction: async (body: FinalizeBody): Promise<{ message: string; held: boolean }> => {
    const res = await send<ApiEnvelope<{ status: string } | ApprovalHeld>>(routes.finalizeTransaction, {
      body,
      quiet: true,
    });
    return { message: res.message, held: isHeld(res.data) };
  },
  addToWithdrawable: (correlationId: string) =>
    send<ApiEnvelope<never>>(routes.addToWithdrawable, { body: { correlation_id: correlationId }, quiet: true }),
  resendCallback: (correlationIds: string[]) =>
    send<ApiEnvelope<never>>(routes.resendCallback, { body: { correlation_id: correlationIds }, quiet: true }),
  // Issue 47: the Callbacks page and a client's callback endpoint; shown in place or announced by their machines.
  callbacks: async (
    query: Omit<v.InferInput<typeof CallbackListQuery>, 'page' | 'limit'> & { page: number; limit: number },
  ) => {
    const res = await send<ApiEnvelope<CallbackDeliveryRow[], PageMeta>>(routes.callbacks, {
      query: withoutEmpty(query),
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  callbackAttempts: (correlationId: string) =>
    data(
      send<ApiEnvelope<CallbackAttemptRow[]>>(
        routes.callbackAttempts,
        { quiet: true },
        pathOf(routes.callbackAttempts, { correlationId }),
      ),
    ),
  callbackEndpoint: (clientId: number) =>
    data(
      send<ApiEnvelope<CallbackEndpoint>>(
        routes.callbackEndpoint,
        { quiet: true },
        pathOf(routes.callbackEndpoint, { id: clientId }),
      ),
    ),
  updateCallbackUrl: (clientId: number, callbackUrl: string) =>
    data(
      send<ApiEnvelope<CallbackEndpoint>>(
        routes.updateCallbackUrl,
        { body: { callback_url: callbackUrl }, quiet: true },
        pathOf(routes.updateCallbackUrl, { id: clientId }),
      ),
    ),
  rotateCallbackSecret: (clientId: number) =>
    data(
      send<ApiEnvelope<RotatedSecret>>(
        routes.rotateCallbackSecret,
        { quiet: true },
        pathOf(routes.rotateCallbackSecret, { id: clientId }),
      ),
    ),
  testCallback: (clientId: number) =>
    data(
      send<ApiEnvelope<TestCallbackResult>>(
        routes.testCallback,
        { quiet: true },
        pathOf(routes.testCallback, { id: clientId }),
      ),
    ),
  generateInvoice: (correlationId: string) =>
    data(send<ApiEnvelope<Invoice>>(routes.generateInvoice, { body: { correlation_id: correlationId }, quiet: true })),
  /** Process Transactions' dry run: what would move now (issue 25). */
  previewProcessTransactions: (filter: TransactionFilterParams) =>
    send<ApiEnvelope<BulkPreviewAnswer>>(routes.processTransactions, {
      body: { ...filterQuery(filter), status: 'FINALIZED', dry_run: true },
      quiet: true,
    }),
  /** The apply, naming the count and amount the person confirmed (409 when the selection changed since). */
  processTransactions: async (
    filter: TransactionFilterParams,
    expected: { count: number; amount: number },
  ): Promise<{ message: string; held: boolean }> => {
    const res = await send<ApiEnvelope<BulkProcessed | ApprovalHeld>>(routes.processTransactions, {
      body: {
        ...filterQuery(filter),
        status: 'FINALIZED',
        expected_count: expected.count,
        expected_amount: expected.amount,
      },
      quiet: true,
    });
    return { message: res.message, held: isHeld(res.data) };
  },

  downloadTransactions: (filter: TransactionFilterParams) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(routes.transactionDownload, {
        query: filterQuery(filter),
        quiet: true,
      }),
    ),
  emailTransactions: async (filter: TransactionFilterParams, email: string) =>
    (
      await send<ApiEnvelope<never>>(routes.transactionDownload, {
        query: { ...filterQuery(filter), email },
        quiet: true,
      })
    ).message,
  checkTransactionsFile: (files: File[], settlementType: string) => {
    const form = new FormData();
    form.append('settlementType', settlementType);
    for (const file of files) form.append('file', file, file.name);
    return data(send<ApiEnvelope<ReconciliationResult>>(routes.checkTransactionsFile, { body: form, quiet: true }));
  },

  // Disbursement List: the same filter shape as the Payments List (spec section 7, Disbursements).
  disbursementList: async (filter: TransactionFilterParams, page: number, limit: number) => {
    const res = await send<ApiEnvelope<DisbursementRow[], PageMeta>>(routes.disbursementList, {
      query: { ...filterQuery(filter), page, limit },
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  disbursementSummary: (filter: TransactionFilterParams) =>
    data(send<ApiEnvelope<DisbursementStats>>(routes.disbursementSummary, { query: filterQuery(filter), quiet: true })),
  downloadDisbursements: (filter: TransactionFilterParams) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(routes.disbursementDownload, {
        query: filterQuery(filter),
        quiet: true,
      }),
    ),
  emailDisbursements: async (filter: TransactionFilterParams, email: string) =>
    (
      await send<ApiEnvelope<never>>(routes.disbursementDownload, {
        query: { ...filterQuery(filter), email },
        quiet: true,
      })
    ).message,
  updateDisbursement: (uuid: string, status: 'COMPLETED' | 'REJECTED') =>
    send<ApiEnvelope<DisbursementRow>>(routes.updateDisbursement, { body: { uuid, status }, quiet: true }),
  refreshDisbursementStatus: (uuid: string) =>
    send<ApiEnvelope<DisbursementStatusAnswer>>(routes.refreshDisbursementStatus, { body: { uuid }, quiet: true }),
  disbursementInvoice: (correlationId: string) =>
    data(
      send<ApiEnvelope<Invoice>>(routes.disbursementInvoice, { body: { correlation_id: correlationId }, quiet: true }),
    ),
  addDisbursementToWithdrawable: (uuid: string) =>
    send<ApiEnvelope<never>>(routes.addDisbursementToWithdrawable, { body: { uuid }, quiet: true }),
  /** The void upload's dry run: what each row would do, changing nothing (issue 25). */
  previewVoidDisbursementsFile: async (file: File) => (await sendVoidFile(file, 'dry run')).data as VoidUploadResult,
  /** The void upload applied: each row's outcome, or (202) held for a second SUPER ADMIN with no row voided. */
  voidDisbursementsFile: async (
    file: File,
    expected: { count: number; amount: number },
  ): Promise<{ message: string; result: VoidUploadResult | null }> => {
    const res = await sendVoidFile(file, expected);
    return { message: res.message, result: isHeld(res.data) ? null : (res.data as VoidUploadResult) };
  },

  // Management failures are shown in place (the forms' 'Error!' dialog, the list's message bar).
  users: async (query: ManagementListParams) => {
    const res = await send<ApiEnvelope<UserRow[], PageMeta>>(routes.users, {
      query: managementQuery(query),
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  createUser: (body: v.InferInput<typeof CreateUserBody>) =>
    send<ApiEnvelope<UserRow>>(routes.createUser, { body, quiet: true }),
  editUser: (body: v.InferInput<typeof EditUserBody>) =>
    send<ApiEnvelope<UserRow>>(routes.editUser, { body, quiet: true }),
  removeAuthenticator: (userId: number) =>
    send<ApiEnvelope<never>>(routes.removeAuthenticator, { body: { user_id: userId }, quiet: true }),
  /** Issue 44: a SUPER ADMIN ends every session of a user; the server's words say how many. */
  endUserSessions: async (userId: number) =>
    (await send<ApiEnvelope<{ ended: number }>>(routes.endUserSessions, { body: { user_id: userId }, quiet: true }))
      .message,
  roleList: async (query: ManagementListParams) => {
    const res = await send<ApiEnvelope<RoleRow[], PageMeta>>(routes.roleList, {
      query: managementQuery(query),
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  createRole: (body: v.InferInput<typeof CreateRoleBody>) =>
    send<ApiEnvelope<RoleRow>>(routes.createRole, { body, quiet: true }),
  editRole: (body: v.InferInput<typeof EditRoleBody>) =>
    send<ApiEnvelope<RoleRow>>(routes.editRole, { body, quiet: true }),

  notifications: async (): Promise<NotificationList> => {
    // A failed list is only logged (spec section 8), never an alert.
    const res = await send<ApiEnvelope<NotificationList>>(routes.notifications, { quiet: true });
    return { items: res.data?.items ?? [], unread: Number(res.data?.unread ?? 0) };
  },
  markNotificationRead: (id: number) =>
    send<ApiEnvelope<never>>(routes.markNotificationRead, { quiet: true }, pathOf(routes.markNotificationRead, { id })),
  markAllNotificationsRead: () => send<ApiEnvelope<never>>(routes.markAllNotificationsRead, { quiet: true }),
  workOrder: (code: string) => data(send<ApiEnvelope<NotificationItem>>(routes.workOrder, { query: { wo: code } })),

  // The audit log (SUPER ADMIN): empty filter values are left out; the query is AuditLogQuery's input.
  auditLog: async (
    query: Omit<v.InferInput<typeof AuditLogQuery>, 'page' | 'limit'> & { page: number; limit: number },
  ) => {
    const res = await send<ApiEnvelope<AuditLogRow[], PageMeta & { chain_head?: string | null }>>(routes.auditLog, {
      query: withoutEmpty(query),
      quiet: true,
    });
    // Every paged route sends its meta; the type says so here, once.
    const meta = res.meta as PageMeta & { chain_head?: string | null };
    return { rows: res.data ?? [], meta, head: meta?.chain_head ?? null };
  },
  downloadAuditLog: (filter: v.InferInput<typeof AuditLogFilterQuery>) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(routes.auditLogDownload, {
        query: withoutEmpty(filter),
        quiet: true,
      }),
    ),
  // Issue 28: the hash chain recomputed on the server; the screen announces the verdict itself.
  verifyAuditLog: () => data(send<ApiEnvelope<AuditChainVerdict>>(routes.auditLogVerify, { quiet: true })),
  auditPath: (objectType: AuditPathType, objectId: string) =>
    data(
      send<ApiEnvelope<AuditPath>>(routes.auditPath, {
        query: { object_type: objectType, object_id: objectId },
        quiet: true,
      }),
    ),

  // Issue 43: a bulk line's records and a line's journal entries; shown in place in their dialogs, so quiet.
  auditLineItems: async (id: number, query: { page: number; limit: number }) => {
    const path = pathOf(routes.auditLineItems, { id });
    const res = await send<ApiEnvelope<AuditItemRow[], PageMeta>>(routes.auditLineItems, { query, quiet: true }, path);
    return { rows: res.data as AuditItemRow[], meta: res.meta as PageMeta };
  },
  downloadAuditLineItems: (id: number) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(
        routes.auditLineItemsDownload,
        { quiet: true },
        pathOf(routes.auditLineItemsDownload, { id }),
      ),
    ),
  auditLineJournal: async (id: number, query: { page: number; limit: number }) => {
    const path = pathOf(routes.auditLineJournal, { id });
    const res = await send<ApiEnvelope<JournalEntry[], PageMeta>>(
      routes.auditLineJournal,
      { query, quiet: true },
      path,
    );
    return { rows: res.data as JournalEntry[], meta: res.meta as PageMeta };
  },

  // The ledger (issue 28, read-only): every failure is shown in place on the Ledger page, so all are quiet.
  ledgerTrialBalance: (at: string | null) =>
    data(send<ApiEnvelope<TrialBalance>>(routes.ledgerTrialBalance, { query: at ? { at } : {}, quiet: true })),
  ledgerAccountEntries: async (id: number, query: { page: number; limit: number }) => {
    const path = pathOf(routes.ledgerAccountEntries, { id });
    const res = await send<ApiEnvelope<LedgerStatement, PageMeta>>(
      routes.ledgerAccountEntries,
      { query, quiet: true },
      path,
    );
    return { ...(res.data as LedgerStatement), meta: res.meta as PageMeta };
  },
  downloadLedgerStatement: (id: number) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(
        routes.ledgerAccountEntriesDownload,
        { quiet: true },
        pathOf(routes.ledgerAccountEntriesDownload, { id }),
      ),
    ),
  ledgerJournal: (reference: string) =>
    data(send<ApiEnvelope<Journal>>(routes.ledgerJournal, { query: { reference }, quiet: true })),
  // Issue 43: a client's daily proof, and the same as .xlsx; the page shows a failure in place.
  ledgerDailyProof: (query: DailyProofQuery) =>
    data(send<ApiEnvelope<DailyProof>>(routes.ledgerDailyProof, { query: proofParams(query), quiet: true })),
  downloadLedgerDailyProof: (query: DailyProofQuery) =>
    data(
      send<ApiEnvelope<{ content: string; filename: string }>>(routes.ledgerDailyProofDownload, {
        query: proofParams(query),
        quiet: true,
      }),
    ),

  // Issue 44: the caller's own sessions (User Settings); the card says every failure through the alerts.
  ownSessions: async () => (await data(send<ApiEnvelope<SessionRow[]>>(routes.ownSessions, { quiet: true }))) ?? [],
  endOwnSession: async (id: number) =>
    (await send<ApiEnvelope<null>>(routes.endOwnSession, { quiet: true }, pathOf(routes.endOwnSession, { id })))
      .message,
  // Issue 48: the saved language; the page says a refusal in place.
  saveLanguage: async (language: Language) =>
    data(send<ApiEnvelope<{ language: Language }>>(routes.saveLanguage, { body: { language }, quiet: true })),
  endOtherSessions: async () =>
    (await send<ApiEnvelope<{ ended: number }>>(routes.endOtherSessions, { body: {}, quiet: true })).message,

  // Issue 29: the overview, in the caller's scope; the page shows a failure in place.
  overview: () => data(send<ApiEnvelope<Overview>>(routes.overview, { quiet: true })),
  // Issue 29: a person's saved views and column choice of a list; the list's menus say any refusal in place.
  savedViews: async (list: ListId) =>
    (await data(send<ApiEnvelope<SavedView[]>>(routes.savedViews, { query: { list }, quiet: true }))) ?? [],
  createSavedView: async (body: SavedViewBody) => {
    const res = await send<ApiEnvelope<SavedView>>(routes.createSavedView, { body, quiet: true });
    return { view: res.data as SavedView, message: res.message };
  },
  deleteSavedView: async (id: number) =>
    (await send<ApiEnvelope<null>>(routes.deleteSavedView, { quiet: true }, pathOf(routes.deleteSavedView, { id })))
      .message,
  listColumns: async (list: ListId) =>
    (await data(send<ApiEnvelope<ListColumns>>(routes.listColumns, { query: { list }, quiet: true })))?.columns ?? null,
  saveListColumns: (list: ListId, columns: string[]) =>
    data(send<ApiEnvelope<ListColumns>>(routes.saveListColumns, { body: { list, columns }, quiet: true })),

  // Dual control (issue 25, SUPER ADMIN): the approval policy and the requests waiting for a second
  // SUPER ADMIN. The Approvals screen shows every failure in place, so all are quiet.
  approvalPolicy: async () =>
    (await data(send<ApiEnvelope<ApprovalPolicyEntry[]>>(routes.approvalPolicy, { quiet: true }))) ?? [],
  updateApprovalPolicy: async (body: ApprovalPolicyBody) => {
    const res = await send<ApiEnvelope<ApprovalPolicyEntry[]>>(routes.updateApprovalPolicy, { body, quiet: true });
    return { policy: res.data ?? [], message: res.message };
  },
  approvals: async (query: { status: ApprovalStatus | ''; page: number; limit: number }) => {
    const res = await send<ApiEnvelope<ApprovalRow[], PageMeta>>(routes.approvals, {
      query: withoutEmpty(query),
      quiet: true,
    });
    return { rows: res.data ?? [], meta: res.meta as PageMeta };
  },
  /** One request by its id (an approval work order names it). */
  approval: (id: number) =>
    data(send<ApiEnvelope<ApprovalRow>>(routes.approval, { quiet: true }, pathOf(routes.approval, { id }))),
  decideApproval: (id: number, body: ApprovalDecisionBody) =>
    // The lifecycle's own refusals stay in the decision dialog; any other 403 (access lost) goes home.
    send<ApiEnvelope<ApprovalRow>>(
      routes.decideApproval,
      { body, quiet: true, refusalsInPlace: APPROVAL_REFUSALS },
      pathOf(routes.decideApproval, { id }),
    ),
};

export type Api = typeof api;
