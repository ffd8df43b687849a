import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { transactions, users, withdrawals } from '../db/schema.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * One window rule on the server's clock, whatever TZ_BUSINESS says: the same typed window is read in
 * the configured zone by every list that takes one, and the web app is told that zone. One record of
 * each kind sits at 16:30 UTC: 23:30 on 4 March in Jakarta (UTC+7), 00:30 on 5 March in Makassar (UTC+8).
 * The SQL is the same on both databases, so PGlite alone runs it.
 */
const AT = new Date('2001-03-04T16:30:00Z');
const API = '/api/backoffice';

/** Typed windows, and whether each zone's reading holds the record. */
const WINDOWS: Array<{ window: string; jakarta: boolean; makassar: boolean }> = [
  // Makassar's first half hour of 5 March, the end minute whole: 00:30 is in.
  { window: 'start=2001-03-05 00:00&end=2001-03-05 00:30', jakarta: false, makassar: true },
  // The same window typed backwards is read the other way round.
  { window: 'start=2001-03-05 00:30&end=2001-03-05 00:00', jakarta: false, makassar: true },
  // Ending one minute sooner leaves 00:30 out.
  { window: 'start=2001-03-05 00:00&end=2001-03-05 00:29', jakarta: false, makassar: false },
  // Jakarta's 23:30 minute of 4 March: an hour later than Makassar's.
  { window: 'start=2001-03-04 23:30&end=2001-03-04 23:30', jakarta: true, makassar: false },
  { window: 'start=2001-03-04 00:00&end=2001-03-04 23:59', jakarta: true, makassar: false },
];

describe.skipIf(process.env.TEST_DB === 'postgres').each([
  { zone: 'Asia/Jakarta', key: 'jakarta' as const },
  { zone: 'Asia/Makassar', key: 'makassar' as const },
])('windows with TZ_BUSINESS=$zone', ({ zone, key }) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { TZ_BUSINESS: zone } });
    token = (await signInVerified(server, 'superadmin@demo.local')).token;
    const db = server.database.db;
    const [{ id: by }] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'superadmin@demo.local'));
    await db.insert(transactions).values({
      uuid: 'zone-edge',
      clientId: 1,
      type: 'va_bca',
      serviceType: 'VIRTUAL_ACCOUNT',
      correlationId: 'ZONE-EDGE',
      accountNo: '3935800001',
      amount: 50_000,
      feeAmount: 350,
      status: 'PENDING',
      transactionTime: AT,
    });
    await db.insert(withdrawals).values({
      uuid: 'zone-edge-withdrawal',
      clientId: 1,
      kind: 'withdrawal',
      status: 'REJECTED',
      amount: 10_000,
      bankName: 'BCA',
      accountNo: '1234567890',
      bankAccountName: 'ZONE EDGE',
      requestedBy: by,
      withdrawalTime: AT,
    });
    await recordDeposit(db, {
      clientId: 1,
      amount: 20_000,
      kind: 'deposit',
      description: 'zone edge deposit',
      picName: 'Zone Edge',
      at: AT,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const found = async (path: string, window: string, pick: (row: any) => string) => {
    const res = await call(server, 'GET', `${API}/${path}${window}`, { token });
    expect(res.status).toBe(200);
    return res.body.data.map(pick);
  };

  it.each(WINDOWS)('reads $window in the zone on the Payments List', async (c) => {
    expect(await found('transaction/list?', c.window, (r) => r.correlation_id)).toEqual(c[key] ? ['ZONE-EDGE'] : []);
  });

  it.each(WINDOWS)('reads $window in the zone in the withdrawal history', async (c) => {
    expect(await found('balance/withdrawal-history?client_filter=1&', c.window, (r) => r.uuid)).toEqual(
      c[key] ? ['zone-edge-withdrawal'] : [],
    );
  });

  it.each(WINDOWS)('reads $window in the zone in the deposit history', async (c) => {
    expect(await found('transaction/balance-history?client_filter=1&', c.window, (r) => r.description)).toEqual(
      c[key] ? ['zone edge deposit'] : [],
    );
  });

  it('tells the web app the zone before it starts', async () => {
    const res = await fetch(`${server.url}/app-config.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(`window.__APP_CONFIG__ = {"businessTimeZone":"${zone}"};\n`);
  });
});
