import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog, exportJobs } from '../db/schema.ts';
import { assertExportable } from '../domain/payinExport.ts';
import { DomainError } from '../domain/errors.ts';
import { createMailer } from '../mail/mailer.ts';
import { parseMail } from './mime.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

const API = '/api/backoffice/transaction';
const MONTH = 'start=2000-01-01 00:00&end=2100-01-01 00:00';
// 10,050 pay-ins on one Jakarta day, most sharing a timestamp: the export reads 10,000 at a time.
const TIES = 'start=2001-06-01 00:00&end=2001-06-01 23:59';
const HEADERS = [
  'Transaction Time',
  'Correlation ID',
  'Client',
  'Type',
  'Service',
  'Account No',
  'RRN',
  'Currency',
  'Amount',
  'Fee',
  'Status',
  'Paid Time',
  'Settlement Time',
];

let server: TestServer;
let smtp: SMTPServer;
const inbox: Array<{ to: string[]; raw: string }> = [];
const tokens: Record<string, string> = {};

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
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  for (const who of ['superadmin', 'client']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
  await server.database.db.execute(sql`
    insert into transactions (uuid, client_id, type, service_type, correlation_id, account_no, amount, fee_amount,
      status, transaction_time, paid_time)
    select 'tie-' || g, 1 + g % 3, 'fello_qris', 'QRIS', 'TIE-' || lpad(g::text, 5, '0'), 'ID' || g, 10000 + g,
      100 + g % 7, 'FINALIZED',
      timestamptz '2001-06-01 03:00:00.123456+00' + (g % 4) * interval '1 microsecond',
        timestamptz '2001-06-01 03:00:05+00'
    from generate_series(1, 10050) g`);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const download = (who: string, query: string) =>
  call(server, 'GET', `${API}/download?${query}`, { token: tokens[who] });

async function listRows(who: string, query: string) {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await call(server, 'GET', `${API}/list?${query}&limit=1000&page=${page}`, { token: tokens[who] });
    rows.push(...res.body.data);
    if (page >= res.body.meta.last_page) return rows;
  }
}

function sheetOf(content: Buffer) {
  const workbook = XLSX.read(content, { type: 'buffer' });
  expect(workbook.SheetNames).toHaveLength(1);
  const [header, ...rows] = XLSX.utils.sheet_to_json<any[]>(workbook.Sheets[workbook.SheetNames[0]], {
    header: 1,
    defval: null,
    raw: true,
  });
  return { header, rows };
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
  r.type,
  r.service_type,
  r.account_no,
  r.rrn,
  r.currency,
  r.amount,
  r.fee_amount,
  r.status,
  at(r.paid_time),
  at(r.settlement_time),
];

async function expectSameAsList(who: string, query: string) {
  const res = await download(who, query);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'success',
    message: 'File downloaded successfully',
    data: { filename: 'Data Download.xlsx' },
  });
  const { header, rows } = sheetOf(Buffer.from(res.body.data.content, 'base64'));
  expect(header).toEqual(HEADERS);
  const list = await listRows(who, query);
  expect(rows).toEqual(list.map(asSheet));
  return rows;
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

async function exportJobOf(address: string, until: (status: string) => boolean = () => true) {
  for (let tries = 0; ; tries++) {
    const [job] = await server.database.db.select().from(exportJobs).where(eq(exportJobs.email, address));
    if ((job && until(job.status)) || tries > 100) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Export (download)', () => {
  it("holds exactly the list's rows for the same filter, newest first, amounts as numbers", async () => {
    for (const query of [
      MONTH,
      `${MONTH}&status=PENDING`,
      `${MONTH}&payment_method=va_bca,va_bri&client_id=2`,
      `${MONTH}&search_by=correlation_id&search=nothing-like-this`,
    ]) {
      const rows = await expectSameAsList('superadmin', query);
      for (const row of rows) expect([typeof row[8], typeof row[9]]).toEqual(['number', 'number']);
    }
  });

  it("defaults to today's window, like the list", async () => {
    await expectSameAsList('superadmin', '');
  });

  it('reads past each batch of 10,000 without losing or repeating rows that share a timestamp', async () => {
    const rows = await expectSameAsList('superadmin', TIES);
    expect(rows).toHaveLength(10_050);
    expect(new Set(rows.map((r) => r[1])).size).toBe(10_050);
    expect(rows[0][0]).toBe('2001-06-01 10:00:00');
  });

  it("gives a client user only their clients' rows, and another client's id as not found", async () => {
    const rows = await expectSameAsList('client', TIES);
    expect(new Set(rows.map((r) => r[2])).size).toBe(2);
    expect(rows.length).toBeLessThan(10_050);
    for (const query of [
      `${MONTH}&client_id=3`,
      `${MONTH}&client_id=1,3`,
      `${MONTH}&client_id=999`,
      `${MONTH}&client_id=3&email=client@example.com`,
    ]) {
      const res = await download('client', query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({
        query,
        status: 404,
        message: 'Client not found',
      });
    }
  });

  it('answers bad filters with 400 and the reason, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['status=PAID', 'status must be one of FINALIZED, PENDING, REQUEST_TIMEOUT, SETTLED, VA_EXPIRED'],
      [
        'payment_method=cash',
        'payment_method must be one of fello_qris, herra_qris, fello_direct_debit, dana_directdebit, va_mandiri, ' +
          'va_bca, va_bri, va_cimb, va_permata',
      ],
      ['search_by=email&search=x', 'search_by must be correlation_id, account_no or rrn'],
      ['start=2025-02-30 00:00', 'start and end must be real dates as YYYY-MM-DD HH:mm'],
      ['client_id=abc', 'client_id must be comma-joined numbers'],
      ['page=2', "Unknown field 'page'"],
      ['email=a@example.com&email=b@example.com', 'Invalid type: Expected string but received Array'],
    ];
    for (const [query, message] of cases) {
      const res = await download('superadmin', query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
  });

  it("refuses more rows than an Excel sheet holds with Excel's limit in the message", async () => {
    const ties = sql`t.correlation_id like 'TIE-%'`;
    expect(await assertExportable(server.database.db, ties, 10_050)).toBe(10_050);
    const refusal = await assertExportable(server.database.db, ties, 10_049).catch((error) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      kind: 'ruleBroken',
      message:
        'The export has 10,050 rows, more than the 10,049 an Excel sheet can hold. Narrow the filter and try again.',
    });
    expect(await assertExportable(server.database.db, ties)).toBe(10_050);
  });

  it('audits each download', async () => {
    const before = await server.database.db.$count(auditLog, eq(auditLog.action, 'transaction.export.download'));
    await download('superadmin', `${TIES}&status=FINALIZED`);
    const [last] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transaction.export.download'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(await server.database.db.$count(auditLog, eq(auditLog.action, 'transaction.export.download'))).toBe(
      before + 1,
    );
    expect(last).toMatchObject({ actorEmail: 'superadmin@demo.local', outcome: 'success', detail: { rows: 10_050 } });
  });
});

describe('Export (e-mail)', () => {
  it('answers at once and delivers the same spreadsheet by SMTP as an attachment', async () => {
    const res = await download('client', `${TIES}&email=finance@example.com`);
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', message: 'Export will be sent to finance@example.com' },
    });
    const mail = await mailTo('finance@example.com');
    expect(mail.headers.get('subject')).toBe('Transaction export');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Data Download.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    const { header, rows } = sheetOf(mail.attachments[0].content);
    expect(header).toEqual(HEADERS);
    expect(rows).toEqual((await listRows('client', TIES)).map(asSheet));
    const job = await exportJobOf('finance@example.com', (status) => status !== 'queued');
    expect(job).toMatchObject({ status: 'sent', rowCount: rows.length, attempts: 1, error: null });
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.export.email'), eq(auditLog.objectId, String(job.id))));
    expect(audited).toMatchObject({
      actorEmail: 'client@demo.local',
      outcome: 'success',
      detail: { email: 'finance@example.com', rows: rows.length },
    });
  });

  it("fixes today's window when asked, so the mail holds that day's rows", async () => {
    await download('superadmin', 'status=FINALIZED&email=today@example.com');
    const mail = await mailTo('today@example.com');
    expect(sheetOf(mail.attachments[0].content).rows).toEqual(
      (await listRows('superadmin', 'status=FINALIZED')).map(asSheet),
    );
  });

  it("says 'Email failed to send' with 400 for an address that is not one", async () => {
    for (const email of [
      '',
      'not-an-address',
      'a@b',
      'x@example.com;y@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      const res = await download('superadmin', `${TIES}&email=${encodeURIComponent(email)}`);
      expect({ email, status: res.status, message: res.body.message }).toEqual({
        email,
        status: 400,
        message: 'Email failed to send',
      });
    }
  });

  it("says 'Email failed to send' with 503 when the queue cannot take the job", async () => {
    // The queue's tables gone is the outage; it is the last test, since the queue stays broken.
    await server.database.db.execute(sql`drop schema pgboss cascade`);
    const res = await download('superadmin', `${TIES}&email=outage@example.com`);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 503, message: 'Email failed to send' });
    expect(await exportJobOf('outage@example.com')).toMatchObject({ status: 'failed' });
  });
});

describe('Mail without SMTP_URL', () => {
  it('lands as an .eml file with the attachment under DATA_DIR/outbox', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bo-outbox-test-'));
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }));
      const content = Buffer.from('not really a spreadsheet');
      const sent = await mailer.send({
        to: 'ops@example.com',
        subject: 'Transaction export',
        text: 'hi',
        attachments: [{ filename: 'Data Download.xlsx', content }],
      });
      mailer.close();
      expect(await readdir(join(dataDir, 'outbox'))).toEqual([sent.file!.split('/').at(-1)]);
      const mail = parseMail(await readFile(sent.file!, 'utf8'));
      expect(mail.headers.get('to')).toBe('ops@example.com');
      expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
        ['Data Download.xlsx', 'not really a spreadsheet'],
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
