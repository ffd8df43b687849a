import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { configureSheetReader } from '../uploads/sheetReader.ts';
import { signInVerified, startTestServer, type TestServer } from './harness.ts';
import { bombDeclaringZip, compactXlsx, junkDeflateZip, truncatedZip } from './hostileFiles.ts';

/**
 * Issue 10: no upload may stall the server. Every upload route gets the files that used to hang
 * SheetJS on the event loop (or would unpack past any sane size), and /healthz and another
 * user's Payments List must keep answering within a second the whole time.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
// Read time per file cut to 8 s here (20 s by default), so the file that outlasts it does so sooner;
// 8 s still leaves room for reading 100,000 rows on a busy 2-core machine.
beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_READ_SECONDS: '8' } });
  for (const who of ['superadmin', 'admin']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => {
  await server?.close();
});

/** Every route that takes a file, with the form fields it needs besides the file. */
export const UPLOAD_ROUTES: Array<{ path: string; fields: Record<string, string>; maxRows: string }> = [
  {
    path: '/api/backoffice/transaction/get-status-transaction-file',
    fields: { settlementType: 'fello_qris' },
    maxRows: '100,000',
  },
  { path: '/api/backoffice/transaction/disbursement-check-transaction', fields: {}, maxRows: '20,000' },
];

async function upload(path: string, fields: Record<string, string>, name: string, content: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.superadmin}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Runs `work` while timing /healthz and an ADMIN's Payments List over and over; the slowest of each. */
async function whileTimingOthers<T>(
  work: Promise<T>,
): Promise<{ result: T; health: number; list: number; samples: number }> {
  let done = false;
  const slowest = { health: 0, list: 0, samples: 0 };
  const probe = (async () => {
    do {
      let t = performance.now();
      const health = await fetch(`${server.url}/healthz`);
      slowest.health = Math.max(slowest.health, performance.now() - t);
      expect(health.status).toBe(200);
      t = performance.now();
      const list = await fetch(`${server.url}/api/backoffice/transaction/list?limit=15`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      slowest.list = Math.max(slowest.list, performance.now() - t);
      expect(list.status).toBe(200);
      slowest.samples++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (!done);
  })();
  try {
    const result = await work;
    done = true;
    await probe;
    return { result, ...slowest };
  } finally {
    done = true;
  }
}

describe.each(UPLOAD_ROUTES)('uploads to $path', ({ path, fields, maxRows }) => {
  it.each([
    [
      'a truncated zip (a lone local header)',
      'cut.xlsx',
      truncatedZip,
      400,
      /^cut\.xlsx: the file could not be read as an Excel file/,
    ],
    [
      'a compact .xlsx of 150,000 rows',
      'many.xlsx',
      () => compactXlsx(150_000),
      400,
      new RegExp(`^many\\.xlsx: the file has more than ${maxRows} rows`),
    ],
    [
      'a zip declaring a gigabyte unpacked',
      'bomb.xlsx',
      bombDeclaringZip,
      422,
      /^bomb\.xlsx: the file unpacks to more than 100,000 rows can need/,
    ],
    [
      'a zip whose deflate stream spins the reader',
      'spin.xlsx',
      junkDeflateZip,
      422,
      /^spin\.xlsx: the file could not be read in time$/,
    ],
  ])(
    'refuses %s with a 4xx naming the file, and others are answered within a second throughout',
    async (_label, name, make, status, message) => {
      const started = performance.now();
      const { result, health, list, samples } = await whileTimingOthers(upload(path, fields, name, make()));
      expect(result.status).toBe(status);
      expect(result.body).toMatchObject({ status: 'failed', message: expect.stringMatching(message) });
      expect(samples).toBeGreaterThan(0);
      expect(health).toBeLessThan(1_000);
      expect(list).toBeLessThan(1_000);
      // Refused within seconds, never after a minute of parsing.
      expect(performance.now() - started).toBeLessThan(15_000);
    },
  );

  it('refuses uploads past what the pool may hold with 429, and still reads a good file afterwards', async () => {
    // A shorter limit for this one, so the burst that fills the pool drains in seconds.
    configureSheetReader({ timeoutMs: 1_000 });
    onTestFinished(() => configureSheetReader({ timeoutMs: 8_000 }));
    const burst = await whileTimingOthers(
      Promise.all(Array.from({ length: 12 }, (_, i) => upload(path, fields, `spin${i}.xlsx`, junkDeflateZip()))),
    );
    const statuses = burst.result.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 429 || s === 422)).toBe(true);
    expect(burst.result.find((r) => r.status === 429)!.body.message).toBe(
      'Too many uploads in progress, try again shortly',
    );
    expect(burst.health).toBeLessThan(1_000);
    configureSheetReader({ timeoutMs: 8_000 });
    const good = await upload(path, fields, 'ok.xlsx', compactXlsx(3));
    expect(good.status).toBeLessThan(300);
  });
});
