import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, users } from '../db/schema.ts';
import { decideDisbursement } from '../domain/disbursementActions.ts';
import { DISBURSEMENT_EXPORT_HEADERS } from '../domain/disbursementExport.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { parseMail } from './mime.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';

/** The Disbursement List's reads: filters, scope, default window, paging, bad input, and the export. */
const API = '/api/backoffice/transaction';
const WIDE = 'start=2000-01-01 00:00&end=2100-01-01 00:00';
let server: TestServer;
let smtp: SMTPServer;
const inbox: Array<{ to: string[]; raw: string }> = [];
const tokens: Record<string, string> = {};
let old: { correlationId: string };
let recent: { correlationId: string; accountNo: string; originalTransactionNo: string | null };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
  });
  for (const who of ['superadmin', 'admin', 'client'])
    tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
  const { db } = server.database;
  old = await makeDisbursement(db, {
    clientId: 1,
    status: 'FINALIZED',
    time: new Date(Date.now() - 9 * 86_400_000),
    prefix: 'OLD',
  });
  recent = await makeDisbursement(db, {
    clientId: 3,
    status: 'PENDING',
    time: new Date(Date.now() - 3 * 86_400_000),
    prefix: 'RECENT',
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const get = (who: string, path: string) => call(server, 'GET', `${API}/${path}`, { token: tokens[who] });

async function allRows(who: string, query: string) {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await get(who, `list-disbursement?${query}&limit=1000&page=${page}`);
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    if (page >= res.body.meta.last_page) return rows;
  }
}

describe('list-disbursement and summary-disbursement', () => {
  it('defaults to the last 7 days, newest first, with the spec row fields plus client_id', async () => {
    const res = await get('superadmin', 'list-disbursement');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    const rows = await allRows('superadmin', '');
    const ids = rows.map((r) => r.correlation_id);
    expect(ids).toContain(recent.correlationId);
    expect(ids).not.toContain(old.correlationId);
    expect((await allRows('superadmin', WIDE)).map((r) => r.correlation_id)).toContain(old.correlationId);
    const times = rows.map((r) => r.transaction_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(rows[0]).sort()).toEqual([
      'account_no',
      'added_to_withdrawable',
      'amount',
      'bank_account_name',
      'bank_name',
      'client_id',
      'client_name',
      'correlation_id',
      'fee_amount',
      'original_transaction_no',
      'paid_time',
      'status',
      'transaction_time',
      'uuid',
      'withdrawal_method',
    ]);
    expect(typeof rows[0].amount).toBe('number');
  });

  it('filters by status, method, client and each search field, and the tiles sum exactly the listed rows', async () => {
    const queries = [
      '',
      WIDE,
      `${WIDE}&status=PENDING`,
      `${WIDE}&status=VOIDED`,
      `${WIDE}&payment_method=BIFAST,SKN`,
      `${WIDE}&client_id=3`,
      `${WIDE}&client_id=1,2&status=FINALIZED`,
      `${WIDE}&search_by=correlation_id&search=${recent.correlationId}`,
      `${WIDE}&search_by=account_no&search=${recent.accountNo}`,
      `${WIDE}&search_by=original_transaction_no&search=${recent.originalTransactionNo}`,
    ];
    for (const query of queries) {
      const rows = await allRows('superadmin', query);
      const summary = await get('superadmin', `summary-disbursement?${query}`);
      expect(summary.body.data, query).toEqual({
        total_transaction_count: rows.length,
        total_transaction_amount: rows.reduce((s, r) => s + r.amount, 0),
        total_fee_amount: rows.reduce((s, r) => s + r.fee_amount, 0),
      });
      const status = /status=(\w+)/.exec(query)?.[1];
      if (status) expect(rows.every((r) => r.status === status)).toBe(true);
    }
    expect(
      (await allRows('superadmin', `${WIDE}&search_by=account_no&search=${recent.accountNo}`)).map(
        (r) => r.correlation_id,
      ),
    ).toEqual([recent.correlationId]);
  });

  it("shows a client user only its clients' rows; another client is 404 and a search finds nothing of it", async () => {
    const rows = await allRows('client', WIDE);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.client_id))).toEqual(new Set([1, 2]));
    for (const path of [
      `list-disbursement?client_id=3`,
      `summary-disbursement?client_id=3`,
      `download-disbursement?client_id=3`,
      `list-disbursement?client_id=1,3`,
    ]) {
      expect((await get('client', path)).status, path).toBe(404);
    }
    const search = await get('client', `list-disbursement?${WIDE}&search=${recent.correlationId}`);
    expect(search.body.data).toEqual([]);
  });

  it('pages in 15, 100, 250, 500 or 1000 rows and refuses other sizes', async () => {
    for (const limit of [15, 100, 250, 500, 1000]) {
      const res = await get('superadmin', `list-disbursement?${WIDE}&limit=${limit}`);
      expect(res.body.meta.per_page).toBe(limit);
    }
    const first = await get('superadmin', `list-disbursement?${WIDE}&limit=15&page=1`);
    const second = await get('superadmin', `list-disbursement?${WIDE}&limit=15&page=2`);
    expect(first.body.data).toHaveLength(15);
    const overlap = second.body.data.filter((r: any) => first.body.data.some((f: any) => f.uuid === r.uuid));
    expect(overlap).toEqual([]);
    expect((await get('superadmin', 'list-disbursement?limit=20')).status).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 400, 403 or 404 with the reason, never 500', async () => {
    const patch = (who: string, body: unknown) =>
      call(server, 'PATCH', `${API}/update-disbursement`, { token: tokens[who], body });
    const pending = await makeDisbursement(server.database.db, { clientId: 1, status: 'PENDING' });
    expect(await patch('superadmin', { uuid: pending.uuid, status: 'FINALIZED' })).toMatchObject({
      status: 400,
      body: { message: 'status must be COMPLETED or REJECTED' },
    });
    expect(await patch('superadmin', { uuid: pending.uuid, status: 'PENDING' })).toMatchObject({ status: 400 });
    expect(
      await patch('superadmin', { uuid: '6f1c1a52-6a43-4c55-9a3a-000000000000', status: 'COMPLETED' }),
    ).toMatchObject({ status: 404, body: { message: 'Disbursement not found' } });
    expect(await patch('superadmin', { uuid: 'not-a-uuid', status: 'COMPLETED' })).toMatchObject({ status: 400 });
    expect(await patch('superadmin', { uuid: pending.uuid, status: 'COMPLETED', extra: 1 })).toMatchObject({
      status: 400,
    });
    expect(await patch('admin', { uuid: pending.uuid, status: 'COMPLETED' })).toMatchObject({ status: 403 });
    expect((await clientRow(pending.uuid)).status).toBe('PENDING');
    for (const query of [
      'start=2024-02-30 00:00',
      'end=2024-01-01',
      'start=yesterday',
      'status=COMPLETED',
      'payment_method=CASH',
      'search_by=rrn&search=1',
      'page=0',
      'client_id=abc',
      'unknown=1',
    ]) {
      const res = await get('superadmin', `list-disbursement?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(
        (await get('superadmin', `summary-disbursement?${query.replace('page=0', 'start=2024-13-01 00:00')}`)).status,
      ).toBe(400);
    }
    for (const [method, path, body] of [
      ['PATCH', 'get-status-disbursement', { uuid: 'nope' }],
      ['POST', 'generate-invoice-disbursement', {}],
      ['PATCH', '../balance/add-withdrawable-disbursement', { uuid: 1 }],
    ] as const) {
      expect((await call(server, method, `${API}/${path}`, { token: tokens.superadmin, body })).status, path).toBe(400);
    }
    expect(
      (
        await call(server, 'POST', `${API}/generate-invoice-disbursement`, {
          token: tokens.superadmin,
          body: { correlation_id: 'NO-SUCH-ONE' },
        })
      ).status,
    ).toBe(404);
  });

  it("answers another client's disbursement as not found to a scoped user, whatever the action", async () => {
    const { db } = server.database;
    const foreign = await makeDisbursement(db, { clientId: 6, status: 'PENDING' });
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.local'));
    // The routes are SUPER ADMIN only; this proves the domain's own scope check beneath them.
    const principal = { ...(await loadPrincipal(db, admin.id))!, type: 'SUPER ADMIN' as const };
    await expect(
      decideDisbursement(db, principal, { uuid: foreign.uuid, status: 'COMPLETED' }, { ip: '127.0.0.1' }),
    ).rejects.toMatchObject({ kind: 'notFound' });
    expect((await clientRow(foreign.uuid)).status).toBe('PENDING');
  });
});

async function clientRow(uuid: string) {
  const { disbursements } = await import('../db/schema.ts');
  const [row] = await server.database.db.select().from(disbursements).where(eq(disbursements.uuid, uuid));
  return row;
}

const jakarta = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const at = (iso: string | null) => (iso == null ? null : jakarta.format(new Date(iso)));
const asSheet = (r: any) => [
  at(r.transaction_time),
  r.correlation_id,
  r.client_name,
  r.withdrawal_method,
  r.bank_name,
  r.bank_account_name,
  r.account_no,
  r.original_transaction_no,
  r.amount,
  r.fee_amount,
  r.status,
  at(r.paid_time),
];

function sheetOf(content: Buffer) {
  const workbook = XLSX.read(content, { type: 'buffer' });
  const [header, ...rows] = XLSX.utils.sheet_to_json<any[]>(workbook.Sheets[workbook.SheetNames[0]], {
    header: 1,
    defval: null,
    raw: true,
  });
  return { header, rows };
}

async function mailTo(address: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = inbox.find((m) => m.to.includes(address));
    if (found) return parseMail(found.raw);
    if (Date.now() > until) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('download-disbursement', () => {
  it("downloads exactly the list's rows as 'Data Download.xlsx'", async () => {
    for (const [who, query] of [
      ['superadmin', WIDE],
      ['superadmin', ''],
      ['client', `${WIDE}&status=FINALIZED`],
    ] as const) {
      const res = await get(who, `download-disbursement?${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'success',
        message: 'File downloaded successfully',
        data: { filename: 'Data Download.xlsx' },
      });
      const { header, rows } = sheetOf(Buffer.from(res.body.data.content, 'base64'));
      expect(header).toEqual(DISBURSEMENT_EXPORT_HEADERS);
      expect(rows).toEqual((await allRows(who, query)).map(asSheet));
    }
  });

  it('e-mails it through the queue, and refuses an address that is not one', async () => {
    const res = await get('client', `download-disbursement?${WIDE}&email=disb.finance@example.com`);
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', message: 'Export will be sent to disb.finance@example.com' },
    });
    const mail = await mailTo('disb.finance@example.com');
    expect(mail.headers.get('subject')).toBe('Disbursement export');
    const { header, rows } = sheetOf(mail.attachments[0].content);
    expect(header).toEqual(DISBURSEMENT_EXPORT_HEADERS);
    expect(rows).toEqual((await allRows('client', WIDE)).map(asSheet));
    let job;
    // The record is marked sent just after the mail goes out.
    for (let tries = 0; tries < 100 && job?.status !== 'sent'; tries++) {
      [job] = await server.database.db
        .select()
        .from(exportJobs)
        .where(and(eq(exportJobs.email, 'disb.finance@example.com'), eq(exportJobs.kind, 'disbursements')));
      if (job?.status !== 'sent') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({ status: 'sent', rowCount: rows.length });
    for (const email of ['', 'not-an-address', 'x@example.com;y@example.com']) {
      const bad = await get('superadmin', `download-disbursement?email=${encodeURIComponent(email)}`);
      expect({ status: bad.status, message: bad.body.message }).toEqual({
        status: 400,
        message: 'Email failed to send',
      });
    }
  });

  it('leaves the ledger explained', async () => {
    const n = (await server.database.db.execute<{ n: number }>(sql`select count(*)::int as n from disbursements`))
      .rows[0].n;
    expect(Number(n)).toBeGreaterThan(0);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});
