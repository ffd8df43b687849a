import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditChainVerdict } from '../../src/services/auditLogRules.ts';
import { openDatabase, type Db } from '../db/connect.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit } from '../domain/audit.ts';
import { verifyAuditChain } from '../domain/auditChain.ts';
import { call, freshDatabase, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { chainedByMigration } from './auditChainMigration.ts';
import { runAuditVerifyScript, tamper } from './auditTamper.ts';

const API = '/api/backoffice';

let server: TestServer;
let superToken: string;
const db = () => server.database.db as Db;

const verify = async (token = superToken) =>
  call<{ data: AuditChainVerdict }>(server, 'GET', `${API}/audit-log/verify`, { token });

/** Every row's id and links, in id order. */
const links = async (d: Db) =>
  (
    await d.execute<{ id: string; prev_hash: string | null; hash: string }>(
      sql`select id::text as id, prev_hash, hash from audit_log order by audit_log.id`,
    )
  ).rows;

beforeAll(async () => {
  server = await startTestServer();
  superToken = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

describe('the audit hash chain', () => {
  it('chains the seeded log: the verify call finds it intact and names the head', async () => {
    const res = await verify();
    expect(res.status).toBe(200);
    const all = await links(db());
    expect(res.body.data).toEqual({
      valid: true,
      rows: all.length,
      head: all[all.length - 1].hash,
      first_broken_id: null,
    });
    expect(all.length).toBeGreaterThan(1);
    // Every page of the log names the same head, for the screen to show without a whole check.
    const page = await call(server, 'GET', `${API}/audit-log?page=1&limit=15`, { token: superToken });
    expect(page.body.meta.chain_head).toBe(res.body.data.head);
    expect(all[0].prev_hash).toBeNull();
    all.forEach((row, i) => {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (i > 0) expect(row.prev_hash).toBe(all[i - 1].hash);
    });
  });

  it('keeps the chain whole under 10 concurrent writers, ids in chain order', async () => {
    const before = await links(db());
    // Ten transactions, each writing three lines with a pause between (holding the chain's lock), and ten
    // lines written outside any transaction, all at once.
    await Promise.all([
      ...Array.from({ length: 10 }, (_, w) =>
        inTransaction(db(), async (tx) => {
          for (let i = 0; i < 3; i++) {
            await audit(tx, { action: 'test.concurrent', objectId: `${w}-${i}`, outcome: 'success' });
            await tx.execute(sql`select pg_sleep(0.01)`);
          }
        }),
      ),
      ...Array.from({ length: 10 }, (_, w) =>
        audit(db(), { action: 'test.concurrent', objectId: `bare-${w}`, outcome: 'success' }),
      ),
    ]);
    const after = await links(db());
    expect(after).toHaveLength(before.length + 40);
    after.forEach((row, i) => expect(row.prev_hash).toBe(i === 0 ? null : after[i - 1].hash));
    // A writer's three lines went in together: the lock is held to its commit.
    const written = (
      await db().execute<{ object_id: string }>(
        sql`select object_id from audit_log where action = 'test.concurrent' and object_id not like 'bare-%' order by id`,
      )
    ).rows.map((r) => r.object_id);
    for (let i = 0; i < written.length; i += 3) {
      const w = written[i].split('-')[0];
      expect(written.slice(i, i + 3)).toEqual([`${w}-0`, `${w}-1`, `${w}-2`]);
    }
    expect((await verify()).body.data).toMatchObject({ valid: true, rows: after.length, first_broken_id: null });
    // Read in small keyset pages, the verdict is the same: the pages join without a gap or an overlap.
    expect(await verifyAuditChain(db(), 7)).toEqual(await verifyAuditChain(db()));
  });

  it('hashes any text and detail the same way in SQL (insert) and in Node (verify)', async () => {
    await audit(db(), {
      actorUserId: 2_000_000_000,
      actorEmail: 'Ünïcödé "quoted" \\ back\tslash@demo.local',
      action: 'test.odd\u0001text\n\u2028',
      objectType: 'emoji 🧾',
      objectId: 12345678901234,
      outcome: 'denied',
      ip: '::ffff:10.0.0.1',
      detail: {
        zeta: 1.5,
        a: [1, 2.0, -0.25, 1e21, null, true],
        nested: { 'key with "quotes"': 'value\r\n', longerKey: { x: 'é' } },
        big: 9007199254740991,
        empty: {},
      },
    });
    await audit(db(), { action: 'test.bare', outcome: 'failure', detail: {} });
    expect(await verifyAuditChain(db())).toMatchObject({ valid: true, first_broken_id: null });
  });

  it('verifies rows that migration 0020 chained, as the Node check recomputes them', async () => {
    expect(await chainedByMigration()).toMatchObject({ valid: true, rows: 4, first_broken_id: null });
  });

  it('is SUPER ADMIN only, as the audit log', async () => {
    for (const email of ['admin@demo.local', 'client@demo.local']) {
      const { token } = await signInVerified(server, email);
      expect((await verify(token)).status, email).toBe(403);
    }
    expect((await call(server, 'GET', `${API}/audit-log/verify`)).status).toBe(401);
  });

  it('names exactly the edited row, and the row after a removed one', async () => {
    const all = await links(db());
    const victim = all[Math.floor(all.length / 2)].id;
    const original = (
      await db().execute<{ outcome: string }>(sql`select outcome from audit_log where id = ${victim}::bigint`)
    ).rows[0].outcome;
    await tamper(db(), sql`update audit_log set outcome = 'forged' where id = ${victim}::bigint`);
    expect((await verify()).body.data).toEqual({
      valid: false,
      rows: all.length,
      head: all[all.length - 1].hash,
      first_broken_id: Number(victim),
    });
    // Put back as it was, the row verifies again: the check reads content, not a mark.
    await tamper(db(), sql`update audit_log set outcome = ${original} where id = ${victim}::bigint`);
    expect((await verify()).body.data).toMatchObject({ valid: true, first_broken_id: null });

    // A row rewritten with a fresh hash of its own breaks the next row's link instead.
    await tamper(
      db(),
      sql`update audit_log set action = 'forged', hash = audit_log_hash(id, at, actor_user_id, actor_email,
        'forged', object_type, object_id, outcome, ip, detail, prev_hash) where id = ${victim}::bigint`,
    );
    const next = all[all.findIndex((r) => r.id === victim) + 1].id;
    expect((await verify()).body.data).toMatchObject({ valid: false, first_broken_id: Number(next) });
  });
});

describe('npm run audit:verify', () => {
  it('exits 0 on an intact chain and non-zero on a broken one, naming the first broken row', async () => {
    // The script opens the database by its environment: a PostgreSQL database by URL, or PGlite in a folder.
    const onPostgres = process.env.TEST_DB === 'postgres';
    const folder = onPostgres ? null : await mkdtemp(join(tmpdir(), 'bo-audit-verify-'));
    const target = onPostgres ? await freshDatabase('reference') : null;
    const database = target ? target.database : await openDatabase({ dataDir: folder });
    const env = target ? { DATABASE_URL: target.url! } : { DATABASE_URL: '', DATA_DIR: folder! };
    try {
      for (let i = 0; i < 3; i++) await audit(database.db, { action: 'test.script', outcome: 'success' });
      const ids = (await links(database.db)).map((r) => r.id);
      if (!target) await database.close();
      const intact = await runAuditVerifyScript(env);
      expect(intact.code, intact.out).toBe(0);
      expect(intact.out).toContain(`Checked ${ids.length} audit rows.`);

      const reopened = target ? database : await openDatabase({ dataDir: folder });
      await tamper(reopened.db, sql`update audit_log set ip = '6.6.6.6' where id = ${ids[1]}::bigint`);
      if (!target) await reopened.close();
      const broken = await runAuditVerifyScript(env);
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toContain(`The audit chain is broken at entry #${ids[1]}.`);
    } finally {
      if (target) await target.dispose();
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  });
});
