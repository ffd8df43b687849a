import { getTableColumns, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditItemRow, AuditLogRow, AuditPath } from '../../src/services/auditLogRules.ts';
import type { Journal, JournalEntry } from '../../src/services/ledgerRules.ts';
import type { SettlementRun } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import { auditItems, transactions } from '../db/schema.ts';
import { itemsDigest } from '../domain/auditItems.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { bulkCreditPayins } from '../domain/payinLedgerBulk.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { setupMoney } from './setupMoney.ts';

/**
 * Issue 43, done when: money moved in bulk (Process Transactions, the void upload, a settlement run)
 * is found by each record's id through the Audit Log's search, its line lists the records (paged,
 * exportable), the record's path shows the bulk step, the line opens its journal entries and each
 * entry names its line; an edited item breaks the chain's check at that line. PGlite only: the
 * paths are the same SQL on both databases, which the suites beside it already run on each.
 */
const API = '/api/backoffice';
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SETTLEMENT_BATCH_SIZE: '4' } });
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db as Db;
const get = <T>(path: string) => call<{ data: T; meta?: { total: number } }>(server, 'GET', `${API}${path}`, { token });
const qs = (o: Record<string, string | number>) => new URLSearchParams(o as Record<string, string>).toString();

/** FINALIZED, credited pay-ins of client 2 on one day, one an hour from 01:00 Jakarta. */
async function creditedPayins(prefix: string, day: string, count: number, type = 'fello_qris'): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    uuid: `${prefix}-u-${i}`,
    correlationId: `${prefix}-${i}`,
    clientId: 2,
    type: type as 'fello_qris',
    serviceType: 'QRIS',
    accountNo: `ID${i}`,
    amount: 120_000 + i * 1_000,
    feeAmount: 840,
    status: 'FINALIZED' as const,
    transactionTime: new Date(`${day}T${String(1 + i).padStart(2, '0')}:00:00+07:00`),
    paidTime: new Date(`${day}T${String(1 + i).padStart(2, '0')}:00:30+07:00`),
  }));
  await db().insert(transactions).values(rows);
  await setupMoney(db(), (tx) => bulkCreditPayins(tx, sql`t.correlation_id like ${`${prefix}-%`}`));
  return rows.map((r) => r.correlationId);
}

/** The lines the Audit Log's search finds for a record's id. */
const searched = async (id: string) =>
  (await get<AuditLogRow[]>(`/audit-log?${qs({ search: id, limit: 50 })}`)).body.data;

/** The one line of `action` a search by each id finds, the same for all of them. */
async function bulkLineOf(ids: string[], action: string): Promise<AuditLogRow> {
  const found = new Set<number>();
  for (const id of ids) {
    const lines = (await searched(id)).filter((l) => l.action === action);
    expect(lines, `${action} found by ${id}`).toHaveLength(1);
    found.add(lines[0].id);
  }
  expect(found.size).toBe(1);
  return (await searched(ids[0])).find((l) => l.action === action)!;
}

/** Every item of the line, read page by page as the dialog does. */
async function itemsOf(line: number): Promise<AuditItemRow[]> {
  const all: AuditItemRow[] = [];
  for (let page = 1; ; page++) {
    const res = await get<AuditItemRow[]>(`/audit-log/${line}/items?page=${page}&limit=15`);
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (res.body.data.length < 15) return all;
  }
}

const journalOfLine = async (line: number) =>
  (await get<JournalEntry[]>(`/audit-log/${line}/journal?page=1&limit=50`)).body.data;

const pathOf = async (type: string, id: string) =>
  (await get<AuditPath>(`/audit-log/path?${qs({ object_type: type, object_id: id })}`)).body.data;

/** An edit with the append-only triggers off, as someone with the database's keys could make it. */
async function asOwner(change: ReturnType<typeof sql>) {
  await db().execute(sql`alter table audit_items disable trigger user`);
  try {
    await db().execute(change);
  } finally {
    await db().execute(sql`alter table audit_items enable trigger user`);
  }
}

async function settled(runId: number): Promise<SettlementRun> {
  for (let i = 0; i < 300; i++) {
    const run = (await get<SettlementRun>(`/transaction/settlement-run?id=${runId}`)).body.data;
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe.skipIf(process.env.TEST_DB === 'postgres')('money moved in bulk, traced record by record (issue 43)', () => {
  const moved: Record<'process' | 'void' | 'settle', { ids: string[]; line: AuditLogRow; type: string }> = {} as never;

  it('Process Transactions: each pay-in finds the line, which lists it and opens its journal', async () => {
    const day = '2020-03-02';
    const ids = await creditedPayins('TRACE-PT', day, 5);
    const filter = { start: `${day} 00:00`, end: `${day} 23:59`, client_id: '2' };
    const preview = await call(server, 'PATCH', `${API}/transaction/update-transaction`, {
      token,
      body: { ...filter, dry_run: true },
    });
    expect(preview.body.data).toMatchObject({ count: 5 });
    const applied = await call(server, 'PATCH', `${API}/transaction/update-transaction`, {
      token,
      body: { ...filter, expected_count: 5, expected_amount: preview.body.data.amount },
    });
    expect(applied.status).toBe(200);
    const line = await bulkLineOf(ids, 'transaction.bulk_add_withdrawable');
    expect(line.actor_email).toBe('superadmin@demo.local');
    expect(line.detail).toMatchObject({ processed: 5, items: { count: 5 } });
    moved.process = { ids, line, type: 'transaction' };

    const items = await itemsOf(line.id);
    expect(items.map((i) => i.object_id).sort()).toEqual([...ids].sort());
    expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4, 5]);
    expect(items.every((i) => i.object_type === 'transaction' && i.object_label === i.object_id)).toBe(true);

    // The line's journal: one 'added to withdrawable' entry per pay-in, each naming this line.
    const entries = await journalOfLine(line.id);
    expect(entries.map((e) => e.reference).sort()).toEqual([...ids].sort());
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['payin.withdrawable']));
    expect(entries.every((e) => e.audit_id === line.id)).toBe(true);
    // And back: the Ledger's journal of one pay-in names the line of each of its entries.
    const journal = (await get<Journal>(`/ledger/journal?${qs({ reference: ids[2] })}`)).body.data;
    const withdrawable = journal.entries.find((e) => e.kind === 'payin.withdrawable')!;
    expect(withdrawable.audit_id).toBe(line.id);
    const credit = journal.entries.find((e) => e.kind === 'payin.finalized')!;
    expect(credit.audit_id).not.toBeNull();
    expect(credit.audit_id).not.toBe(line.id);

    // The pay-in's path: its bulk step, by who pressed it, with the line to open.
    const steps = (await pathOf('transaction', ids[2])).steps;
    expect(steps.at(-1)).toMatchObject({
      status: 'FINALIZED',
      from: 'FINALIZED',
      action: 'transaction.bulk_add_withdrawable',
      by: 'superadmin@demo.local',
      audit_id: line.id,
    });
  });

  it('the void upload: each voided disbursement finds the upload line, which lists exactly those voided', async () => {
    const paid = [
      await makeDisbursement(db(), { clientId: 2, status: 'FINALIZED' }),
      await makeDisbursement(db(), { clientId: 2, status: 'FINALIZED' }),
    ];
    const open = await makeDisbursement(db(), { clientId: 2, status: 'PENDING' });
    const form = new FormData();
    const csv = `correlation_id\n${paid[0].correlationId}\n${open.correlationId}\n${paid[1].correlationId}\n`;
    form.append('file', new Blob([csv]), 'trace-void.csv');
    form.append('dry_run', 'false');
    const res = await fetch(`${server.url}${API}/transaction/disbursement-check-transaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const ids = paid.map((d) => d.correlationId);
    const line = await bulkLineOf(ids, 'disbursement.void_upload');
    expect(line.detail).toMatchObject({ filename: 'trace-void.csv', items: { count: 2 } });
    expect((await searched(open.correlationId)).some((l) => l.action === 'disbursement.void_upload')).toBe(false);
    const items = await itemsOf(line.id);
    expect(items.map((i) => i.object_id).sort()).toEqual(paid.map((d) => d.uuid).sort());
    expect(items.map((i) => i.object_label).sort()).toEqual([...ids].sort());
    moved.void = { ids, line, type: 'disbursement' };
    // Each void moved money in its own transaction, under its own line, which its entry names.
    const journal = (await get<Journal>(`/ledger/journal?${qs({ reference: paid[0].uuid })}`)).body.data;
    const refund = journal.entries.find((e) => e.kind === 'disbursement.void')!;
    const voidLine = (await searched(ids[0])).find((l) => l.id === refund.audit_id)!;
    expect(voidLine).toMatchObject({ action: 'disbursement.void', object_id: paid[0].uuid });
    expect((await pathOf('disbursement', ids[0])).steps.at(-1)).toMatchObject({
      status: 'VOIDED',
      action: 'disbursement.void',
    });
  });

  it('a settlement run: each pay-in finds the batch line that settled it, and its path the step', async () => {
    const day = '2020-03-03';
    const ids = await creditedPayins('TRACE-ST', day, 6, 'herra_qris');
    const press = await call<{ data: { run: { id: number } } }>(
      server,
      'POST',
      `${API}/transaction/update-settlement-v2`,
      {
        token,
        body: { type: 'herra_qris', start: `${day} 00:00`, end: `${day} 23:59` },
      },
    );
    expect(press.status).toBeLessThan(300);
    const run = await settled(press.body.data.run.id);
    expect(run).toMatchObject({ status: 'succeeded', settled_transaction: 6 });
    // Batches of 4: two lines, each found by its own pay-ins, together listing all six once.
    const lines = new Map<number, AuditLogRow>();
    for (const id of ids) {
      const batch = (await searched(id)).filter((l) => l.action === 'settlement.batch');
      expect(batch, id).toHaveLength(1);
      lines.set(batch[0].id, batch[0]);
    }
    expect(lines.size).toBe(2);
    const listed = (await Promise.all([...lines.keys()].map(itemsOf))).flat().map((i) => i.object_id);
    expect(listed.sort()).toEqual([...ids].sort());
    const [first] = lines.values();
    expect(first).toMatchObject({ object_type: 'settlement_run', object_id: String(run.id) });
    const entries = await journalOfLine(first.id);
    expect(entries.length).toBe(first.detail!.settled);
    expect(entries.every((e) => e.audit_id === first.id && e.kind === 'payin.withdrawable')).toBe(true);
    expect((await pathOf('transaction', ids[0])).steps.at(-1)).toMatchObject({
      status: 'SETTLED',
      action: 'settlement.batch',
      by: 'superadmin@demo.local',
    });
    moved.settle = { ids, line: first, type: 'transaction' };
  });

  it('exports a line’s records as a workbook, and refuses a line without records', async () => {
    const { line, ids } = moved.process;
    const res = await get<{ content: string; filename: string }>(`/audit-log/${line.id}/items/download`);
    expect(res.status).toBe(200);
    expect(res.body.data.filename).toBe('Audit Line Items.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '#', 'Object Type', 'Object ID', 'Object']);
    const exported = sheet.getColumn(3).values.slice(2) as string[];
    expect([...exported].sort()).toEqual([...ids].sort());
    const plain = (await searched(moved.void.ids[0])).find((l) => l.action === 'disbursement.void')!;
    expect((await get(`/audit-log/${plain.id}/items`)).status).toBe(404);
    expect((await get(`/audit-log/999999999/items`)).status).toBe(404);
    expect((await get(`/audit-log/abc/journal`)).status).toBe(400);
  });

  it("seals items alike in SQL (as written) and in Node (as verified), whatever the ids' characters", async () => {
    const item = fc.record({
      object_type: fc.constantFrom('transaction', 'disbursement', 'withdrawal'),
      object_id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((t) => !t.includes('\u0000')),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 12 }), async (items) => {
        const { rows } = await db().execute<{ digest: string }>(sql`
          select encode(sha256(convert_to(string_agg(audit_log_field(i.object_type) || ',' ||
            audit_log_field(i.object_id) || E'\n', '' order by i.n), 'UTF8')), 'hex') as digest
          from jsonb_to_recordset(${JSON.stringify(items.map((it, n) => ({ ...it, n })))}::jsonb)
            as i(object_type text, object_id text, n int)`);
        expect(rows[0].digest).toBe(itemsDigest(items));
      }),
      { numRuns: 60 },
    );
  });

  it('leaves every posting traced to its line and every line to its postings', async () => {
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('breaks the chain’s check at a bulk line whose item was edited, and mends when put back', async () => {
    const verify = async () =>
      (await get<{ valid: boolean; first_broken_id: number | null }>('/audit-log/verify')).body;
    expect((await verify()).data).toMatchObject({ valid: true });
    for (const { line } of Object.values(moved)) {
      const edit = (from: string, to: string) =>
        asOwner(sql`update audit_items set object_id = ${to} where audit_id = ${line.id} and object_id = ${from}`);
      const [item] = await itemsOf(line.id);
      await edit(item.object_id, `${item.object_id}X`);
      expect((await verify()).data).toMatchObject({ valid: false, first_broken_id: line.id });
      await edit(`${item.object_id}X`, item.object_id);
      expect((await verify()).data).toMatchObject({ valid: true });
    }
    // Every column of an item, as the schema lists them (a column added later is covered unedited): an
    // edit of any one is named at the line, and the chain is whole again once it is put back.
    const { line } = moved.process;
    const other = (await searched(moved.void.ids[0])).find((l) => l.action === 'disbursement.void')!;
    for (const column of Object.values(getTableColumns(auditItems))) {
      const name = sql.identifier(column.name);
      const changed =
        column.name === 'audit_id'
          ? sql`${other.id}::bigint`
          : column.columnType === 'PgInteger'
            ? sql`${name} + 1000`
            : sql`${name} || 'X'`;
      const back =
        column.name === 'audit_id'
          ? sql`${line.id}::bigint`
          : column.columnType === 'PgInteger'
            ? sql`${name} - 1000`
            : sql`left(${name}, -1)`;
      const at = column.name === 'audit_id' ? other.id : line.id;
      await asOwner(sql`update audit_items set ${name} = ${changed} where audit_id = ${line.id} and position = 2`);
      expect((await verify()).data, column.name).toMatchObject({
        valid: false,
        first_broken_id: Math.min(at, line.id),
      });
      await asOwner(sql`update audit_items set ${name} = ${back} where audit_id = ${at} and
        position = ${column.name === 'position' ? 1002 : 2} and object_id like 'TRACE-PT-%'`);
      expect((await verify()).data, `${column.name} put back`).toMatchObject({ valid: true });
    }
    // An item added to a line that had none breaks it too.
    const plain = (await searched(moved.void.ids[0])).find((l) => l.action === 'disbursement.void')!;
    await db().execute(sql`insert into audit_items values (${plain.id}, 1, 'transaction', 'INSERTED')`);
    expect((await verify()).data).toMatchObject({ valid: false, first_broken_id: plain.id });
    await asOwner(sql`delete from audit_items where audit_id = ${plain.id}`);
    expect((await verify()).data).toMatchObject({ valid: true });
  });
});
