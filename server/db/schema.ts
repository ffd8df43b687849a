import type { ApprovalAction, ApprovalMode, ApprovalStatus } from '../../src/services/approvalRules.ts';
import { CALLBACK_OUTCOMES, CALLBACK_TRIGGERS } from '../../src/services/callbackRules.ts';
import type { DisbursementMethodName, DisbursementStatusName } from '../../src/services/disbursementQuery.ts';
import type { Language } from '../../src/i18n/language.ts';
import type { UserTypeName } from '../../src/services/schemas.ts';
import type { ListId } from '../../src/services/savedViewRules.ts';
import type { SettlementRunStatus } from '../../src/services/settlementRules.ts';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatusName,
  type TransactionTypeName,
} from '../../src/services/payinQuery.ts';
import type { WithdrawalStatusName } from '../../src/services/withdrawalRules.ts';
import type { WorkOrderItem, WorkOrderKind, WorkOrderStatus } from '../../src/services/workOrders.ts';
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  bigserial,
  text,
  boolean,
  integer,
  bigint,
  timestamp,
  date,
  jsonb,
  primaryKey,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type UserType = UserTypeName;

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  clientName: text('client_name').notNull(),
  /** Where FINALIZED pay-ins are reported to the merchant, HMAC-SHA256 signed with the secret. */
  callbackUrl: text('callback_url'),
  callbackSecret: text('callback_secret'),
  /** After a rotation (issue 47), the old secret signs beside the new one until callbackSecretPreviousUntil. */
  callbackSecretPrevious: text('callback_secret_previous'),
  callbackSecretPreviousUntil: timestamp('callback_secret_previous_until', { withTimezone: true }),
  callbackSecretRotatedAt: timestamp('callback_secret_rotated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const modules = pgTable('modules', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  path: text('path').notNull(),
  icon: text('icon').notNull(),
  parentId: text('parent_id'),
  sort: integer('sort').notNull(),
  isRequired: boolean('is_required').notNull().default(false),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  type: text('type').$type<UserType>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleModules = pgTable(
  'role_modules',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.moduleId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type').$type<UserType>().notNull(),
    roleId: integer('role_id').references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    twoFactorActive: boolean('two_factor_active').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    /** The secret shown during set-up; it becomes twoFactorSecret only after a valid code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Highest TOTP time step accepted so far: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by a sign-in with a recovery code: the user is asked to set up a new authenticator (issue 44). */
    twoFactorResetRequired: boolean('two_factor_reset_required').notNull().default(false),
    /** The language saved in User Settings (issue 48, migration 0029: 'en' or 'id'); null until one is chosen. */
    language: text('language').$type<Language>(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const userClients = pgTable(
  'user_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/** A user's recovery codes (issue 44): argon2 hashes, each spent once (used_at); a new set deletes the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpVerified: boolean('otp_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    detail: jsonb('detail'),
    /** The previous row's hash (null on the first row): the link that makes an edit or removal show (auditChain.ts). */
    prevHash: text('prev_hash'),
    /** SHA-256 (hex) of this row's canonical serialisation, prev_hash included (audit_log_hash in 0020). */
    hash: text('hash').notNull(),
  },
  (t) => [
    // The audit log page reads newest first, (at, id) descending (this index scanned backwards); an entity's lines by
    // object id in time order.
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_object_idx').on(t.objectId, t.at),
  ],
);

/**
 * The records a bulk line moved, in the order its `items.digest` covers them (issue 43, migration
 * 0026): append-only like the log, written in the transaction of the movement.
 */
export const auditItems = pgTable(
  'audit_items',
  {
    auditId: bigint('audit_id', { mode: 'number' })
      .notNull()
      .references(() => auditLog.id),
    position: integer('position').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.position] }),
    index('audit_items_object_idx').on(t.objectId, t.objectType),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    workOrderCode: text('work_order_code').notNull(),
    icon: text('icon').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** OPEN until the decision that settles its item (on every recipient's copy at once). */
    status: text('status').$type<WorkOrderStatus>().notNull().default('OPEN'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What resolved it, in words ('Rejected by …'): shown in place of the request once RESOLVED. */
    outcome: text('outcome'),
    /** The item it names (kind, reference, client, amount); item_kind/item_ref find every copy to resolve. */
    item: jsonb('item').$type<WorkOrderItem>(),
    itemKind: text('item_kind').$type<WorkOrderKind>(),
    itemRef: text('item_ref'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_item_idx').on(t.itemKind, t.itemRef),
  ],
);

/**
 * The outbox: a row per work order to publish (new, or changed), written in the transaction of the
 * event that causes it and published after commit; a crash in between leaves it unpublished, and
 * the next start (or the periodic sweep on any node) publishes it.
 */
export const outboxEvents = ['work-order', 'work-order-changed'] as const;
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').$type<(typeof outboxEvents)[number]>().notNull(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_unpublished_idx')
      .on(t.id)
      .where(sql`published_at is null`),
  ],
);

export const accountKinds = [
  'nonwithdrawable',
  'withdrawable',
  'pending_withdrawal',
  'disbursement',
  'disbursement_hold',
  'channel_receipts',
  'fees',
  'bank_payouts',
  'adjustments',
] as const;
export type AccountKind = (typeof accountKinds)[number];

/** A ledger account: per client (client_id set) or the system's own. The balance is a cache of its postings. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    clientId: integer('client_id').references(() => clients.id),
    kind: text('kind').$type<AccountKind>().notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Only sources of money (what channels paid in, manual adjustments) may run below zero. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
  },
  (t) => [uniqueIndex('ledger_accounts_code_key').on(t.code), index('ledger_accounts_client_idx').on(t.clientId)],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key of the action that posted it, which its audit line's detail names (`action_key`, issue 43):
     * drawn by the database default ledger_action_key() (migration 0026); null only on entries older than it.
     */
    actionKey: text('action_key').default(sql`ledger_action_key()`),
  },
  (t) => [
    uniqueIndex('journal_entries_kind_reference_key').on(t.kind, t.reference),
    index('journal_entries_action_key_idx').on(t.actionKey),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('postings_entry_idx').on(t.entryId), index('postings_account_idx').on(t.accountId, t.id)],
);

export type WithdrawalStatus = WithdrawalStatusName;

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').$type<'withdrawal' | 'transfer_to_disburse'>().notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankName: text('bank_name').notNull(),
    accountNo: text('account_no').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    description: text('description').notNull().default(''),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    idempotencyKey: text('idempotency_key'),
    /** What the keyed request asked for: a key reused for a different request is refused, not replayed. */
    requestHash: text('request_hash'),
    withdrawalTime: timestamp('withdrawal_time', { withTimezone: true }).notNull().defaultNow(),
    completedTime: timestamp('completed_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_uuid_key').on(t.uuid),
    // The audit search's 'WD-1A2B3C4D': a uuid prefix (migration 0019).
    index('withdrawals_uuid_pattern_idx').on(t.uuid.op('text_pattern_ops')),
    uniqueIndex('withdrawals_idempotency_key').on(t.requestedBy, t.idempotencyKey),
    index('withdrawals_client_time_idx').on(t.clientId, t.withdrawalTime),
  ],
);

// A pay-in's types and statuses are the API's (src/services/payinQuery.ts), named here as the server's.
export { TRANSACTION_TYPES as transactionTypes, TRANSACTION_STATUSES as transactionStatuses };
export type TransactionType = TransactionTypeName;
export type TransactionStatus = TransactionStatusName;

/**
 * A pay-in. Amounts are whole rupiah; times are instants (timestamptz). The table keeps the name
 * `transactions` its migrations gave it; the code calls the record a pay-in.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: text('uuid').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    type: text('type').$type<TransactionType>().notNull(),
    serviceType: text('service_type').notNull(),
    rrn: text('rrn'),
    correlationId: text('correlation_id').notNull(),
    accountNo: text('account_no').notNull(),
    currency: text('currency').notNull().default('IDR'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    transactionTime: timestamp('transaction_time', { withTimezone: true }).notNull(),
    paidTime: timestamp('paid_time', { withTimezone: true }),
    settlementTime: timestamp('settlement_time', { withTimezone: true }),
    /** When its net amount moved to the withdrawable balance (once, by hand, in bulk or by settlement). */
    withdrawableAt: timestamp('withdrawable_at', { withTimezone: true }),
    /**
     * The settlement run that settled it (null for pay-ins settled before runs were recorded). No
     * foreign key: a batch stamps 5,000 rows at once and the run row is locked by its own progress.
     */
    settlementRunId: bigint('settlement_run_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('transactions_uuid_key').on(t.uuid),
    uniqueIndex('transactions_correlation_id_key').on(t.correlationId),
    index('transactions_time_idx').on(t.transactionTime.desc(), t.id.desc()),
    index('transactions_client_time_idx').on(t.clientId, t.transactionTime.desc(), t.id.desc()),
    index('transactions_status_time_idx').on(t.status, t.transactionTime.desc(), t.id.desc()),
    index('transactions_account_no_idx').on(t.accountNo),
    index('transactions_rrn_idx').on(t.rrn),
    // What settlement reads: the FINALIZED pay-ins of one type in a window. Settling empties it, so it stays small.
    index('transactions_finalized_type_time_idx')
      .on(t.type, t.transactionTime, t.id)
      .where(sql`status = 'FINALIZED'`),
    index('transactions_settlement_run_idx')
      .on(t.settlementRunId)
      .where(sql`settlement_run_id is not null`),
  ],
);

/**
 * One settlement of a type's window (issue 13): who pressed, the window as typed and as instants,
 * what there was to settle when pressed (total_*), what the run settled so far (settled_*, moved by
 * each committed batch) and how it ended. At most one run per identical window is running at once.
 */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').$type<TransactionType>().notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    fromTime: timestamp('from_time', { withTimezone: true }).notNull(),
    untilTime: timestamp('until_time', { withTimezone: true }).notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<SettlementRunStatus>().notNull().default('running'),
    totalCount: integer('total_count').notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    settledCount: integer('settled_count').notNull().default(0),
    settledAmount: bigint('settled_amount', { mode: 'number' }).notNull().default(0),
    settledFee: bigint('settled_fee', { mode: 'number' }).notNull().default(0),
    movedAmount: bigint('moved_amount', { mode: 'number' }).notNull().default(0),
    queueJobId: text('queue_job_id'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlement_runs_one_running_key')
      .on(t.type, t.fromTime, t.untilTime)
      .where(sql`status = 'running'`),
    index('settlement_runs_started_idx').on(t.startedAt),
  ],
);

/** Every attempt to deliver a pay-in's callback to its merchant, successful or not. */
export const callbackAttempts = pgTable(
  'callback_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    attemptedBy: integer('attempted_by'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first send, a scheduled retry, or a person's Resend (issue 47). */
    trigger: text('trigger', { enum: CALLBACK_TRIGGERS }).notNull().default('system'),
    durationMs: integer('duration_ms'),
    /** The first 1 KB of the receiver's answer. */
    responseExcerpt: text('response_excerpt'),
    /** A failed attempt with a retry to come: when it is due. */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  },
  (t) => [
    index('callback_attempts_transaction_idx').on(t.transactionId),
    index('callback_attempts_transaction_time_idx').on(t.transactionId, t.attemptedAt),
  ],
);

/**
 * A pay-in's callback delivery: its latest attempt, written in that attempt's transaction, so the Callbacks
 * page filters and pages on an index (issue 47). The outcome: delivered, failing (a retry is due), gave up.
 */
export const callbackDeliveries = pgTable(
  'callback_deliveries',
  {
    transactionId: bigint('transaction_id', { mode: 'number' })
      .primaryKey()
      .references(() => transactions.id),
    clientId: integer('client_id').notNull(),
    correlationId: text('correlation_id').notNull(),
    outcome: text('outcome', { enum: CALLBACK_OUTCOMES }).notNull(),
    attempts: integer('attempts').notNull(),
    url: text('url').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  },
  (t) => [
    index('callback_deliveries_time_idx').on(t.lastAttemptAt),
    index('callback_deliveries_client_time_idx').on(t.clientId, t.lastAttemptAt),
    index('callback_deliveries_correlation_idx').on(t.correlationId),
  ],
);

/** What the built-in demo merchant endpoint received (demo clients point their callbacks at it). */
export const demoMerchantInbox = pgTable('demo_merchant_inbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  body: jsonb('body').notNull(),
  signatureValid: boolean('signature_valid').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const exportJobStatuses = ['queued', 'sent', 'failed'] as const;
export type ExportJobStatus = (typeof exportJobStatuses)[number];

/**
 * An e-mailed spreadsheet export: who asked, for which filter (its time window fixed when asked,
 * so 'today' keeps meaning that day), where it went and how delivery ended. The queue prunes its
 * own job rows; this record of who received what stays.
 */
export const exportKinds = ['transactions', 'disbursements'] as const;
export type ExportKindName = (typeof exportKinds)[number];

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which list was exported: the worker reads the filter and checks access by it. */
    kind: text('kind').$type<ExportKindName>().notNull().default('transactions'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    filter: jsonb('filter').notNull(),
    status: text('status').$type<ExportJobStatus>().notNull().default('queued'),
    queueJobId: text('queue_job_id'),
    attempts: integer('attempts').notNull().default(0),
    rowCount: integer('row_count'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_requested_by_idx').on(t.requestedBy, t.createdAt)],
);

/** What a totals table counts per bucket and key: the rows, and their amount and fee sums. */
const countedColumns = () => ({
  count: bigint('count', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
});

/** The pay-in totals tables' columns after their time bucket (a function: each table builds its own columns). */
const transactionTotalsColumns = () => ({
  clientId: integer('client_id').notNull(),
  status: text('status').$type<TransactionStatus>().notNull(),
  type: text('type').$type<TransactionType>().notNull(),
  ...countedColumns(),
});

/**
 * Pay-ins per UTC hour, client, status and payment method, with their amount and fee sums, so the
 * Payments List can total a month without counting a month of rows. Only the statement triggers of
 * migration 0009 write it, in the same transaction as the pay-ins they count, so it cannot drift.
 */
export const transactionHourlyTotals = pgTable(
  'transaction_hourly_totals',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...transactionTotalsColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.clientId, t.status, t.type] }),
    index('transaction_hourly_totals_status_hour_idx').on(t.status, t.hour),
  ],
);

/** The same totals per UTC day (migration 0010), so a window of months sums days, not hours. */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    ...transactionTotalsColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.clientId, t.status, t.type] }),
    index('transaction_daily_totals_status_day_idx').on(t.status, t.day),
  ],
);

/**
 * The business time zones whose days transaction_business_day_totals keeps (migration 0024). The
 * server registers its TZ_BUSINESS at start (keepBusinessDays), backfilling that zone's days once.
 */
export const businessTimeZones = pgTable('business_time_zones', {
  timeZone: text('time_zone').primaryKey(),
});

/**
 * The same totals per business day of each kept zone (migration 0024): the overview's 14 days read
 * a few hundred rows, not 24 hour buckets a day (a Jakarta day holds no whole UTC day).
 */
export const transactionBusinessDayTotals = pgTable(
  'transaction_business_day_totals',
  {
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...transactionTotalsColumns(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.day, t.clientId, t.status, t.type] })],
);

/**
 * A disbursement: money a client sends out to a beneficiary's bank account. Created by the merchants'
 * payment API (here: createDisbursement, which holds amount + fee from the client's disbursement
 * balance in the same transaction); its status only changes through the disbursement lifecycle.
 */
export const disbursements = pgTable(
  'disbursements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: text('uuid').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    correlationId: text('correlation_id').notNull(),
    withdrawalMethod: text('withdrawal_method').$type<DisbursementMethodName>().notNull(),
    bankName: text('bank_name').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    accountNo: text('account_no').notNull(),
    /** The merchant's own reference for the payout, when it sent one. */
    originalTransactionNo: text('original_transaction_no'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    feeAmount: bigint('fee_amount', { mode: 'number' }).notNull(),
    status: text('status').$type<DisbursementStatusName>().notNull(),
    transactionTime: timestamp('transaction_time', { withTimezone: true }).notNull(),
    /** When it was paid out (FINALIZED); shown as Completed Time. */
    paidTime: timestamp('paid_time', { withTimezone: true }),
    /** The released hold went on to the withdrawable balance (once, irreversible). */
    addedToWithdrawable: boolean('added_to_withdrawable').notNull().default(false),
    /** Who finalized, rejected or voided it; null when the provider decided. */
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disbursements_uuid_key').on(t.uuid),
    // The audit search's 'DSB-1A2B3C4D': a uuid prefix (migration 0019).
    index('disbursements_uuid_pattern_idx').on(t.uuid.op('text_pattern_ops')),
    uniqueIndex('disbursements_correlation_id_key').on(t.correlationId),
    // NULLS FIRST is what ORDER BY ... DESC means: an index built NULLS LAST cannot hand the list its
    // rows in order (the planner does not use NOT NULL to reconcile the two), and a page then sorts the window.
    index('disbursements_time_idx').on(t.transactionTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disbursements_client_time_idx').on(
      t.clientId,
      t.transactionTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('disbursements_status_time_idx').on(t.status, t.transactionTime.desc(), t.id.desc()),
    index('disbursements_account_no_idx').on(t.accountNo),
    index('disbursements_original_transaction_no_idx').on(t.originalTransactionNo),
  ],
);

/** The disbursement totals tables' columns after their time bucket. */
const disbursementTotalsColumns = () => ({
  clientId: integer('client_id').notNull(),
  status: text('status').$type<DisbursementStatusName>().notNull(),
  withdrawalMethod: text('withdrawal_method').$type<DisbursementMethodName>().notNull(),
  ...countedColumns(),
});

/**
 * Disbursements per UTC hour (and day, below), client, status and method, kept by the statement
 * triggers of migration 0011 in the writing transaction, so the Disbursement List totals a window
 * without counting its rows (the same scheme as transaction_hourly_totals).
 */
export const disbursementHourlyTotals = pgTable(
  'disbursement_hourly_totals',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...disbursementTotalsColumns(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.clientId, t.status, t.withdrawalMethod] })],
);

export const disbursementDailyTotals = pgTable(
  'disbursement_daily_totals',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    ...disbursementTotalsColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientId, t.status, t.withdrawalMethod] })],
);

/**
 * Every movement of a client's disbursement balance made by a person or a bank deposit (Payin
 * Detail and Disbursement Account's 'Deposit History'): written in the same transaction as its
 * journal entry (adjustments <-> disbursement), which `reference` names.
 */
export const disbursementDeposits = pgTable(
  'disbursement_deposits',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').$type<'deposit' | 'adjustment'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** The PIC as shown: the user's name at the time, or the bank for a transfer received. */
    picName: text('pic_name').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disbursement_deposits_reference_key').on(t.reference),
    index('disbursement_deposits_client_time_idx').on(t.clientId, t.createdAt),
    index('disbursement_deposits_time_idx').on(t.createdAt),
  ],
);

/**
 * Dual control (issue 25): one entry per action a second SUPER ADMIN may have to approve (the
 * migration seeds DEFAULT_APPROVAL_POLICY, so a fresh install has it).
 */
export const approvalPolicy = pgTable('approval_policy', {
  action: text('action').$type<ApprovalAction>().primaryKey(),
  mode: text('mode').$type<ApprovalMode>().notNull(),
  threshold: bigint('threshold', { mode: 'number' }),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A movement held for a second SUPER ADMIN: what was asked (payload, applied on approval in the
 * same transaction as the decision), by whom, and its status in the `approval` lifecycle.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<ApprovalAction>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('PENDING_APPROVAL'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    checkerId: integer('checker_id').references(() => users.id),
    clientId: integer('client_id').references(() => clients.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    before: bigint('before', { mode: 'number' }),
    after: bigint('after', { mode: 'number' }),
    summary: text('summary').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('approval_requests_status_idx').on(t.status, t.createdAt),
    index('approval_requests_created_idx').on(t.createdAt),
  ],
);

/**
 * Lists that remember (issue 29): a person's named filters (and columns) of a list. A name is
 * unique in its list, and at most one view of a list is the one it opens on (the partial index).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<ListId>().notNull(),
    name: text('name').notNull(),
    /** The list page's query string, as its URL carries it (no leading '?'). */
    query: text('query').notNull(),
    /** Shown columns in order; null keeps the person's column choice as it is. */
    columns: jsonb('columns').$type<string[]>(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_user_list_name_key').on(t.userId, t.list, t.name),
    uniqueIndex('saved_views_one_default_key')
      .on(t.userId, t.list)
      .where(sql`is_default`),
  ],
);

/** A person's shown columns of a list, in order, kept on the server so every device has them. */
export const listColumns = pgTable(
  'list_columns',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<ListId>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);
