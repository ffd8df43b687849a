/**
 * `npm run bundle:report` (after `vite build`): the JS and CSS each route downloads, raw and as the
 * server sends it (gzip and brotli, compressed as the build's precompress plugin does), as a Markdown
 * table. Exits 1 when the first screen (login) is over its budget or the route table misses a chunk.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coverageProblems, ROUTES, routeFiles, type Manifest } from './bundleRoutes.ts';
import { compressedCopies } from './vitePrecompress.ts';

/** Issue 16: the login screen at most 200 kB gzip of JS and CSS (kB = 1,000 bytes, as Vite prints). */
const LOGIN_BUDGET_BYTES = 200_000;

const dist = process.argv[2] ?? 'dist';
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

const sizes = new Map<string, Promise<{ raw: number; gz: number; br: number }>>();
const sizeOf = (file: string) => {
  let size = sizes.get(file);
  if (!size) {
    size = readFile(join(dist, file)).then(async (raw) => {
      const { br, gz } = await compressedCopies(raw);
      return { raw: raw.length, gz: gz.length, br: br.length };
    });
    sizes.set(file, size);
  }
  return size;
};

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const rows = await Promise.all(ROUTES.map(async (load) => {
  const files = routeFiles(manifest, load);
  const each = await Promise.all(files.map(sizeOf));
  const total = (pick: 'raw' | 'gz' | 'br') => each.reduce((sum, size) => sum + size[pick], 0);
  return { route: load.route, files: files.length, raw: total('raw'), gz: total('gz'), br: total('br') };
}));

console.log('| Route | Files (JS + CSS) | Raw kB | gzip kB | brotli kB |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(`| ${row.route} | ${row.files} | ${kB(row.raw)} | ${kB(row.gz)} | ${kB(row.br)} |`);

const failures = coverageProblems(manifest, ROUTES);
const login = rows[0];
if (login.gz > LOGIN_BUDGET_BYTES) failures.push(`${login.route} downloads ${kB(login.gz)} kB gzip, over the ${kB(LOGIN_BUDGET_BYTES)} kB budget`);
for (const failure of failures) console.error(`bundle:report: ${failure}`);
process.exitCode = failures.length ? 1 : 0;
