import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedCopies } from '../../scripts/vitePrecompress.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 16: the built app goes out precompressed and cached. A small stand-in for dist/ (a hashed
 * script, index.html, each with the .br and .gz copies the build's precompress plugin writes) is
 * served through WEB_ROOT, so the test needs no `vite build`.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('Selamat datang '.repeat(200))};\n`;
const INDEX =
  `<!doctype html><html lang="en"><head><title>Payments Back Office</title><script type="module" ` +
  `src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>` +
  `${'<!-- padding -->'.repeat(80)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let server: TestServer;
let root: string;

async function writeBuilt(path: string, text: string): Promise<void> {
  const raw = Buffer.from(text);
  const { br, gz } = await compressedCopies(raw);
  await writeFile(path, raw);
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gz);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-root-'));
  await mkdir(join(root, 'assets'));
  await writeBuilt(join(root, 'assets/index-Ab12Cd34.js'), SCRIPT);
  await writeBuilt(join(root, 'index.html'), INDEX);
  server = await startTestServer({ seed: false, env: { WEB_ROOT: root } });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would undo the compression this test checks). */
function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      server.url + path,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the built web app', () => {
  it('sends a hashed script as its brotli copy to a browser accepting br, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as is to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('has the browser revalidate index.html, at / and by name, so a deploy shows at once', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(res.body).toString(), path).toBe(INDEX);
    }
  });

  it('answers a page URL with index.html (the SPA fallback) under the same no-cache rule and the CSP', async () => {
    for (const path of ['/login', '/dashboard/balance', '/dashboard/workflows/payin?x=1']) {
      const res = await get(path, 'gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(res.body).toString(), path).toBe(INDEX);
      expect(res.headers['content-security-policy'], path).toContain("script-src 'self'");
    }
  });

  it('keeps a missing asset and an unknown API path a JSON 404, not the app shell', async () => {
    for (const path of ['/assets/index-Old0Hash.js', '/api/backoffice/no-such-route']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body.toString()).message, path).toBe('Not found');
    }
  });
});
