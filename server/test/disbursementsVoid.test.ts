import { and, eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, journalEntries, outbox } from '../db/schema.ts';
import { voidRowsFromSheet } from '../domain/disbursementVoid.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { addUser, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { balancesOf, clientIdOf, delta, makeDisbursement, NO_MOVEMENT } from './disbursementsTestKit.ts';

/**
 * 'Upload Void Transaction': each FINALIZED one listed becomes VOIDED with its money back, every row gets an outcome.
 */
const URL_PATH = '/api/backoffice/transaction/disbursement-check-transaction';
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

async function upload(
  files: Array<{ name: string; content: string | Buffer }>,
  extra?: (form: FormData) => void,
  as = token,
) {
  const form = new FormData();
  for (const f of files)
    form.append('file', new Blob([typeof f.content === 'string' ? f.content : new Uint8Array(f.content)]), f.name);
  extra?.(form);
  const response = await fetch(`${server.url}${URL_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const xlsxOf = (rows: unknown[][]) => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const expectLedgerClean = async () => expect((await checkLedger(server.database.db)).problems).toEqual([]);

describe('the void file', () => {
  it('voids the FINALIZED ones, reports the rest, and moves nothing the second time', async () => {
    const { db } = server.database;
    const paid = [
      await makeDisbursement(db, { clientId: 1, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 1, status: 'FINALIZED', fee: 0 }),
    ];
    const open = await makeDisbursement(db, { clientId: 1, status: 'PENDING' });
    const csv =
      `correlation_id\n${paid[0].correlationId}\nNO-SUCH-DISBURSEMENT\n\n${open.correlationId}\n` +
      `${paid[1].correlationId}\n`;
    const before = await balancesOf(db, 1);
    const first = await upload([{ name: 'void.csv', content: csv }]);
    expect(first.status).toBe(200);
    expect(first.body.data.summary).toEqual({
      rows: 4,
      voided: 2,
      would_void: 0,
      not_found: 1,
      not_finalized: 1,
      already_voided: 0,
      duplicate: 0,
    });
    expect(first.body.data.results.map((r: any) => [r.row, r.correlation_id, r.outcome])).toEqual([
      [2, paid[0].correlationId, 'voided'],
      [3, 'NO-SUCH-DISBURSEMENT', 'not_found'],
      [5, open.correlationId, 'not_finalized'],
      [6, paid[1].correlationId, 'voided'],
    ]);
    expect(first.body.data.results[2].message).toMatch(/^Invalid Status: Only FINALIZED disbursements can be voided/);
    const total = paid.reduce((s, d) => s + d.amount + d.feeAmount, 0);
    expect(first.body.data).toMatchObject({ dry_run: false, total: { count: 2, amount: total } });
    expect(delta(before, await balancesOf(db, 1))).toEqual({
      ...NO_MOVEMENT,
      disbursement: total,
      payouts: -(paid[0].amount + paid[1].amount),
      fees: -(paid[0].feeAmount + paid[1].feeAmount),
    });
    for (const d of paid) expect((await clientIdOf(db, d.uuid)).status).toBe('VOIDED');
    await expectLedgerClean();

    const middle = await balancesOf(db, 1);
    const second = await upload([{ name: 'void.csv', content: csv }]);
    expect(second.body.data.summary).toEqual({
      rows: 4,
      voided: 0,
      would_void: 0,
      not_found: 1,
      not_finalized: 1,
      already_voided: 2,
      duplicate: 0,
    });
    expect(second.body.data.total).toEqual({ count: 0, amount: 0 });
    expect(delta(middle, await balancesOf(db, 1))).toEqual(NO_MOVEMENT);
    for (const d of paid)
      expect(
        await db.$count(
          journalEntries,
          and(eq(journalEntries.kind, 'disbursement.void'), eq(journalEntries.reference, d.uuid)),
        ),
      ).toBe(1);
    await expectLedgerClean();
  });

  it('reads XLSX, an aliased header, and a single column without a header; the same id twice voids once', async () => {
    const { db } = server.database;
    const [a, b, c] = [
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
    ];
    const xlsx = await upload([
      {
        name: 'Void List.XLSX',
        content: xlsxOf([
          ['Note', 'Correlation ID'],
          ['first', a.correlationId],
          ['again', a.correlationId],
        ]),
      },
    ]);
    expect(xlsx.body.data.results.map((r: any) => r.outcome)).toEqual(['voided', 'duplicate']);
    const bare = await upload([{ name: 'ids.csv', content: `${b.correlationId}\r\n${c.correlationId}\r\n` }]);
    expect(bare.body.data.summary).toMatchObject({ rows: 2, voided: 2 });
    await expectLedgerClean();
  });

  it('answers a bad upload with 400 or 422 and a clear message, never 500', async () => {
    const cases: Array<[string, Awaited<ReturnType<typeof upload>>, number, RegExp]> = [
      ['no file', await upload([], (f) => f.append('note', 'x')), 400, /Choose a CSV or XLSX file/],
      [
        'wrong extension',
        await upload([{ name: 'ids.txt', content: 'correlation_id\nX' }]),
        400,
        /only CSV or Excel files are accepted/,
      ],
      [
        'two files',
        await upload([
          { name: 'a.csv', content: 'a' },
          { name: 'b.csv', content: 'b' },
        ]),
        400,
        /^Maximum Gambar Diunduh 1 Gambar$/,
      ],
      [
        'not a spreadsheet',
        await upload([{ name: 'ids.xlsx', content: Buffer.from('this is not a zip at all') }]),
        400,
        /ids\.xlsx: the file could not be read/,
      ],
      [
        'a broken zip',
        await upload([
          { name: 'ids.xlsx', content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]) },
        ]),
        400,
        /ids\.xlsx: the file could not be read as an Excel file/,
      ],
      ['empty', await upload([{ name: 'empty.csv', content: '' }]), 422, /empty\.csv: the file has no rows/],
      [
        'no id column',
        await upload([{ name: 'wide.csv', content: 'amount,status\n10,PAID\n' }]),
        422,
        /no correlation_id column/,
      ],
      [
        'too large',
        await upload([{ name: 'big.csv', content: Buffer.alloc(5 * 1024 * 1024 + 10, 65) }]),
        400,
        /Limit Size Gambar 5 MB/,
      ],
    ];
    for (const [label, res, status, message] of cases) {
      expect({ label, status: res.status }).toEqual({ label, status });
      expect(res.body.message, label).toMatch(message);
    }
    const json = await fetch(`${server.url}${URL_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const broken = await fetch(`${server.url}${URL_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
    await expectLedgerClean();
  });
});

describe('the preview before the void (issue 25)', () => {
  /** Everything a void could touch: the client's balances, statuses, ledger entries, audit rows and work orders. */
  const footprint = async (clientId: number, uuids: string[]) => {
    const { db } = server.database;
    return {
      balances: await balancesOf(db, clientId),
      statuses: await Promise.all(uuids.map(async (uuid) => (await clientIdOf(db, uuid)).status)),
      entries: await db.$count(journalEntries),
      audit: await db.$count(auditLog),
      outbox: await db.$count(outbox),
    };
  };

  it('with dry_run=true answers each row and the total that would come back, changing nothing; then void', async () => {
    const { db } = server.database;
    const paid = [
      await makeDisbursement(db, { clientId: 1, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 1, status: 'FINALIZED', fee: 0 }),
    ];
    const open = await makeDisbursement(db, { clientId: 1, status: 'PENDING' });
    const gone = await makeDisbursement(db, { clientId: 1, status: 'VOIDED' });
    // The first paid one twice: it would be voided once, and its second row says it is a repeat.
    const csv =
      `correlation_id\n${paid[0].correlationId}\nNO-SUCH-DISBURSEMENT\n${open.correlationId}\n` +
      `${gone.correlationId}\n${paid[1].correlationId}\n${paid[0].correlationId}\n`;
    const uuids = [...paid, open, gone].map((d) => d.uuid);
    const before = await footprint(1, uuids);
    const total = paid.reduce((s, d) => s + d.amount + d.feeAmount, 0);

    const preview = await upload([{ name: 'void.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    expect(preview.status).toBe(200);
    expect(preview.body.message).toBe(
      '6 rows checked: 2 would be voided, 1 not found, 1 not FINALIZED, 1 already voided, 1 named twice in the file; ' +
        'nothing changed',
    );
    expect(preview.body.data).toMatchObject({
      dry_run: true,
      total: { count: 2, amount: total },
      summary: { rows: 6, voided: 0, would_void: 2, not_found: 1, not_finalized: 1, already_voided: 1, duplicate: 1 },
    });
    expect(preview.body.data.results.map((r: any) => [r.row, r.outcome])).toEqual([
      [2, 'would_void'],
      [3, 'not_found'],
      [4, 'not_finalized'],
      [5, 'already_voided'],
      [6, 'would_void'],
      [7, 'duplicate'],
    ]);
    expect(preview.body.data.results[0].message).toBe(
      'Will be voided; amount and fee return to the disbursement balance',
    );
    expect(await footprint(1, uuids)).toEqual(before);
    // Asked twice, the same answer: a preview is not a step of anything.
    expect((await upload([{ name: 'void.csv', content: csv }], (f) => f.append('dry_run', 'true'))).body.data).toEqual(
      preview.body.data,
    );

    const applied = await upload([{ name: 'void.csv', content: csv }], (f) => f.append('dry_run', 'false'));
    expect(applied.body.data).toMatchObject({
      dry_run: false,
      total: { count: 2, amount: total },
      summary: { voided: 2, would_void: 0, already_voided: 1, duplicate: 1 },
    });
    expect(applied.body.data.results.map((r: any) => r.outcome)).toEqual([
      'voided',
      'not_found',
      'not_finalized',
      'already_voided',
      'voided',
      'duplicate',
    ]);
    expect(delta(before.balances, await balancesOf(db, 1))).toEqual({
      ...NO_MOVEMENT,
      disbursement: total,
      payouts: -(paid[0].amount + paid[1].amount),
      fees: -(paid[0].feeAmount + paid[1].feeAmount),
    });
    // After the apply, the preview says there is nothing left to void.
    const after = await upload([{ name: 'void.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    expect(after.body.data).toMatchObject({
      total: { count: 0, amount: 0 },
      summary: { would_void: 0, already_voided: 3, duplicate: 1 },
    });
    await expectLedgerClean();
  });

  it('names a repeated id as named twice, in the preview and the apply, and voids and moves it once', async () => {
    const { db } = server.database;
    const paid = await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' });
    const gone = await makeDisbursement(db, { clientId: 2, status: 'VOIDED' });
    const [p, g] = [paid.correlationId, gone.correlationId];
    const csv = `correlation_id\n${p}\n${g}\n${p}\n${g}\n`;
    const twice = 'Named twice in the file: counted once';
    const before = await balancesOf(db, 2);
    const voidsOf = (uuid: string) =>
      db.$count(journalEntries, and(eq(journalEntries.kind, 'disbursement.void'), eq(journalEntries.reference, uuid)));
    const voidAudits = (uuid: string) =>
      db.$count(auditLog, and(eq(auditLog.action, 'disbursement.void'), eq(auditLog.objectId, uuid)));
    const [paidAudits, goneVoids] = [await voidAudits(paid.uuid), await voidsOf(gone.uuid)];
    const counted = { rows: 4, not_found: 0, not_finalized: 0, already_voided: 1, duplicate: 2 };

    const preview = await upload([{ name: 'twice.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    expect(preview.body.message).toBe(
      '4 rows checked: 1 would be voided, 0 not found, 0 not FINALIZED, 1 already voided, 2 named twice in the file; ' +
        'nothing changed',
    );
    expect(preview.body.data.summary).toEqual({ ...counted, voided: 0, would_void: 1 });
    expect(preview.body.data.total).toEqual({ count: 1, amount: paid.amount + paid.feeAmount });
    expect(preview.body.data.results.map((r: any) => [r.row, r.correlation_id, r.outcome, r.message])).toEqual([
      [2, p, 'would_void', 'Will be voided; amount and fee return to the disbursement balance'],
      [3, g, 'already_voided', 'Disbursement was already voided; nothing would move'],
      [4, p, 'duplicate', twice],
      [5, g, 'duplicate', twice],
    ]);

    const applied = await upload([{ name: 'twice.csv', content: csv }]);
    expect(applied.body.message).toBe(
      '4 rows checked: 1 voided, 0 not found, 0 not FINALIZED, 1 already voided, 2 named twice in the file',
    );
    expect(applied.body.data.summary).toEqual({ ...counted, voided: 1, would_void: 0 });
    expect(applied.body.data.total).toEqual({ count: 1, amount: paid.amount + paid.feeAmount });
    expect(applied.body.data.results.map((r: any) => [r.row, r.outcome, r.message])).toEqual([
      [2, 'voided', 'Disbursement voided; amount and fee returned to the disbursement balance'],
      [3, 'already_voided', 'Disbursement was already voided; nothing moved'],
      [4, 'duplicate', twice],
      [5, 'duplicate', twice],
    ]);
    // Voided once, its money back once; the one voided before moved nothing again.
    expect((await clientIdOf(db, paid.uuid)).status).toBe('VOIDED');
    expect(await voidsOf(paid.uuid)).toBe(1);
    expect(await voidAudits(paid.uuid)).toBe(paidAudits + 1);
    expect(await voidsOf(gone.uuid)).toBe(goneVoids);
    expect(delta(before, await balancesOf(db, 2))).toEqual({
      ...NO_MOVEMENT,
      disbursement: paid.amount + paid.feeAmount,
      payouts: -paid.amount,
      fees: -paid.feeAmount,
    });
    await expectLedgerClean();
  });

  it('re-checks every row on the apply: one voided between the preview and the apply moves once', async () => {
    const { db } = server.database;
    const paid = await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' });
    const csv = `correlation_id\n${paid.correlationId}\n`;
    const preview = await upload([{ name: 'v.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    expect(preview.body.data.summary.would_void).toBe(1);
    const before = await balancesOf(db, 2);
    // Two SUPER ADMINs at once (one user has one upload in flight at most: their second would be 429).
    const other = (await signInVerified(server, 'superadmin2@demo.local')).token;
    const [one, two] = await Promise.all([
      upload([{ name: 'v.csv', content: csv }]),
      upload([{ name: 'v.csv', content: csv }], undefined, other),
    ]);
    expect([one.body.data.results[0].outcome, two.body.data.results[0].outcome].sort()).toEqual([
      'already_voided',
      'voided',
    ]);
    expect(delta(before, await balancesOf(db, 2)).disbursement).toBe(paid.amount + paid.feeAmount);
    await expectLedgerClean();
  });

  it("refuses a dry_run that is neither 'true' nor 'false', before reading the file", async () => {
    const res = await upload([{ name: 'v.csv', content: 'correlation_id\nX\n' }], (f) => f.append('dry_run', 'yes'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("dry_run must be 'true' or 'false'");
  });
});

describe('the apply names the preview it confirms (issue 44)', () => {
  const expecting = (count: number, amount: number) => (f: FormData) => {
    f.append('expected_count', String(count));
    f.append('expected_amount', String(amount));
  };
  const voidLines = () => server.database.db.$count(auditLog, eq(auditLog.action, 'disbursement.void'));
  const voidEntries = () => server.database.db.$count(journalEntries, eq(journalEntries.kind, 'disbursement.void'));

  it('refuses (409, nothing moves) a file that would now void other rows or another amount than previewed', async () => {
    const { db } = server.database;
    const [a, b] = [
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
    ];
    const csv = `correlation_id\n${a.correlationId}\n${b.correlationId}\n`;
    const preview = await upload([{ name: 'ab.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    const seen = preview.body.data.total;
    expect(seen).toEqual({ count: 2, amount: a.amount + a.feeAmount + b.amount + b.feeAmount });
    // B is voided by another upload in between.
    expect((await upload([{ name: 'b.csv', content: `correlation_id\n${b.correlationId}\n` }])).status).toBe(200);
    const before = { balances: await balancesOf(db, 2), lines: await voidLines(), entries: await voidEntries() };

    const refused = await upload([{ name: 'ab.csv', content: csv }], expecting(seen.count, seen.amount));
    expect(refused.status).toBe(409);
    const rp = (n: number) => `Rp. ${n.toLocaleString('en-US')}`;
    expect(refused.body).toMatchObject({
      status: 'failed',
      message:
        `The file now voids 1 row for ${rp(a.amount + a.feeAmount)}, not the 2 rows for ${rp(seen.amount)} ` +
        'you previewed. Preview it again.',
    });
    expect((await clientIdOf(db, a.uuid)).status).toBe('FINALIZED');
    expect(await balancesOf(db, 2)).toEqual(before.balances);
    expect(await voidLines()).toBe(before.lines);
    expect(await voidEntries()).toBe(before.entries);

    // The same count, another amount: refused too.
    const amountOnly = await upload([{ name: 'ab.csv', content: csv }], expecting(1, a.amount));
    expect(amountOnly.status).toBe(409);
    expect(amountOnly.body.message).toBe(
      `The file now voids 1 row for ${rp(a.amount + a.feeAmount)}, not the 1 row for ${rp(a.amount)} you previewed. ` +
        'Preview it again.',
    );
    expect((await clientIdOf(db, a.uuid)).status).toBe('FINALIZED');

    // Previewed again, the figures agree and it voids.
    const again = await upload([{ name: 'ab.csv', content: csv }], (f) => f.append('dry_run', 'true'));
    const applied = await upload(
      [{ name: 'ab.csv', content: csv }],
      expecting(again.body.data.total.count, again.body.data.total.amount),
    );
    expect(applied.status).toBe(200);
    expect(applied.body.data.summary).toMatchObject({ voided: 1, already_voided: 1 });
    expect(delta(before.balances, await balancesOf(db, 2)).disbursement).toBe(a.amount + a.feeAmount);
    await expectLedgerClean();
  });

  it('ten applies of one previewed file at once: exactly one voids, nine are refused 409, the money moves once', async () => {
    const { db } = server.database;
    const [a, b] = [
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
      await makeDisbursement(db, { clientId: 2, status: 'FINALIZED' }),
    ];
    const csv = `correlation_id\n${a.correlationId}\n${b.correlationId}\n`;
    const seen = (await upload([{ name: 'ab.csv', content: csv }], (f) => f.append('dry_run', 'true'))).body.data.total;
    // Ten SUPER ADMINs: one person's second upload at once is refused (429) before it is read.
    const people: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `voider${i}@demo.local`;
      await addUser(server, { email, name: `Voider ${i}`, type: 'SUPER ADMIN', role: 'Super Admin', clients: [] });
      people.push((await signInVerified(server, email)).token);
    }
    const before = await balancesOf(db, 2);
    // The check and the voids are one transaction under the rows' locks: no apply voids a part of what it previewed.
    const answers = await Promise.all(
      people.map((as) => upload([{ name: 'ab.csv', content: csv }], expecting(seen.count, seen.amount), as)),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((x) => x.status === 200)!.body.data.summary).toMatchObject({ voided: 2 });
    expect(delta(before, await balancesOf(db, 2)).disbursement).toBe(seen.amount);
    await expectLedgerClean();
  });

  it('refuses expectations that are not whole numbers, one without the other, or a field sent twice, before anything is read', async () => {
    const csv = 'correlation_id\nX\n';
    const cases: Array<[(f: FormData) => void, string]> = [
      [
        (f) => f.append('expected_count', '1'),
        'expected_count and expected_amount go together: send both from the preview',
      ],
      [expecting(1, -5), 'expected_amount must be a whole number'],
      [
        (f) => (f.append('expected_count', '1.5'), f.append('expected_amount', '10')),
        'expected_count must be a whole number',
      ],
      [
        (f) => (f.append('expected_count', '1'), f.append('expected_amount', '1e3')),
        'expected_amount must be a whole number',
      ],
      // A repeated field is refused, not read last-wins: 'true' then 'false' must not apply the file.
      [(f) => (f.append('dry_run', 'true'), f.append('dry_run', 'false')), "The upload repeats the field 'dry_run'"],
      [
        (f) => (expecting(1, 10)(f), f.append('expected_amount', '20')),
        "The upload repeats the field 'expected_amount'",
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await upload([{ name: 'v.csv', content: csv }], extra);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('voidRowsFromSheet (pure)', () => {
  it('numbers rows as in the sheet and keeps a row with no id so it can be reported', () => {
    expect(
      voidRowsFromSheet('f.csv', [[null], ['correlation_id', 'x'], ['A1', 'y'], [null, 'z'], [], ['B2', null]]),
    ).toEqual([
      { row: 3, correlation_id: 'A1' },
      { row: 4, correlation_id: '' },
      { row: 6, correlation_id: 'B2' },
    ]);
    expect(voidRowsFromSheet('f.csv', [['A1'], ['B2']])).toEqual([
      { row: 1, correlation_id: 'A1' },
      { row: 2, correlation_id: 'B2' },
    ]);
    expect(() => voidRowsFromSheet('f.csv', [['correlation_id']])).toThrow(/no correlation_id rows/);
  });
});
