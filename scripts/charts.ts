import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { CHARTS_DIR, chartFiles } from '../src/machines/charts.ts';

/**
 * `npm run charts`: every machine of src/machines/registry.ts as a Mermaid chart (with its guards
 * in words) and as SCXML under docs/workflows/. Files there that no machine makes any more are removed.
 */
const files = chartFiles();
mkdirSync(CHARTS_DIR, { recursive: true });
const made = new Set(files.map((f) => f.path));
for (const name of readdirSync(CHARTS_DIR)) {
  const path = `${CHARTS_DIR}/${name}`;
  if (!made.has(path)) {
    rmSync(path);
    console.log(`removed ${path}`);
  }
}
for (const { path, content } of files) {
  writeFileSync(path, content);
  console.log(path);
}
