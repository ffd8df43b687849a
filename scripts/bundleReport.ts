/**
 * `npm run bundle:report` (after `vite build`): the JS and CSS each route downloads, raw and as the
 * server sends it (gzip and brotli, compressed as the build's precompress plugin does), as a Markdown
 * table. Exits 1 when the first screen (login) is over its budget or the route table misses a chunk.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { coverageProblems, ROUTES, routeFiles, type Manifest } from './bundleRoutes.ts';
import { compressedCopies } from './vitePrecompress.ts';

/** Issue 16: the login screen at most 200 kB gzip of JS and CSS (kB = 1,000 bytes, as Vite prints). */
const LOGIN_BUDGET_BYTES = 200_000;

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/**
 * The build's own .gz and .br copies when it wrote them (the same bytes compressedCopies makes), else compressed here.
 */
async function sizeOf(file: string): Promise<{ raw: number; gz: number; br: number }> {
  const path = join(dist, file);
  const [raw, gz, br] = await Promise.all([
    stat(path),
    stat(`${path}.gz`).catch(() => null),
    stat(`${path}.br`).catch(() => null),
  ]);
  if (gz && br) return { raw: raw.size, gz: gz.size, br: br.size };
  const copies = await compressedCopies(await readFile(path));
  return { raw: raw.size, gz: copies.gz.length, br: copies.br.length };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const rows = await Promise.all(
  ROUTES.map(async (load) => {
    const files = routeFiles(manifest, load);
    const each = await Promise.all(files.map(sizeOf));
    const total = (pick: 'raw' | 'gz' | 'br') => each.reduce((sum, size) => sum + size[pick], 0);
    return { route: load.route, files: files.length, raw: total('raw'), gz: total('gz'), br: total('br') };
  }),
);

console.log('| Route | Files (JS + CSS) | Raw kB | gzip kB | brotli kB |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(`| ${row.route} | ${row.files} | ${kB(row.raw)} | ${kB(row.gz)} | ${kB(row.br)} |`);

const failures = coverageProblems(manifest, ROUTES);
const login = rows[0];
if (login.gz > LOGIN_BUDGET_BYTES)
  failures.push(`${login.route} downloads ${kB(login.gz)} kB gzip, over the ${kB(LOGIN_BUDGET_BYTES)} kB budget`);
for (const failure of failures) console.error(`bundle:report: ${failure}`);
process.exitCode = failures.length ? 1 : 0;
