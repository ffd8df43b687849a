import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../db/schema.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const API = '/api/backoffice/transaction';
const MONTH = 'start=2000-01-01 00:00&end=2100-01-01 00:00';

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'client']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
  // Two pay-ins on either side of midnight in Jakarta (16:59:30 and 17:00:30 UTC).
  await server.database.db.insert(transactions).values([
    {
      uuid: 'edge-1',
      clientId: 1,
      type: 'fello_qris',
      serviceType: 'QRIS',
      correlationId: 'EDGE-BEFORE-MIDNIGHT',
      accountNo: 'ID100',
      amount: 50_000,
      feeAmount: 350,
      status: 'FINALIZED',
      transactionTime: new Date('2025-01-10T16:59:30Z'),
      rrn: '111122223333',
    },
    {
      uuid: 'edge-2',
      clientId: 1,
      type: 'va_bca',
      serviceType: 'VIRTUAL_ACCOUNT',
      correlationId: 'EDGE-AFTER-MIDNIGHT',
      accountNo: '3935800001',
      amount: 75_000,
      feeAmount: 5_000,
      status: 'PENDING',
      transactionTime: new Date('2025-01-10T17:00:30Z'),
    },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const get = (who: string, query: string, path = 'list') =>
  call(server, 'GET', `${API}/${path}?${query}`, { token: tokens[who] });

async function allRows(who: string, query: string) {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await get(who, `${query}&limit=1000&page=${page}`);
    rows.push(...res.body.data);
    if (page >= res.body.meta.last_page) return rows;
  }
}

describe('Payments List', () => {
  it('defaults to today on the Jakarta clock, newest first', async () => {
    const res = await get('superadmin', '');
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date());
    for (const row of res.body.data) {
      expect(
        new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date(row.transaction_time)),
      ).toBe(today);
    }
    const times = res.body.data.map((r: any) => r.transaction_time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('reads the window in Asia/Jakarta, end minute included', async () => {
    const day = await allRows('superadmin', 'start=2025-01-10 00:00&end=2025-01-10 23:59');
    expect(day.map((r) => r.correlation_id)).toEqual(['EDGE-BEFORE-MIDNIGHT']);
    const next = await allRows('superadmin', 'start=2025-01-11 00:00&end=2025-01-11 00:00');
    expect(next.map((r) => r.correlation_id)).toEqual(['EDGE-AFTER-MIDNIGHT']);
  });

  it('filters by status, payment methods, client and each search field', async () => {
    const pending = await allRows('superadmin', `${MONTH}&status=PENDING`);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === 'PENDING')).toBe(true);
    const vas = await allRows('superadmin', `${MONTH}&payment_method=va_bca,va_bri`);
    expect(new Set(vas.map((r) => r.type))).toEqual(new Set(['va_bca', 'va_bri']));
    const client2 = await allRows('superadmin', `${MONTH}&client_id=2`);
    expect(client2.every((r) => r.client_id === 2)).toBe(true);
    for (const [by, value] of [
      ['correlation_id', 'EDGE-BEFORE-MIDNIGHT'],
      ['account_no', 'ID100'],
      ['rrn', '111122223333'],
    ]) {
      const found = await allRows('superadmin', `${MONTH}&search_by=${by}&search=${value}`);
      expect(found.map((r) => r.correlation_id)).toEqual(['EDGE-BEFORE-MIDNIGHT']);
    }
  });

  it('sums in the tiles exactly the rows the list returns', async () => {
    for (const query of [
      MONTH,
      `${MONTH}&status=FINALIZED`,
      `${MONTH}&payment_method=fello_qris,herra_qris&client_id=1`,
    ]) {
      const rows = await allRows('superadmin', query);
      const summary = (await get('superadmin', query, 'summary')).body.data;
      expect(summary).toEqual({
        total_transaction_count: rows.length,
        total_transaction_amount: rows.reduce((s, r) => s + r.amount, 0),
        total_fee_amount: rows.reduce((s, r) => s + r.fee_amount, 0),
      });
    }
  });

  it('pages without overlap at every allowed size and refuses other sizes', async () => {
    const first = await get('superadmin', `${MONTH}&limit=100&page=1`);
    const second = await get('superadmin', `${MONTH}&limit=100&page=2`);
    expect(first.body.data).toHaveLength(100);
    const ids = new Set(first.body.data.map((r: any) => r.uuid));
    expect(second.body.data.some((r: any) => ids.has(r.uuid))).toBe(false);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
    for (const size of [15, 250, 500, 1000])
      expect((await get('superadmin', `${MONTH}&limit=${size}`)).status).toBe(200);
    // Past the last page: no rows, and still the whole filter's count (page and count are one statement).
    const past = await get('superadmin', `${MONTH}&limit=1000&page=${first.body.meta.last_page + 1}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(first.body.meta.total);
    const none = await get('superadmin', 'start=1999-01-01 00:00&end=1999-01-01 23:59');
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toMatchObject({ total: 0, current_page: 1 });
    const bad = await get('superadmin', `${MONTH}&limit=20`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be one of 15, 100, 250, 500, 1000');
  });

  it("shows a client user only their clients' pay-ins, and another client's id as not found", async () => {
    const mine = await allRows('client', MONTH);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.client_id))).toEqual(new Set([1, 2]));
    for (const query of [`${MONTH}&client_id=3`, `${MONTH}&client_id=1,3`, `${MONTH}&client_id=999`]) {
      expect((await get('client', query)).status).toBe(404);
      expect((await get('client', query, 'summary')).status).toBe(404);
    }
    const all = (await get('superadmin', MONTH, 'summary')).body.data.total_transaction_count;
    expect((await get('client', MONTH, 'summary')).body.data.total_transaction_count).toBeLessThan(all);
  });

  it('answers bad filters with 400 and the reason', async () => {
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
      ['foo=1', "Unknown field 'foo'"],
    ];
    for (const [query, message] of cases) {
      const res = await get('superadmin', query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
    }
  });
});
