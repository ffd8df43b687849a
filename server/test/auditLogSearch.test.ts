import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditLogRow } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { audit } from '../domain/audit.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/** Issue 26: the search finds an object by the identifier people know it by, and rows carry that id. */
const API = '/api/backoffice';
let server: TestServer;
let token: string;
const db = () => server.database.db as Db;

async function search(text: string): Promise<AuditLogRow[]> {
  const res = await call<{ data: AuditLogRow[] }>(
    server,
    'GET',
    `${API}/audit-log?limit=50&search=${encodeURIComponent(text)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

type Entity = { uuid: string; correlation_id: string };
let decided: Entity;
let other: Entity;
let payIn: Entity;
let created: { id: number; email: string };

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
  // Two disbursements rejected by the API (logged by uuid), and a pay-in finalized by hand (logged by correlation id).
  const pending = (
    await db().execute<Entity>(sql`
    select uuid, correlation_id from disbursements where status in ('PENDING_REQUEST', 'PENDING') order by id limit 2`)
  ).rows;
  expect(pending).toHaveLength(2);
  [decided, other] = pending;
  for (const d of pending) {
    expect(
      (
        await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
          token,
          body: { uuid: d.uuid, status: 'REJECTED' },
        })
      ).status,
    ).toBe(200);
  }
  const [t] = (
    await db().execute<Entity & { paid: string }>(sql`
    select uuid, correlation_id, to_char(transaction_time at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:00') as paid
    from transactions where status in ('PENDING', 'REQUEST_TIMEOUT') and transaction_time < now() - interval '1 hour'
      order by id limit 1`)
  ).rows;
  payIn = t;
  expect(
    (
      await call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
        token,
        body: { correlation_id: t.correlation_id, rrn: 'RRN-SEARCH-1', paid_time: t.paid },
      })
    ).status,
  ).toBe(200);
  // A user created by the SUPER ADMIN: its lines are about it, none written by it.
  const [role] = (
    await db().execute<{ id: number }>(sql`select id from roles where type = 'ADMIN' order by id limit 1`)
  ).rows;
  const user = await call(server, 'POST', `${API}/management/create-user`, {
    token,
    body: {
      type: 'ADMIN',
      role_id: Number(role.id),
      client_id: [1],
      name: 'Searched Person',
      email: 'searched.person@demo.local',
      password: 'Demo-Password-1!',
    },
  });
  expect(user.status).toBe(201);
  created = { id: Number(user.body.data.id), email: 'searched.person@demo.local' };
});
afterAll(async () => {
  await server?.close();
});

describe('GET /audit-log?search= an identifier people know', () => {
  it("a disbursement's DSB number finds its lines, by uuid, and not the other disbursement's", async () => {
    expect(decided.correlation_id).toMatch(/^DSB\d+$/);
    const found = await search(decided.correlation_id);
    expect(found.map((r) => r.action)).toContain('disbursement.decide');
    for (const r of found) {
      expect(r.object_type).toBe('disbursement');
      expect([decided.uuid, decided.correlation_id]).toContain(r.object_id);
      expect(r.object_label).toBe(decided.correlation_id);
    }
    expect(found.some((r) => r.object_id === decided.uuid)).toBe(true);
    // Lower case, and the work order's DSB- code, name the same disbursement.
    expect((await search(decided.correlation_id.toLowerCase())).map((r) => r.id)).toEqual(found.map((r) => r.id));
    const code = `DSB-${decided.uuid.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    expect((await search(code)).map((r) => r.id)).toEqual(found.map((r) => r.id));
    expect(
      (await search(other.correlation_id)).every(
        (r) => r.object_id === other.uuid || r.object_id === other.correlation_id,
      ),
    ).toBe(true);
    expect((await search(other.correlation_id)).map((r) => r.id)).not.toContain(found[0].id);
  });

  it("a pay-in's correlation id and its uuid find its lines, each row naming it by correlation id", async () => {
    const byCorrelation = await search(payIn.correlation_id);
    expect(byCorrelation.map((r) => [r.action, r.object_type, r.object_label])).toEqual([
      ['transaction.finalize', 'transaction', payIn.correlation_id],
    ]);
    expect((await search(payIn.uuid)).map((r) => r.id)).toEqual(byCorrelation.map((r) => r.id));
  });

  it("a user's e-mail finds the lines about that user, whatever its case, and rows carry the e-mail", async () => {
    const found = await search('Searched.Person@DEMO.local');
    expect(found.map((r) => [r.action, r.object_type, r.object_id, r.object_label])).toEqual([
      ['user.create', 'user', String(created.id), created.email],
    ]);
    // Another user's e-mail does not find this user's line.
    expect((await search('admin@demo.local')).map((r) => r.id)).not.toContain(found[0].id);
  });

  it("a withdrawal's WD- code, an approval's APR- and a run's STL- find their lines, and rows carry them", async () => {
    const [w] = (await db().execute<{ uuid: string }>(sql`select uuid from withdrawals order by id limit 1`)).rows;
    await audit(db(), {
      action: 'withdrawal.decide',
      objectType: 'withdrawal',
      objectId: w.uuid,
      outcome: 'denied',
      detail: { decision: 'COMPLETED' },
    });
    await audit(db(), { action: 'approval.reject', objectType: 'approval', objectId: 987654, outcome: 'success' });
    await audit(db(), {
      action: 'settlement.start',
      objectType: 'settlement_run',
      objectId: 987654,
      outcome: 'success',
    });
    const code = `WD-${w.uuid.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const byCode = await search(code.toLowerCase());
    expect(byCode.length).toBeGreaterThan(0);
    expect(
      byCode.every((r) => r.object_type === 'withdrawal' && r.object_id === w.uuid && r.object_label === code),
    ).toBe(true);
    // An unknown approval is not an object: the text falls back to the contains search, which finds nothing.
    expect(await search('APR-987654')).toEqual([]);
    const labelled = (
      await call<{ data: AuditLogRow[] }>(server, 'GET', `${API}/audit-log?limit=15&object_id=987654`, { token })
    ).body.data;
    expect(labelled.map((r) => [r.object_type, r.object_label]).sort()).toEqual([
      ['approval', 'APR-987654'],
      ['settlement_run', 'STL-987654'],
    ]);
  });

  it('text that names no object still searches action, actor, object id and detail', async () => {
    expect((await search('disbursement.dec')).every((r) => r.action.includes('disbursement.dec'))).toBe(true);
    expect((await search('RRN-SEARCH-1')).map((r) => r.object_id)).toEqual([payIn.correlation_id]);
  });
});
