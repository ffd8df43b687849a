import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 28, the auditor's seat: a SUPER ADMIN makes AUDITOR roles (reading pages only) and users (no
 * client list: they see every client); an AUDITOR reads what a SUPER ADMIN reads, figures included,
 * and every change they try is refused and leaves the ledger as it was. (Every route's answer to an
 * AUDITOR is in the authorization matrix.)
 */
const API = '/api/backoffice';
let server: TestServer;
let sa: string;
let auditor: string;

beforeAll(async () => {
  server = await startTestServer();
  sa = (await signInVerified(server, 'superadmin@demo.local')).token;
  auditor = (await signInVerified(server, 'auditor@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

const get = async (token: string, path: string) => {
  const res = await call(server, 'GET', `${API}${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.body;
};

describe('AUDITOR roles and users', () => {
  it('refuses an AUDITOR role holding a page that acts, naming it, and takes one that reads', async () => {
    const acting = await call(server, 'POST', `${API}/management/create-role`, {
      token: sa,
      body: {
        name: 'Auditors Who Adjust',
        description: 'x',
        type: 'AUDITOR',
        modules: ['audit-log', 'disbursement', 'disbursement-list', 'disbursement-master-balance'],
      },
    });
    expect(acting.status).toBe(422);
    expect(acting.body.message).toBe('An AUDITOR role can hold only pages that read: not disbursement-master-balance');
    const managing = await call(server, 'POST', `${API}/management/create-role`, {
      token: sa,
      body: { name: 'Auditors Who Manage', description: 'x', type: 'AUDITOR', modules: ['management-user'] },
    });
    expect(managing.status).toBe(422);
    const reading = await call(server, 'POST', `${API}/management/create-role`, {
      token: sa,
      body: { name: 'Log Auditors', description: 'The audit log only', type: 'AUDITOR', modules: ['audit-log'] },
    });
    expect(reading.status).toBe(201);

    const user = await call(server, 'POST', `${API}/management/create-user`, {
      token: sa,
      body: {
        type: 'AUDITOR',
        role_id: reading.body.data.id,
        name: 'Lina Log',
        email: 'lina.log@demo.local',
        password: 'Demo-Password-1!',
      },
    });
    expect(user.status).toBe(201);
    const lina = await signInVerified(server, 'lina.log@demo.local');
    const me = (await call(server, 'GET', `${API}/user/me`, { token: lina.token })).body.data;
    expect(me.type).toBe('AUDITOR');
    expect(me.allowed_paths).toEqual(['/dashboard/audit-log']);
    // Every client, by type, as a SUPER ADMIN.
    const saMe = (await call(server, 'GET', `${API}/user/me`, { token: sa })).body.data;
    expect(me.client_id).toEqual(saMe.client_id);
    expect(me.client_id.length).toBe(7);
  });

  it('lets an ADMIN make no AUDITOR', async () => {
    const admin = (await signInVerified(server, 'admin@demo.local')).token;
    const res = await call(server, 'POST', `${API}/management/create-user`, {
      token: admin,
      body: { type: 'AUDITOR', role_id: 1, name: 'Nope', email: 'nope@demo.local', password: 'Demo-Password-1!' },
    });
    expect(res.status).toBeGreaterThanOrEqual(403);
    expect(res.status).toBeLessThan(500);
  });
});

describe('what an AUDITOR reads', () => {
  it('sees every client and the same figures a SUPER ADMIN sees', async () => {
    expect((await get(auditor, '/master/client')).data).toEqual((await get(sa, '/master/client')).data);
    const list = '/transaction/list?page=1&limit=15';
    expect((await get(auditor, list)).meta.total).toBe((await get(sa, list)).meta.total);
    const disbursements = '/transaction/list-disbursement?page=1&limit=15';
    expect((await get(auditor, disbursements)).meta.total).toBe((await get(sa, disbursements)).meta.total);
    expect((await get(auditor, '/ledger/trial-balance')).data.totals).toEqual(
      (await get(sa, '/ledger/trial-balance')).data.totals,
    );
    expect((await get(auditor, '/audit-log/verify')).data.valid).toBe(true);
  });

  it('changes nothing: each change refused with 403, the ledger as it was', async () => {
    const before = (await get(sa, '/ledger/trial-balance')).data;
    const attempts = [
      ['POST', '/balance/add-withdrawal', { client_id: 1, amount: 50_000, bank_code: '014' }],
      ['PATCH', '/balance/update-withdrawal', { id: 1, status: 'REJECTED' }],
      ['POST', '/transaction/update-settlement-v2', { type: 'payin', start: '2026-11-01', end: '2026-11-02' }],
      ['PUT', '/approval-policy', { policy: [{ action: 'withdrawal', mode: 'off', threshold: null }] }],
      ['DELETE', '/user/disable-otp', undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await call(server, method, `${API}${path}`, { token: auditor, ...(body ? { body } : {}) });
      expect(res.status, path).toBe(403);
    }
    expect((await get(sa, '/ledger/trial-balance')).data).toEqual(before);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});
