import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  decidesWithdrawals,
  nextWithdrawalStatus,
  WITHDRAWAL_INVALID_STATUS,
  type WithdrawalDecision,
} from '../../src/machines/lifecycle/withdrawalLifecycle.ts';
import {
  bankAccountIssues,
  otpIssue,
  TRANSFER_TO_DISBURSE,
  withdrawalAmountIssue,
  type BalanceSummary,
  type WithdrawalRequest,
  type WithdrawalRow,
} from '../../src/services/withdrawalRules.ts';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { runPrepared } from '../db/prepared.ts';
import { pageMeta } from './paging.ts';
import { users, withdrawals } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { withdrawalDecided, withdrawalRequested } from './workOrderEvents.ts';
import { conflict, invalidInput, notAllowed, notFound, ruleBroken } from './errors.ts';
import { heldByIdempotencyKey, holdIfNeeded } from './approvalHold.ts';
import { audit } from './audit.ts';
import { OtpRejected, recordOtpRejection, spendTotp, type RequestOrigin } from './authentication.ts';
import { clientInScope, clientNameOf, seesClient } from './clientScope.ts';
import { clientBalances, lockClientAccount, postEntry } from './ledger.ts';
import type { Principal } from './principal.ts';
import { windowConditions } from './businessWindow.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

type WithdrawalRecord = typeof withdrawals.$inferSelect;
type NewWithdrawal = Omit<typeof withdrawals.$inferInsert, 'id' | 'uuid' | 'status'>;

/** Inside a transaction: the PENDING row and its withdrawable -> pending entry, together. */
export async function openWithdrawal(tx: Db, values: NewWithdrawal): Promise<WithdrawalRecord> {
  const [created] = await tx
    .insert(withdrawals)
    .values({ ...values, uuid: randomUUID(), status: 'PENDING' })
    .returning();
  const applied = await postEntry(tx, {
    kind: 'withdrawal.request',
    reference: created.uuid,
    createdBy: values.requestedBy,
    description:
      created.kind === 'transfer_to_disburse'
        ? msg({
            defaultMessage: 'Transfer to disburse requested',
            id: 'ykbf9C',
            description: "a ledger entry's description",
          })
        : msg({ defaultMessage: 'Withdrawal requested', id: 'HteKkJ', description: "a ledger entry's description" }),
    lines: [
      { account: { client: created.clientId, kind: 'withdrawable' }, amount: -created.amount },
      { account: { client: created.clientId, kind: 'pending_withdrawal' }, amount: created.amount },
    ],
  });
  // A PENDING row whose money did not move would break 'pending equals PENDING withdrawals'.
  if (!applied) throw new Error(`withdrawal ${created.uuid} was already requested in the ledger`);
  await withdrawalRequested(tx, created);
  return created;
}

/** Inside a transaction, with the row locked: the new status and the one decision entry. */
export async function applyDecision(
  tx: Db,
  current: WithdrawalRecord,
  next: 'COMPLETED' | 'REJECTED',
  deciderId: number,
  at?: Date,
): Promise<WithdrawalRecord> {
  const [updated] = await tx
    .update(withdrawals)
    .set({ status: next, completedTime: at ?? sql`now()`, decidedBy: deciderId })
    .where(and(eq(withdrawals.id, current.id), eq(withdrawals.status, 'PENDING')))
    .returning();
  if (!updated) throw conflict(WITHDRAWAL_INVALID_STATUS);
  const destination =
    next === 'REJECTED'
      ? { client: current.clientId, kind: 'withdrawable' as const }
      : current.kind === 'transfer_to_disburse'
        ? { client: current.clientId, kind: 'disbursement' as const }
        : { system: 'bankPayouts' as const };
  // One decision entry per withdrawal, whatever it is: completing and rejecting can never both apply.
  const applied = await postEntry(tx, {
    kind: 'withdrawal.decision',
    reference: current.uuid,
    createdBy: deciderId,
    description:
      next === 'COMPLETED'
        ? msg({ defaultMessage: 'Withdrawal completed', id: '3ellGi', description: "a ledger entry's description" })
        : msg({ defaultMessage: 'Withdrawal rejected', id: 'rhYRtr', description: "a ledger entry's description" }),
    lines: [
      { account: { client: current.clientId, kind: 'pending_withdrawal' }, amount: -current.amount },
      { account: destination, amount: current.amount },
    ],
  });
  if (!applied) throw conflict(WITHDRAWAL_INVALID_STATUS);
  await withdrawalDecided(tx, current.uuid, next, deciderId);
  return updated;
}

export function toWithdrawalRow(w: WithdrawalRecord, initiator: string): WithdrawalRow {
  return {
    uuid: w.uuid,
    status: w.status,
    type: w.kind,
    amount: w.amount,
    name: initiator,
    bank_name: w.bankName,
    account_no: w.accountNo,
    bank_account_name: w.bankAccountName,
    withdrawal_time: w.withdrawalTime.toISOString(),
    completed_time: w.completedTime?.toISOString() ?? null,
    description: w.description,
    client_id: w.clientId,
  };
}

export function summaryOf(b: Awaited<ReturnType<typeof clientBalances>>): BalanceSummary {
  return {
    disbursement_balance: b.disbursement,
    nonwithdrawable_balance: b.nonwithdrawable,
    withdrawable_balance: b.withdrawable,
    pending_withdrawal_balance: b.pending_withdrawal,
    balance: b.nonwithdrawable + b.withdrawable + b.pending_withdrawal,
  };
}

/** The bank account a request stores: a transfer keeps the spec's fixed fields, which the API shows as they are. */
const accountOf = (body: WithdrawalRequest) =>
  body.type === 'transfer'
    ? TRANSFER_TO_DISBURSE
    : {
        bank_name: body.bank_name,
        account_no: body.account_no,
        bank_account_name: body.bank_account_name,
        description: body.description,
      };

async function findByIdempotencyKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.requestedBy, userId), eq(withdrawals.idempotencyKey, key)));
  return row ?? null;
}

/** What a keyed request asks for; the OTP is left out, since a retry may carry a newer code. */
const requestHashOf = (body: WithdrawalRequest) => {
  const account = accountOf(body);
  return createHash('sha256')
    .update(
      JSON.stringify([
        body.client_filter,
        body.amount,
        account.bank_name,
        account.account_no,
        account.bank_account_name,
        account.description,
      ]),
    )
    .digest('hex');
};

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/**
 * A withdrawal request as held for approval: everything but the authenticator code, which was spent when it was made.
 */
export type HeldWithdrawalRequest = {
  [K in WithdrawalRequest['type']]: Omit<Extract<WithdrawalRequest, { type: K }>, 'otp_num'>;
}[WithdrawalRequest['type']];

/**
 * The form's rules a request can break before any balance is read (400, all listed): the bank account of a
 * withdrawal, the amount itself, the authenticator code. The client is the schema's and the scope's to judge.
 */
const requestIssues = (body: WithdrawalRequest): string[] => [
  ...(body.type === 'withdrawal' ? bankAccountIssues(body.bank_name, body.account_no, body.bank_account_name) : []),
  ...[withdrawalAmountIssue(body.amount), otpIssue(body.otp_num)].filter((issue) => issue != null),
];

/** The amount against the withdrawable balance locked at this moment: 422, and nothing moves. */
const checkAvailable = (amount: number, available: number) => {
  const issue = withdrawalAmountIssue(amount, available);
  if (issue) throw ruleBroken(issue);
};

interface Person {
  id: number;
  name: string;
  email: string;
}

/**
 * Inside a transaction: the withdrawable account locked (or already locked, its balance given), the
 * amount checked against it at this moment (422 and nothing moves otherwise), the PENDING row
 * requested by the maker, its withdrawable -> pending entry, its work order and the audit line.
 * For a request a checker approved, the audit shows the maker's request, then the checker's approval.
 */
export async function applyWithdrawalRequest(
  tx: Db,
  maker: Person,
  clientId: number,
  body: HeldWithdrawalRequest,
  options: {
    idempotencyKey: string | null;
    requestHash: string | null;
    origin: RequestOrigin;
    locked?: number;
    checker?: Person;
    approvalId?: number;
  },
): Promise<WithdrawalRow> {
  const transfer = body.type === 'transfer';
  const account = accountOf(body as WithdrawalRequest);
  const available = options.locked ?? (await lockClientAccount(tx, clientId, 'withdrawable'));
  // The request's own rules were checked when it was made; the balance may have changed since.
  checkAvailable(body.amount, available);
  const created = await openWithdrawal(tx, {
    clientId,
    kind: transfer ? 'transfer_to_disburse' : 'withdrawal',
    amount: body.amount,
    bankName: account.bank_name.trim(),
    accountNo: account.account_no,
    bankAccountName: account.bank_account_name.trim(),
    description: account.description.trim(),
    requestedBy: maker.id,
    idempotencyKey: options.idempotencyKey,
    requestHash: options.requestHash,
  });
  const after = { status: 'PENDING', amount: body.amount, client_id: clientId, kind: created.kind };
  // A held request is written when the checker approves: the maker's line keeps its PENDING_APPROVAL
  // and carries no address (the maker is not the one calling now); the checker's line follows it.
  await audit(tx, {
    actorUserId: maker.id,
    actorEmail: maker.email,
    action: 'withdrawal.request',
    objectType: 'withdrawal',
    objectId: created.uuid,
    outcome: 'success',
    ...(options.checker
      ? { detail: { after: { ...after, status: 'PENDING_APPROVAL' }, approval_id: options.approvalId } }
      : { ip: options.origin.ip, detail: { after } }),
  });
  if (options.checker)
    await audit(tx, {
      actorUserId: options.checker.id,
      actorEmail: options.checker.email,
      action: 'approval.approve',
      objectType: 'withdrawal',
      objectId: created.uuid,
      outcome: 'success',
      ip: options.origin.ip,
      detail: { before: { status: 'PENDING_APPROVAL' }, after, approval_id: options.approvalId, maker: maker.email },
    });
  return toWithdrawalRow(created, maker.name);
}

export type WithdrawalAnswer = { row: WithdrawalRow; replayed: boolean } | { held: ApprovalHeld; replayed: boolean };

/**
 * A withdrawal (or transfer to the disbursement balance) request, in one transaction: the
 * authenticator code is spent, the withdrawable account locked, the PENDING row and its
 * withdrawable -> pending entry written. With an Idempotency-Key, requests of the same user and
 * key queue on an advisory lock, so a retry, even one sent while the first is still running,
 * gets the first answer and moves nothing again. One the approval policy holds (issue 25) is
 * answered with its approval id (a retry with its key too), and nothing moves.
 */
export async function requestWithdrawal(
  db: Db,
  principal: Principal,
  body: WithdrawalRequest,
  idempotencyKey: string | null,
  origin: RequestOrigin,
): Promise<WithdrawalAnswer> {
  const transfer = body.type === 'transfer';
  const errors = requestIssues(body);
  if (errors.length)
    throw invalidInput(
      errors.join('; '),
      errors.map((message) => ({ field: '', message })),
    );
  const clientId = await clientInScope(db, principal, body.client_filter);
  const requestHash = idempotencyKey ? requestHashOf(body) : null;

  try {
    return await inTransaction(db, async (tx) => {
      if (idempotencyKey) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`withdrawal:${principal.id}:${idempotencyKey}`}))`,
        );
        const held = await heldByIdempotencyKey(tx, principal.id, idempotencyKey);
        if (held) {
          if (held.payload.request_hash !== requestHash) throw ruleBroken(KEY_REUSED);
          return { held: { approval_id: held.id }, replayed: true };
        }
        const earlier = await findByIdempotencyKey(tx, principal.id, idempotencyKey);
        if (earlier) {
          if (earlier.requestHash !== requestHash) throw ruleBroken(KEY_REUSED);
          return { row: toWithdrawalRow(earlier, principal.name), replayed: true };
        }
      }
      await spendTotp(tx, principal.id, body.otp_num);
      const available = await lockClientAccount(tx, clientId, 'withdrawable');
      checkAvailable(body.amount, available);
      const { otp_num: _spent, ...request } = body;
      const clientName = await clientNameOf(tx, clientId);
      const held = await holdIfNeeded(
        tx,
        principal,
        'withdrawal',
        body.amount,
        {
          clientId,
          before: available,
          after: available - body.amount,
          summary: transfer
            ? msg(
                {
                  defaultMessage: 'Transfer to the disbursement balance {amount} from {client}',
                  id: 'u4Z8An',
                  description: "a held action's summary",
                },
                { amount: formatRupiah(body.amount), client: clientName },
              )
            : msg(
                {
                  defaultMessage: 'Withdraw {amount} from {client} to {account}',
                  id: 'M/cvSN',
                  description: "a held action's summary",
                },
                {
                  amount: formatRupiah(body.amount),
                  client: clientName,
                  account: request.type === 'withdrawal' ? `${request.bank_name} ${request.account_no}` : '',
                },
              ),
          payload: { client_id: clientId, request, idempotency_key: idempotencyKey, request_hash: requestHash },
        },
        origin,
      );
      if (held) return { held, replayed: false };
      const row = await applyWithdrawalRequest(tx, principal, clientId, request, {
        idempotencyKey,
        requestHash,
        origin,
        locked: available,
      });
      return { row, replayed: false };
    });
  } catch (error) {
    if (error instanceof OtpRejected) return recordOtpRejection(db, principal, origin, 'withdrawal.request');
    throw error;
  }
}

/**
 * COMPLETED pays the pending amount out (or, for a transfer, onto the disbursement balance);
 * REJECTED returns it to withdrawable. The row lock makes two deciders queue: the second finds
 * the status already changed and gets the lifecycle's conflict.
 */
export async function decideWithdrawal(
  db: Db,
  principal: Principal,
  uuid: string,
  decision: WithdrawalDecision,
  origin: RequestOrigin,
): Promise<WithdrawalRow> {
  if (!decidesWithdrawals(principal.type)) {
    await audit(db, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'withdrawal.decide',
      objectType: 'withdrawal',
      objectId: uuid,
      outcome: 'denied',
      ip: origin.ip,
      detail: { decision },
    });
    throw notAllowed();
  }
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.uuid, uuid)).for('update');
    if (!current || !seesClient(principal, current.clientId))
      throw notFound(msg({ defaultMessage: 'Withdrawal not found', id: 'N+1rwe' }));
    const next = nextWithdrawalStatus(current.status, decision, principal.type);
    if (!next || next === 'PENDING') throw conflict(WITHDRAWAL_INVALID_STATUS);
    const updated = await applyDecision(tx, current, next, principal.id);
    await audit(tx, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'withdrawal.decide',
      objectType: 'withdrawal',
      objectId: uuid,
      outcome: 'success',
      ip: origin.ip,
      detail: { before: { status: current.status }, after: { status: next } },
    });
    const [initiator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, updated.requestedBy));
    return toWithdrawalRow(updated, initiator?.name ?? '');
  });
}

export interface HistoryQuery {
  clientIds: number[];
  status?: string;
  start?: string;
  end?: string;
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  by: 'withdrawal_time' | 'amount' | 'completed_time';
  timeZone: string;
}

export async function withdrawalHistory(db: Db, q: HistoryQuery): Promise<Paged<WithdrawalRow>> {
  if (q.clientIds.length === 0)
    return { rows: [], meta: { current_page: 1, last_page: 1, total: 0, per_page: q.limit } };
  const filters: SQL[] = [inArray(withdrawals.clientId, q.clientIds)];
  if (q.status) filters.push(eq(withdrawals.status, q.status as WithdrawalRecord['status']));
  filters.push(...windowConditions(withdrawals.withdrawalTime, q, q.timeZone));
  const where = and(...filters);
  const column =
    q.by === 'amount'
      ? withdrawals.amount
      : q.by === 'completed_time'
        ? withdrawals.completedTime
        : withdrawals.withdrawalTime;
  // The count rides on the page's rows (a window over the whole filter, taken before the limit): one
  // round trip instead of two, as the Payments List's countedPage (issue 30). Only a page past the end
  // has no row to carry it, and is counted on its own.
  const rows = await runPrepared(
    db
      .select({ w: withdrawals, initiator: users.name, total: sql<number>`count(*) over ()::int` })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.requestedBy))
      .where(where)
      .orderBy(q.order === 'asc' ? asc(column) : desc(column), desc(withdrawals.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1)
    [{ total }] = await runPrepared(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(where),
    );
  return {
    rows: rows.map((r) => toWithdrawalRow(r.w, r.initiator)),
    meta: pageMeta(q.page, q.limit, total),
  };
}
