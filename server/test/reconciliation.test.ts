import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signInVerified, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => {
  await server?.close();
});

async function upload(
  who: string,
  files: Array<{ name: string; content: string | Uint8Array }>,
  settlementType = 'fello_qris',
) {
  const form = new FormData();
  form.append('settlementType', settlementType);
  for (const f of files) form.append('file', new Blob([f.content as BlobPart]), f.name);
  const res = await fetch(`${server.url}/api/backoffice/transaction/get-status-transaction-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[who]}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('Check Transactions', () => {
  it('matches every row of the reports against our records', async () => {
    const [a, b] = (
      await server.database.db.execute<{ correlation_id: string; amount: string; status: string }>(sql`
      select correlation_id, amount, status from transactions where status = 'FINALIZED' order by id limit 2`)
    ).rows;
    const csv =
      `Correlation ID,Status,Amount\n${a.correlation_id},SUCCESS,${a.amount}\n` +
      `${b.correlation_id},PENDING,1\nNOT-OURS-1,SUCCESS,5000\n`;
    const res = await upload('superadmin', [{ name: 'report.csv', content: csv }]);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({
      files: 1,
      rows: 3,
      found: 2,
      missing: 1,
      status_mismatch: 1,
      amount_mismatch: 1,
    });
    expect(res.body.data.rows[0]).toMatchObject({
      file: 'report.csv',
      row: 1,
      correlation_id: a.correlation_id,
      found: true,
      status_match: true,
      amount_match: true,
    });
    expect(res.body.data.rows[2]).toMatchObject({ correlation_id: 'NOT-OURS-1', found: false, our_status: null });
  });

  it("refuses over 20 files, files over 5 MB, other kinds, a report without ids, in the product's words", async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `r${i}.csv`, content: 'correlation_id\nX\n' }));
    expect((await upload('superadmin', many)).body.message).toBe('Maximum Gambar Diunduh 20 Gambar');
    const big = await upload('superadmin', [{ name: 'big.csv', content: new Uint8Array(5 * 1024 * 1024 + 10) }]);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/Limit Size Gambar 5 MB/);
    expect((await upload('superadmin', [{ name: 'photo.png', content: 'x' }])).body.message).toBe(
      'photo.png: only CSV or Excel files are accepted',
    );
    expect((await upload('superadmin', [{ name: 'r.csv', content: 'name,amount\nA,1\n' }])).body.message).toBe(
      'r.csv: no correlation_id column was found',
    );
    expect((await upload('superadmin', [{ name: 'r.csv', content: 'correlation_id\nX\n' }], 'cash')).status).toBe(400);
  });

  it('is for SUPER ADMIN only', async () => {
    expect((await upload('admin', [{ name: 'r.csv', content: 'correlation_id\nX\n' }])).status).toBe(403);
  });
});
