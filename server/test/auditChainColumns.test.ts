import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import type { AuditChainVerdict } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit, type AuditEntry } from '../domain/audit.ts';
import { canonicalRow } from '../domain/auditChain.ts';
import { auditVerifyReport } from '../scripts/auditVerifyReport.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import {
  auditColumns,
  auditIds,
  editColumn,
  headHash,
  keyRoom,
  kindOf,
  rowText,
  runAuditVerifyScript,
  type AuditColumn,
} from './auditTamper.ts';
import { valueArb, writesArb, type NewValue } from './auditChainArbitraries.ts';

// Issue 49: planted one at a time, a verify that skipped the first row and a hash that left out `detail`
// (in SQL and in Node alike) passed auditChain.test.ts. Here every column of the schema is edited in the
// first, a middle and the last row; both forms of the hash are held to the schema's columns; and random
// writes meet one random edit.

let server: TestServer;
let superToken: string;
const db = () => server.database.db as Db;
/** The rows edited: the log's first, one in the middle (with a gap in the ids before it) and the last. */
const victims = { first: 0, middle: 0, last: 0 };

const verify = async () =>
  (await call<{ data: AuditChainVerdict }>(server, 'GET', '/api/backoffice/audit-log/verify', { token: superToken }))
    .body.data;
const rowCount = async () =>
  Number((await db().execute<{ n: string }>(sql`select count(*)::text as n from audit_log`)).rows[0].n);
const endId = async (end: 'min' | 'max') =>
  Number((await db().execute<{ id: string }>(sql`select ${sql.raw(end)}(id)::text as id from audit_log`)).rows[0].id);

/** An audited write rolled back: its id is drawn (sequences do not roll back) and never used, a gap in the ids. */
const rolledBackWrite = (entry: AuditEntry) =>
  inTransaction(db(), async (tx) => {
    await audit(tx, entry);
    throw new Error('rolled back');
  }).catch((error: Error) => expect(error.message).toBe('rolled back'));

beforeAll(async () => {
  server = await startTestServer();
  // The demo log starts empty: the first row has every nullable column null (an edit sets a value there).
  await audit(db(), { action: 'test.first', outcome: 'success' });
  victims.first = await endId('min');
  superToken = (await signInVerified(server, 'superadmin@demo.local')).token;
  await rolledBackWrite({ action: 'test.gap', outcome: 'success' });
  await audit(db(), {
    actorUserId: 7,
    actorEmail: 'middle@demo.local',
    action: 'test.middle',
    objectType: 'withdrawal',
    objectId: 42,
    outcome: 'denied',
    ip: '10.0.0.9',
    detail: { before: { status: 'PENDING' }, n: 1.5 },
  });
  victims.middle = await endId('max');
  await audit(db(), { action: 'test.after-middle', outcome: 'failure' });
  await audit(db(), { action: 'test.last', outcome: 'success', actorEmail: '', detail: {} });
  victims.last = await endId('max');
});
afterAll(async () => {
  await server?.close();
});

/** A value other than the row's own, the smallest edit of the column's kind where there is one. */
function otherValue(column: AuditColumn, id: number, room: { low: number; high: number }): SQL {
  const c = sql.identifier(column.name);
  switch (kindOf(column)) {
    case 'key':
      // A key that keeps the row in its place (see keyRoom); the fixture leaves room for each victim.
      if (id - 1 >= room.low) return sql`${id - 1}::bigint`;
      if (id + 1 <= room.high) return sql`${id + 1}::bigint`;
      throw new Error(`no free id beside row ${id}`);
    case 'integer':
      return sql`coalesce(${c} + 1, 0)`;
    case 'text':
      // Null becomes '' (the canonical form tells them apart); a value gains a character.
      return sql`coalesce(${c} || '.', '')`;
    case 'timestamp':
      // One microsecond: the canonical form keeps them all.
      return sql`coalesce(${c} + interval '1 microsecond', now())`;
    case 'jsonb':
      // SQL null becomes JSON null; a value is wrapped in an array.
      return sql`case when ${c} is null then 'null'::jsonb else jsonb_build_array(${c}) end`;
  }
}

/** The instant a timestamp column holds, at the same wall time BC: before migration 0025 its hash was the same. */
const sameWallTimeBC = (column: AuditColumn) =>
  sql`(to_char(${sql.identifier(column.name)} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00 BC')::timestamptz`;

// The script itself (a child process, about 1.5 s each) runs once per position, on PostgreSQL only: the
// server's PGlite is in this process's memory. Every other edit asks the function the script prints.
const scriptRuns = {
  first: auditColumns[0],
  middle: auditColumns[Math.floor(auditColumns.length / 2)],
  last: auditColumns[auditColumns.length - 1],
};

describe.each(['first', 'middle', 'last'] as const)('an edit of the %s row', (position) => {
  // Every column can be edited, the hash and the link included: none is skipped.
  it.each(auditColumns.map((column) => [column.name, column] as const))(
    'in %s is named by the verify call and by audit:verify',
    async (_, column) => {
      const victim = victims[position];
      const rows = await rowCount();
      const before = await rowText(db(), victim);
      const ids = await auditIds(db());
      const room = keyRoom(ids, ids.indexOf(victim));
      const { id, restore } = await editColumn(db(), victim, column, otherValue(column, victim, room));
      try {
        // The edit changed the row: a test of no edit at all would pass nothing.
        expect(await rowText(db(), id)).not.toBe(before);
        const head = await headHash(db());
        expect(await verify()).toEqual({ valid: false, rows, head, first_broken_id: id });
        expect(await auditVerifyReport(db())).toEqual({
          lines: [`Checked ${rows} audit rows. Chain head: ${head}`, `The audit chain is broken at entry #${id}.`],
          exitCode: 1,
        });
        if (server.databaseUrl && scriptRuns[position] === column) {
          const script = await runAuditVerifyScript({ DATABASE_URL: server.databaseUrl });
          expect(script.code, script.out).toBe(1);
          expect(script.out).toContain(`The audit chain is broken at entry #${id}.`);
        }
      } finally {
        await restore();
      }
      // Put back, the row is as it was and the chain intact again: the next edit starts clean.
      expect(await rowText(db(), victim)).toBe(before);
      expect(await verify()).toMatchObject({ valid: true, rows, first_broken_id: null });
    },
  );
});

describe('a row rewritten with a fresh hash of its own', () => {
  it('and the next row relinked to it is named at the next row: the link is hashed too', async () => {
    // Edits of prev_hash are seen by the link check alone, so only this tells a hash that leaves the link out.
    const ids = await auditIds(db());
    const next = ids[ids.indexOf(victims.middle) + 1];
    const byName = (name: string) => auditColumns.find((column) => column.name === name)!;
    // The hash's arguments are the columns but the hash, in the schema order (checked below).
    const args = auditColumns.filter((column) => column.name !== 'hash').map((column) => sql.identifier(column.name));
    const edits = [
      await editColumn(db(), victims.middle, byName('action'), sql`'forged'`),
      await editColumn(db(), victims.middle, byName('hash'), sql`audit_log_hash(${sql.join(args, sql`, `)})`),
      await editColumn(
        db(),
        next,
        byName('prev_hash'),
        sql`(select a.hash from audit_log a where a.id = ${victims.middle})`,
      ),
    ];
    try {
      expect(await verify()).toMatchObject({ valid: false, first_broken_id: next });
    } finally {
      for (const { restore } of edits.reverse()) await restore();
    }
    expect(await verify()).toMatchObject({ valid: true, first_broken_id: null });
  });
});

describe('the SQL hash and the Node canonical form', () => {
  // The canonical form (migration 0020) is every column but the hash itself, in the schema's order.
  const chained = auditColumns.filter((column) => column.name !== 'hash');
  /** A value per column as the canonical form's text of it, distinct between columns and between variants. */
  const marker = (column: AuditColumn, i: number, variant = 0): string => {
    switch (kindOf(column)) {
      case 'key':
      case 'integer':
        return String(1000 + 10 * i + variant);
      case 'text':
        return `${column.name} ${variant}`;
      case 'timestamp':
        return `2026-11-23T03:42:${String(i % 60).padStart(2, '0')}.12345${variant}Z`;
      case 'jsonb':
        // As jsonb prints it.
        return `{"${column.name}": ${variant}}`;
    }
  };
  const markers = chained.map((column, i) => marker(column, i));
  const expected = `[${markers.map((m) => JSON.stringify(m)).join(',')}]`;

  it('Node serialises every column but the hash, in the schema order', () => {
    const probe = Object.fromEntries(chained.map((column, i) => [column.name, markers[i]]));
    expect(canonicalRow(probe as unknown as Parameters<typeof canonicalRow>[0])).toBe(expected);
  });

  /** audit_log_hash of the given canonical texts, passed by name: a column without a parameter fails the call. */
  const hashOf = async (values: string[]) =>
    (
      await db().execute<{ hash: string }>(
        sql`select audit_log_hash(${sql.join(
          chained.map((column, i) => sql`${sql.identifier(column.name)} => ${values[i]}`),
          sql`, `,
        )}) as hash`,
      )
    ).rows[0].hash;

  it('SQL (audit_log_hash) hashes every column but the hash, in the schema order', async () => {
    const hash = await hashOf(markers);
    const ignored: string[] = [];
    for (const [i, column] of chained.entries())
      if ((await hashOf(markers.with(i, marker(column, i, 1)))) === hash) ignored.push(column.name);
    expect(ignored, 'columns the SQL hash leaves out').toEqual([]);
    expect(hash).toBe(createHash('sha256').update(expected, 'utf8').digest('hex'));
  });

  it('tells apart instants to_char prints alike: a wall time AD and BC, infinity and -infinity', async () => {
    // Until migration 0025 each pair hashed the same, so an `at` moved to its twin went unseen.
    const twins = ['2026-11-23 03:42:00.123456+00', '2026-11-23 03:42:00.123456+00 BC', 'infinity', '-infinity'];
    for (const [i, column] of chained.entries()) {
      if (kindOf(column) !== 'timestamp') continue;
      const hashes = await Promise.all(twins.map((twin) => hashOf(markers.with(i, twin))));
      expect(new Set(hashes).size, column.name).toBe(twins.length);
      // Verify, which reads the column as the hash takes it, names a row moved to the same wall time BC.
      const { id, restore } = await editColumn(db(), victims.middle, column, sameWallTimeBC(column));
      try {
        expect(await verify(), column.name).toMatchObject({ valid: false, first_broken_id: id });
      } finally {
        await restore();
      }
    }
  });
});

const CAST = { key: 'bigint', integer: 'integer', text: 'text', timestamp: 'timestamptz', jsonb: 'jsonb' } as const;

/** The row an edit lands on and the value as SQL: a key only where it keeps the row in its place (keyRoom). */
async function placeEdit(column: AuditColumn, row: number, value: NewValue): Promise<{ victim: number; value: SQL }> {
  const ids = await auditIds(db());
  if ('keyPick' in value) {
    const free = ids.map((id, i) => ({ id, ...keyRoom(ids, i) })).filter((r) => r.high > r.low);
    const { id, low, high } = free[row % free.length];
    const key = low + (value.keyPick % (high - low));
    return { victim: id, value: sql`${key >= id ? key + 1 : key}::bigint` };
  }
  const victim = ids[row % ids.length];
  if ('seconds' in value)
    return {
      victim,
      value: sql`to_timestamp(${value.seconds}::double precision) + ${value.micros} * interval '1 microsecond'`,
    };
  if ('sameWallTimeBC' in value) return { victim, value: sameWallTimeBC(column) };
  return { victim, value: sql`${value.literal}::${sql.raw(CAST[kindOf(column)])}` };
}

describe('random audited writes and one random edit', () => {
  const byName = new Map(auditColumns.map((column) => [column.name, column]));
  const editArb = fc
    .constantFrom(...byName.keys())
    .chain((name) => fc.record({ column: fc.constant(name), row: fc.nat(), value: valueArb(byName.get(name)!) }));

  it('the chain is intact after the writes, and the edited row is the one verify names', async () => {
    await fc.assert(
      fc.asyncProperty(writesArb, editArb, async (writes, edit) => {
        for (const { entry, rolledBack } of writes) await (rolledBack ? rolledBackWrite(entry) : audit(db(), entry));
        const rows = await rowCount();
        expect(await verify()).toEqual({ valid: true, rows, head: await headHash(db()), first_broken_id: null });

        const column = byName.get(edit.column)!;
        const { victim, value } = await placeEdit(column, edit.row, edit.value);
        const c = sql.identifier(column.name);
        const differs = await db().execute<{ differs: boolean }>(
          sql`select ${c}::text is distinct from (${value})::text as differs from audit_log where id = ${victim}`,
        );
        fc.pre(differs.rows[0].differs);
        const { id, restore } = await editColumn(db(), victim, column, value);
        try {
          expect(await verify()).toEqual({ valid: false, rows, head: await headHash(db()), first_broken_id: id });
        } finally {
          await restore();
        }
        expect(await verify()).toMatchObject({ valid: true, first_broken_id: null });
      }),
      { numRuns: 40 },
    );
  });
});
