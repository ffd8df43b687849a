import { eq } from 'drizzle-orm';
import type { TransactionTypeName } from '../../src/services/payinQuery.ts';
import { disbursements, transactions } from '../db/schema.ts';
import { createDisbursement } from '../domain/disbursements.ts';
import { disbursementProviderAnswer, providerAnswer } from '../providers/simulator.ts';
import type { Sessions } from './lifecycleWalkKit.ts';
import { DISBURSEMENT, PAYIN } from './walkMoney.ts';

/**
 * Fresh records for the lifecycle walks, and reading them back over the API. Pay-ins and
 * disbursements have no API that creates them (the channels and the merchants' payment API are
 * not this server): a pay-in is inserted PENDING as the channel would, a disbursement made by
 * createDisbursement, the one way one comes to exist. Everything after that goes through the API.
 */
export interface PayinRecord {
  /** The correlation id it was made with; those a provider step gives it are this and a suffix. */
  base: string;
  channel: TransactionTypeName;
  /** Its correlation id now: a provider step may give it another (see answeredAs). */
  correlationId: string;
  /** Its own minute on the business clock: a settlement or Process Transactions window of it holds it alone. */
  minute: string;
}

export interface DisbursementRecord {
  base: string;
  uuid: string;
  correlationId: string;
  /** Unique and never changed: what the list is searched by. */
  reference: string;
}

let sequence = 0;
const runTag = `${process.pid}${Date.now() % 100_000}`;

const serviceOf = (channel: string) =>
  channel.startsWith('va_') ? 'VIRTUAL_ACCOUNT' : channel.endsWith('qris') ? 'QRIS' : 'DIRECT_DEBIT';

export class WalkRecords {
  constructor(
    private readonly sessions: Sessions,
    private readonly timeZone: string,
  ) {}

  private get db() {
    return this.sessions.server.database.db;
  }

  /** A minute of January 2019 on the business clock no other walk uses (the demo data is of the last 30 days). */
  private nextMinute(): { at: Date; minute: string } {
    sequence += 1;
    const at = new Date(Date.UTC(2019, 0, 1) + sequence * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: this.timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return { at, minute: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` };
  }

  async insertPayin(channel: TransactionTypeName, clientId: number): Promise<PayinRecord> {
    const { at, minute } = this.nextMinute();
    const correlationId = `WALK-${runTag}-${sequence}`;
    await this.db.insert(transactions).values({
      uuid: `u-${correlationId}`,
      clientId,
      type: channel,
      serviceType: serviceOf(channel),
      correlationId,
      accountNo: `ID${sequence}`,
      amount: PAYIN.amount,
      feeAmount: PAYIN.fee,
      status: 'PENDING',
      transactionTime: at,
    });
    return { base: correlationId, channel, correlationId, minute };
  }

  /**
   * The simulator answers each correlation id the same way for ever (a hash of it), so a walk that
   * needs two answers for one pay-in (TIMEOUT, then PAID) gives it, before a provider step, an id
   * the simulator answers as the step needs. Only while PENDING or REQUEST_TIMEOUT, before anything
   * is posted under its id. The provider's answer is the one input the walk picks; the rest is the server's.
   */
  async answeredAs(payin: PayinRecord, answers: string[]): Promise<void> {
    if (answers.includes(providerAnswer(payin.correlationId).status)) return;
    let id = payin.base;
    for (let i = 0; !answers.includes(providerAnswer(id).status); i++) id = `${payin.base}-a${i}`;
    await this.db
      .update(transactions)
      .set({ correlationId: id })
      .where(eq(transactions.correlationId, payin.correlationId));
    payin.correlationId = id;
  }

  /** The pay-in as the Payments List shows it. */
  async payinRow(payin: PayinRecord): Promise<{ status: string; added_to_withdrawable: boolean }> {
    const query = new URLSearchParams({
      start: payin.minute,
      end: payin.minute,
      search_by: 'correlation_id',
      search: payin.correlationId,
    });
    const res = await this.sessions.call('superadmin', 'GET', `/transaction/list?${query}`);
    const row = (res.body?.data ?? []).find(
      (r: { correlation_id: string }) => r.correlation_id === payin.correlationId,
    );
    if (!row) throw new Error(`pay-in ${payin.correlationId} not in the list: ${JSON.stringify(res.body)}`);
    return row;
  }

  async createDisbursement(clientId: number): Promise<DisbursementRecord> {
    sequence += 1;
    const reference = `WALK-PO-${runTag}-${sequence}`;
    const base = `WALK-D-${runTag}-${sequence}`;
    const made = await createDisbursement(this.db, {
      clientId,
      correlationId: `${base}-0`,
      withdrawalMethod: 'BIFAST',
      bankName: 'BCA',
      bankAccountName: 'Budi Santoso',
      accountNo: `014${String(sequence).padStart(10, '0')}`,
      originalTransactionNo: reference,
      amount: DISBURSEMENT.amount,
      feeAmount: DISBURSEMENT.fee,
      transactionTime: new Date(Date.now() - 60_000),
    });
    return { base, uuid: made.uuid, correlationId: made.correlationId, reference };
  }

  /**
   * As answeredAs, for the transfer provider, whose answer is the correlation id's last character
   * (simulator.ts: 0-3 PENDING, 4-6 FINALIZED, 7-9 FAILED). 'NONE' is no answer at all: an id longer
   * than the simulator's 200 characters gets a 404, which the server takes as the provider failing.
   */
  async disbursementAnsweredAs(d: DisbursementRecord, answer: 'PENDING' | 'FINALIZED' | 'FAILED' | 'NONE') {
    const digit = { PENDING: 1, FINALIZED: 5, FAILED: 8, NONE: 'x'.repeat(200) }[answer];
    const id = `${d.base}-${digit}`;
    if (answer !== 'NONE' && disbursementProviderAnswer(id).status !== answer)
      throw new Error(`${id} is not ${answer}`);
    if (id === d.correlationId) return;
    await this.db.update(disbursements).set({ correlationId: id }).where(eq(disbursements.uuid, d.uuid));
    d.correlationId = id;
  }

  /** The disbursement as the Disbursement List shows it. */
  async disbursementRow(d: DisbursementRecord): Promise<{ status: string; added_to_withdrawable: boolean }> {
    const query = new URLSearchParams({ search_by: 'original_transaction_no', search: d.reference });
    const res = await this.sessions.call('superadmin', 'GET', `/transaction/list-disbursement?${query}`);
    const row = (res.body?.data ?? []).find((r: { uuid: string }) => r.uuid === d.uuid);
    if (!row) throw new Error(`disbursement ${d.reference} not in the list: ${JSON.stringify(res.body)}`);
    return row;
  }
}
