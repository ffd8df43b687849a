import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import type { AuditLogRow, AuditPath } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { AUDIT_EXPORT_FILENAME, assertAuditExportable, auditWhere } from '../domain/auditLog.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { recordSettlementRun } from '../domain/settlement.ts';
import { finishRun, loadRunToSettle, settleBatch } from '../domain/settlementBatch.ts';
import { call, rewindTotp, signInVerified, startTestServer, totpAt, type TestServer } from './harness.ts';

const API = '/api/backoffice';
const TZ = 'Asia/Jakarta';
const WHO = { superadmin: 'superadmin@demo.local', admin: 'admin@demo.local', client: 'client@demo.local' } as const;
type Who = keyof typeof WHO;

let server: TestServer;
const session: Partial<Record<Who, { token: string; secret: string }>> = {};
let withdrawalUuid: string;
const db = () => server.database.db as Db;

/** The list as the SUPER ADMIN sees it for a query. */
async function list(query: Record<string, string | number>, who: Who = 'superadmin') {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call<{
    data: AuditLogRow[];
    meta: { current_page: number; last_page: number; total: number; per_page: number };
  }>(server, 'GET', `${API}/audit-log?${qs}`, { token: session[who]!.token });
}
const rows = async (query: Record<string, string | number>) => {
  const res = await list(query);
  expect(res.status).toBe(200);
  return res.body.data;
};
/** A time as the business clock writes it: to the minute (the filters) or to the second (the export). */
const businessTime = (iso: string, to: 'minute' | 'second') =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(to === 'second' && { second: '2-digit' }),
    hourCycle: 'h23',
  }).format(new Date(iso));
const path = (objectType: string, objectId: string) =>
  call<{ data: AuditPath }>(
    server,
    'GET',
    `${API}/audit-log/path?object_type=${objectType}&object_id=${encodeURIComponent(objectId)}`,
    { token: session.superadmin!.token },
  );

beforeAll(async () => {
  server = await startTestServer();
  for (const who of Object.keys(WHO) as Who[]) session[who] = await signInVerified(server, WHO[who]);
  // A withdrawal requested by the client (with the client's own authenticator code), then rejected.
  await rewindTotp(server, WHO.client);
  const asked = await call(server, 'POST', `${API}/balance/add-withdrawal`, {
    token: session.client!.token,
    body: {
      bank_name: 'BCA',
      account_no: '7100012345',
      bank_account_name: 'Budi Santoso',
      client_filter: 1,
      description: 'Audit',
      amount: 20_000,
      otp_num: await totpAt(session.client!.secret),
    },
  });
  expect(asked.status).toBe(201);
  withdrawalUuid = asked.body.data.uuid;
  const rejected = await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
    token: session.superadmin!.token,
    body: { uuid: withdrawalUuid, status: 'REJECTED' },
  });
  expect(rejected.status).toBe(200);
  // A failed sign-in (outcome failure) and a role whose name holds LIKE wildcards (in the detail).
  expect(
    (
      await call(server, 'POST', `${API}/auth/login`, {
        body: { email: 'ghost.audit@demo.local', password: 'wrong-password' },
      })
    ).status,
  ).toBe(401);
  const role = await call(server, 'POST', `${API}/management/create-role`, {
    token: session.superadmin!.token,
    body: { name: 'Audit 100%_off', description: 'LIKE wildcards', type: 'ADMIN', modules: ['settings-user'] },
  });
  expect(role.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /audit-log', () => {
  it('is for SUPER ADMIN only: ADMIN and CLIENT get 403 on every audit-log route', async () => {
    for (const who of ['admin', 'client'] as const) {
      for (const url of [
        `${API}/audit-log`,
        `${API}/audit-log/download`,
        `${API}/audit-log/path?object_type=withdrawal&object_id=${withdrawalUuid}`,
      ]) {
        expect((await call(server, 'GET', url, { token: session[who]!.token })).status, `${who} ${url}`).toBe(403);
      }
    }
    expect((await list({})).status).toBe(200);
  });

  it("answers each row's fields, newest first, paged in meta", async () => {
    const first = await list({ limit: 15 });
    expect(first.status).toBe(200);
    const { meta } = first.body;
    expect(meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(meta.total).toBeGreaterThan(15);
    expect(meta.last_page).toBe(Math.ceil(meta.total / 15));
    const all = [...first.body.data];
    for (let page = 2; page <= meta.last_page; page++) all.push(...(await list({ limit: 15, page })).body.data);
    expect(all).toHaveLength(meta.total);
    expect(new Set(all.map((r) => r.id)).size).toBe(meta.total);
    expect((await list({ limit: 15, page: meta.last_page + 1 })).body.data).toEqual([]);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(a.created_at >= b.created_at).toBe(true);
      if (a.created_at === b.created_at) expect(a.id).toBeGreaterThan(b.id);
    }
    expect((await list({ limit: 30 })).body.data.map((r) => r.id)).toEqual(all.slice(0, 30).map((r) => r.id));
    expect(Object.keys(all[0]).sort()).toEqual([
      'action',
      'actor_email',
      'created_at',
      'detail',
      'id',
      'ip',
      'object_id',
      'object_label',
      'object_type',
      'outcome',
    ]);
    expect(new Date(all[0].created_at).toISOString()).toBe(all[0].created_at);
    expect((await list({ limit: 20 })).status).toBe(400);
    expect((await list({ page: 0 })).status).toBe(400);
    expect((await list({ outcome: 'maybe' })).status).toBe(400);
    expect((await list({ start: '2026-02-30 10:00' })).status).toBe(400);
  });

  it('narrows by object_id, action, object_type, actor and outcome', async () => {
    const ofWithdrawal = await rows({ object_id: withdrawalUuid });
    expect(ofWithdrawal.map((r) => r.action)).toEqual(['withdrawal.decide', 'withdrawal.request']);
    // The decision moved money: its line names the action key its journal entries carry (issue 43).
    expect(ofWithdrawal[0].detail).toEqual({
      before: { status: 'PENDING' },
      after: { status: 'REJECTED' },
      action_key: expect.any(String),
    });
    expect(ofWithdrawal[1]).toMatchObject({
      actor_email: WHO.client,
      object_type: 'withdrawal',
      object_id: withdrawalUuid,
      outcome: 'success',
    });
    expect(ofWithdrawal[1].detail).toMatchObject({ after: { status: 'PENDING', amount: 20_000 } });

    expect((await rows({ object_id: withdrawalUuid, action: 'withdrawal.decide' })).map((r) => r.actor_email)).toEqual([
      WHO.superadmin,
    ]);
    expect(await rows({ object_id: withdrawalUuid, action: 'withdrawal' })).toEqual([]);
    expect(await rows({ object_id: withdrawalUuid, object_type: 'withdrawal' })).toHaveLength(2);
    expect(await rows({ object_id: withdrawalUuid, object_type: 'transaction' })).toEqual([]);
    // actor: the e-mail, case-insensitive contains.
    expect((await rows({ object_id: withdrawalUuid, actor: 'CLIENT@Demo' })).map((r) => r.action)).toEqual([
      'withdrawal.request',
    ]);
    expect((await rows({ object_id: withdrawalUuid, actor: WHO.superadmin })).map((r) => r.action)).toEqual([
      'withdrawal.decide',
    ]);
    const byClient = await rows({ actor: 'client@demo.local', limit: 50 });
    expect(byClient.length).toBeGreaterThan(0);
    expect(byClient.every((r) => r.actor_email?.toLowerCase().includes('client@demo.local'))).toBe(true);

    expect(await rows({ object_id: withdrawalUuid, outcome: 'success' })).toHaveLength(2);
    expect(await rows({ object_id: withdrawalUuid, outcome: 'failure' })).toEqual([]);
    const failed = await rows({ actor: 'ghost.audit', outcome: 'failure' });
    expect(failed.map((r) => [r.action, r.outcome])).toEqual([['auth.login', 'failure']]);
    expect(await rows({ actor: 'ghost.audit', outcome: 'success' })).toEqual([]);
    const everyFailure = await rows({ outcome: 'failure', limit: 50 });
    expect(everyFailure.every((r) => r.outcome === 'failure')).toBe(true);
  });

  it('narrows by the start/end window on the business clock, end minute included', async () => {
    const [decided] = await rows({ object_id: withdrawalUuid, action: 'withdrawal.decide' });
    const minute = businessTime(decided.created_at, 'minute');
    expect(
      await rows({ object_id: withdrawalUuid, action: 'withdrawal.decide', start: minute, end: minute }),
    ).toHaveLength(1);
    expect(await rows({ object_id: withdrawalUuid, start: '2000-01-01 00:00', end: '2999-12-31 23:59' })).toHaveLength(
      2,
    );
    expect(await rows({ object_id: withdrawalUuid, start: '2000-01-01 00:00', end: '2000-01-01 23:59' })).toEqual([]);
    expect(await rows({ object_id: withdrawalUuid, end: '2000-01-01 00:00' })).toEqual([]);
    expect(await rows({ object_id: withdrawalUuid, start: '2999-01-01 00:00' })).toEqual([]);
    expect((await rows({ object_id: withdrawalUuid, start: minute })).map((r) => r.id)).toContain(decided.id);
  });

  it('searches action, actor, object id and detail text, with % and _ taken literally', async () => {
    expect(
      (await rows({ search: withdrawalUuid.slice(0, 13) })).every((r) =>
        r.object_id?.startsWith(withdrawalUuid.slice(0, 13)),
      ),
    ).toBe(true);
    expect((await rows({ search: withdrawalUuid })).length).toBe(2);
    expect((await rows({ search: 'ghost.AUDIT' })).map((r) => r.actor_email)).toEqual(['ghost.audit@demo.local']);
    expect((await rows({ search: 'role.create' })).length).toBeGreaterThan(0);
    const wildcard = await rows({ search: '100%_off' });
    expect(wildcard).toHaveLength(1);
    expect(JSON.stringify(wildcard[0].detail)).toContain('Audit 100%_off');
    // Unescaped, each of these would match 'Audit 100%_off'.
    expect(await rows({ search: 'Aud%off' })).toEqual([]);
    expect(await rows({ search: 'Audit 1_0' })).toEqual([]);
    const percent = await list({ search: '%', limit: 50 });
    expect(percent.body.meta.total).toBeLessThan((await list({})).body.meta.total);
    expect(percent.body.data.every((r) => JSON.stringify(r).includes('%'))).toBe(true);
  });
});

describe('GET /audit-log/download', () => {
  it('answers the filtered lines as an .xlsx in the base64 envelope, the chain head last', async () => {
    const verified = await call(server, 'GET', `${API}/audit-log/verify`, { token: session.superadmin!.token });
    expect(verified.body.data.valid).toBe(true);
    const res = await call(server, 'GET', `${API}/audit-log/download?object_id=${withdrawalUuid}`, {
      token: session.superadmin!.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.filename).toBe(AUDIT_EXPORT_FILENAME);
    const file = Buffer.from(res.body.data.content, 'base64');
    expect(file.subarray(0, 2).toString()).toBe('PK');
    // The sheet holds what the list shows for the same filter, newest first, times to the second on the business clock.
    const sheet = XLSX.read(file).Sheets['Audit Log'];
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    const listed = await rows({ object_id: withdrawalUuid });
    expect(cells).toEqual([
      ['Time', 'Actor', 'IP', 'Action', 'Object Type', 'Object ID', 'Object', 'Outcome', 'Detail'],
      ...listed.map((r) => [
        businessTime(r.created_at, 'second'),
        r.actor_email,
        r.ip,
        r.action,
        r.object_type,
        r.object_id,
        r.object_label,
        r.outcome,
        r.detail == null ? null : JSON.stringify(r.detail),
      ]),
      // The head the file was taken up to (issue 28): the one verify named just before.
      [
        expect.stringMatching(new RegExp(`^Chain head: ${verified.body.data.head} \\(entry #\\d+\\)$`)),
        ...Array(8).fill(null),
      ],
    ]);
    expect(cells).toHaveLength(4);
    // The Object column: the withdrawal as people know it (issue 26).
    const code = `WD-${withdrawalUuid.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    expect(cells.slice(1, 3).map((row) => row[6])).toEqual([code, code]);
    // The download is itself audited.
    expect((await rows({ action: 'audit_log.download' }))[0]).toMatchObject({
      actor_email: WHO.superadmin,
      detail: { rows: 2 },
    });
    expect(
      (await call(server, 'GET', `${API}/audit-log/download?page=1`, { token: session.superadmin!.token })).status,
    ).toBe(400);
  });

  it('refuses a download beyond the cap with 422', async () => {
    await expect(assertAuditExportable(db(), auditWhere({}, TZ), 1)).rejects.toMatchObject({ kind: 'ruleBroken' });
    expect(await assertAuditExportable(db(), auditWhere({ object_id: withdrawalUuid }, TZ), 2)).toBe(2);
  });
});

describe('GET /audit-log/path', () => {
  it('of a withdrawal requested then REJECTED: PENDING by the requester, then REJECTED by the decider', async () => {
    const res = await path('withdrawal', withdrawalUuid);
    expect(res.status).toBe(200);
    const { entity, steps } = res.body.data;
    expect(entity).toEqual({ type: 'withdrawal', id: withdrawalUuid, status: 'REJECTED' });
    expect(steps.map((s) => [s.status, s.by])).toEqual([
      ['PENDING', WHO.client],
      ['REJECTED', WHO.superadmin],
    ]);
    expect(steps.map((s) => [s.from, s.action])).toEqual([
      [null, 'withdrawal.request'],
      ['PENDING', 'withdrawal.decide'],
    ]);
    expect(steps[0].at <= steps[1].at).toBe(true);
  });

  it('of a pay-in: the state it started in, its manual finalize, then SETTLED by the run', async () => {
    const [t] = (
      await db().execute<{ correlation_id: string; uuid: string; status: string; paid: string }>(sql`
      select correlation_id, uuid, status, to_char(transaction_time at time zone ${TZ}, 'YYYY-MM-DD HH24:MI:00') as paid
      from transactions where type = 'va_mandiri' and status in ('PENDING', 'REQUEST_TIMEOUT')
        and transaction_time < now() - interval '1 hour'
      order by id limit 1`)
    ).rows;
    expect(t).toBeTruthy();
    const finalized = await call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
      token: session.superadmin!.token,
      body: { correlation_id: t.correlation_id, rrn: 'RRN-AUDIT-1', paid_time: t.paid },
    });
    expect(finalized.status).toBe(200);
    const before = (await path('transaction', t.uuid)).body.data;
    expect(before.entity).toEqual({ type: 'transaction', id: t.correlation_id, status: 'FINALIZED' });
    expect(before.steps.map((s) => [s.status, s.by, s.action])).toEqual([
      [t.status, 'system', 'transaction.create'],
      ['FINALIZED', WHO.superadmin, 'transaction.finalize'],
    ]);

    // Settle its day as a settlement run would (the job itself is tested elsewhere).
    const [{ id: superId }] = (
      await db().execute<{ id: number }>(sql`select id from users where email = ${WHO.superadmin}`)
    ).rows;
    const principal = (await loadPrincipal(db(), Number(superId)))!;
    const day = t.paid.slice(0, 10);
    const { runId } = await recordSettlementRun(
      db(),
      principal,
      { type: 'va_mandiri', start: `${day} 00:00`, end: `${day} 23:59` },
      TZ,
      {},
    );
    const run = (await loadRunToSettle(db(), runId))!;
    while ((await settleBatch(db(), run, 5_000)) > 0) {
      /* until the window is settled */
    }
    expect(await finishRun(db(), run, 'succeeded')).toBe(true);

    const after = (await path('transaction', t.correlation_id)).body.data;
    expect(after.entity.status).toBe('SETTLED');
    expect(after.steps.map((s) => [s.status, s.from, s.by, s.action])).toEqual([
      [t.status, null, 'system', 'transaction.create'],
      ['FINALIZED', t.status, WHO.superadmin, 'transaction.finalize'],
      // The run's batch that settled it (issue 43), by the one who pressed.
      ['SETTLED', 'FINALIZED', WHO.superadmin, 'settlement.batch'],
    ]);
  });

  it('answers 404 for an unknown entity and 400 for an unknown type', async () => {
    expect((await path('withdrawal', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await path('disbursement', 'nope')).status).toBe(404);
    expect((await path('settlement', 'x')).status).toBe(400);
  });

  it('of a disbursement: its first state then what the log says', async () => {
    const [d] = (
      await db().execute<{ uuid: string; correlation_id: string; status: string }>(sql`
      select uuid, correlation_id, status from disbursements where status in ('PENDING_REQUEST', 'PENDING')
        order by id limit 1`)
    ).rows;
    if (!d) return;
    const decided = await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
      token: session.superadmin!.token,
      body: { uuid: d.uuid, status: 'REJECTED' },
    });
    expect(decided.status).toBe(200);
    const { entity, steps } = (await path('disbursement', d.correlation_id)).body.data;
    expect(entity).toEqual({ type: 'disbursement', id: d.uuid, status: 'REJECTED' });
    expect(steps.at(-1)).toMatchObject({
      status: 'REJECTED',
      from: d.status,
      by: WHO.superadmin,
      action: 'disbursement.decide',
    });
    expect(steps[0]).toMatchObject({ from: null, by: 'system' });
    // The log found by either id of the disbursement.
    expect(await rows({ object_id: d.correlation_id, action: 'disbursement.decide' })).toHaveLength(1);
  });
});
