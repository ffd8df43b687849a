import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { calculateMetrics, type Metrics } from 'mutation-testing-metrics';

/**
 * The mutation score over every report in reports/mutation (issue 16). A whole run is hours on two
 * cores, so it is made in parts (one config per part, each with its own JSON report); this adds them
 * up. Where two reports mutated the same file, the newer one counts. Prints a Markdown table: each
 * folder of the mutated scope, then each file.
 *
 *   npx tsx scripts/mutationScore.ts [reports/mutation]
 */
type FileResultDictionary = Parameters<typeof calculateMetrics>[0];

const dir = process.argv[2] ?? 'reports/mutation';
// The sample's reports hold a few mutants of many files; scripts/mutationSample.ts reads it.
const reports = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.startsWith('sample'))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
if (reports.length === 0) {
  console.error(`no mutation reports in ${dir}: run npm run test:mutation first`);
  process.exit(1);
}

const files: FileResultDictionary = {};
for (const report of reports)
  Object.assign(files, (JSON.parse(readFileSync(report, 'utf8')) as { files: FileResultDictionary }).files);

const FOLDERS = ['src/machines', 'src/services', 'server/domain'];
const metricsOf = (paths: string[]) => calculateMetrics(Object.fromEntries(paths.map((p) => [p, files[p]]))).metrics;
const row = (name: string, m: Metrics) =>
  `| ${name} | ${m.totalValid ? `${m.mutationScore.toFixed(1)}%` : '–'} | ${m.totalDetected} | ${m.survived} | ` +
  `${m.noCoverage} | ${m.ignored} |`;
const paths = Object.keys(files).sort();

console.log(`Reports: ${reports.join(', ')}\n`);
console.log(
  '| scope | score | killed | survived | no coverage | disabled, with a reason |\n|---|---:|---:|---:|---:|---:|',
);
for (const folder of FOLDERS) {
  const inside = paths.filter((p) => p.startsWith(`${folder}/`));
  if (inside.length) console.log(row(`${folder} (${inside.length} files)`, metricsOf(inside)));
}
console.log(row(`all measured (${paths.length} files)`, metricsOf(paths)));
console.log(
  '\n| file | score | killed | survived | no coverage | disabled, with a reason |\n|---|---:|---:|---:|---:|---:|',
);
for (const p of paths) console.log(row(p, metricsOf([p])));
