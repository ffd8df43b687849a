import { eq } from 'drizzle-orm';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import { adjustmentProblem, type BalanceAdjusted } from '../../src/services/masterBalanceRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { clients } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFound, ruleBroken } from './errors.ts';
import { seesClient } from './clientScope.ts';
import { holdIfNeeded } from './approvalHold.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { lockClientAccount } from './ledger.ts';
import { recordDeposit } from './disbursementAccount.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

/** Who an adjustment is by: its maker (the deposit row's PIC) and, for a held one, the checker who approved it. */
export interface AdjustmentBy {
  maker: { id: number; name: string; email: string };
  checker?: { id: number; name: string; email: string };
  approvalId?: number;
}

/**
 * Inside a transaction, under the disbursement account's row lock: the rule (adjustmentProblem)
 * checked at this moment, then the entry, the deposit-history row (PIC: the maker) and the audit
 * line (by the checker when one approved it, naming both). A broken rule throws 422 and moves nothing.
 */
export async function applyAdjustment(
  tx: Db,
  clientId: number,
  amount: number,
  by: AdjustmentBy,
  origin: RequestOrigin,
  locked?: number,
): Promise<BalanceAdjusted> {
  const previous = locked ?? (await lockClientAccount(tx, clientId, 'disbursement'));
  const problem = adjustmentProblem(previous, amount);
  if (problem) throw ruleBroken(problem);
  await recordDeposit(tx, {
    clientId,
    amount,
    kind: 'adjustment',
    picName: by.maker.name,
    by: by.maker.id,
    description: by.checker
      ? msg(
          {
            defaultMessage: 'Master balance adjustment by {maker}, approved by {checker}',
            id: 'iYIGGy',
            description: "a ledger entry's description",
          },
          { maker: by.maker.name, checker: by.checker.name },
        )
      : msg(
          {
            defaultMessage: 'Master balance adjustment by {maker}',
            id: 'f4Dx6c',
            description: "a ledger entry's description",
          },
          { maker: by.maker.name },
        ),
  });
  const result = { client_id: clientId, previous_balance: previous, amount, balance: previous + amount };
  const actor = by.checker ?? by.maker;
  await audit(tx, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: 'disbursement.balance_adjusted',
    objectType: 'client',
    objectId: clientId,
    outcome: 'success',
    ip: origin.ip,
    detail: {
      before: { balance: previous },
      after: { balance: result.balance },
      amount,
      ...(by.checker ? { maker: by.maker.email, checker: by.checker.email, approval_id: by.approvalId } : {}),
    },
  });
  return result;
}

/**
 * Master Disbursement Balance: one adjustment, positive or negative, on the locked balance. The
 * rule is the screen's own (adjustmentProblem); under the row lock, fifteen concurrent debits of a
 * balance that covers five leave exactly five applied and the balance at zero, never below.
 * One the approval policy holds (issue 25) is answered with its approval id, and nothing moves.
 */
export async function adjustMasterBalance(
  db: Db,
  principal: Principal,
  input: { client_id: number; amount: number },
  origin: RequestOrigin,
): Promise<BalanceAdjusted | ApprovalHeld> {
  const visible = seesClient(principal, input.client_id);
  const [client] = visible
    ? await db.select({ id: clients.id, name: clients.clientName }).from(clients).where(eq(clients.id, input.client_id))
    : [];
  if (!client) throw notFound(msg({ defaultMessage: 'Client not found', id: '06XTUO' }));
  try {
    return await inTransaction(db, async (tx) => {
      const previous = await lockClientAccount(tx, client.id, 'disbursement');
      const problem = adjustmentProblem(previous, input.amount);
      if (problem) throw ruleBroken(problem);
      const held = await holdIfNeeded(
        tx,
        principal,
        'balance-adjustment',
        input.amount,
        {
          clientId: client.id,
          before: previous,
          after: previous + input.amount,
          summary: msg(
            {
              defaultMessage: 'Adjust the disbursement balance of {client} by {amount}',
              id: 'vhM533',
              description: "a held action's summary",
            },
            { client: client.name, amount: formatRupiah(input.amount) },
          ),
          payload: { client_id: client.id, amount: input.amount },
        },
        origin,
      );
      if (held) return held;
      return applyAdjustment(tx, client.id, input.amount, { maker: principal }, origin, previous);
    });
  } catch (error) {
    await audit(db, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'disbursement.balance_adjusted',
      objectType: 'client',
      objectId: client.id,
      outcome: 'failure',
      ip: origin.ip,
      detail: { amount: input.amount, reason: (error as Error).message },
    });
    throw error;
  }
}
