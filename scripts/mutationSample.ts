import { readFileSync, writeFileSync } from 'node:fs';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { globSync } from 'tinyglobby';
import { seededRandom } from '../server/seed/seededRandom.ts';

/**
 * The mutation score of the whole scope, estimated from a random sample (issue 16). The scope holds
 * about 10,000 mutants; testing each against the suites that cover it would take days on two cores,
 * so a fixed, seeded sample of them is tested with every suite and the score is given with its 95%
 * interval. The parts (stryker/parts) stay the exact measure of the lifecycles, the ledger and the
 * authorization table.
 *
 *   npx tsx scripts/mutationSample.ts pick [size] [seed]  writes stryker/sample.json
 *   stryker run stryker/parts/sample.config.mjs           tests the sample (reports/mutation/sample.json)
 *   npx tsx scripts/mutationSample.ts score               the estimate, and each sampled mutant that lived
 */
const SCOPE = ['src/machines/**/*.ts', 'src/services/**/*.ts', 'server/domain/**/*.ts', '!src/machines/chartLayout.ts', '!src/machines/scxml.ts'];
const SAMPLE_FILE = 'stryker/sample.json';
const REPORT_FILE = 'reports/mutation/sample.json';

interface Position { line: number; column: number } // 1-based line and column, as Stryker's reports give them
interface Sampled { file: string; mutatorName: string; replacement: string; start: Position; end: Position }
interface Sample { seed: number; population: number; mutants: Sampled[] }

const quiet = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false, isWarnEnabled: () => false, isErrorEnabled: () => true, isFatalEnabled: () => true, trace() {}, debug() {}, info() {}, warn() {}, error: console.error, fatal: console.error };

async function population(): Promise<Sampled[]> {
  const instrumenter = new Instrumenter(quiet);
  const all: Sampled[] = [];
  for (const file of globSync(SCOPE).sort()) {
    const { mutants } = await instrumenter.instrument([{ name: file, content: readFileSync(file, 'utf8'), mutate: true }], { plugins: null, excludedMutations: [], ignorers: [] });
    // Mutants disabled in the code with a reason are outside the score, as in Stryker's own count.
    for (const m of mutants.filter((x) => x.status === undefined)) {
      // The instrumenter counts lines from 0 and columns from 0; reports count both from 1.
      const at = (p: { line: number; column: number }) => ({ line: p.line + 1, column: p.column + 1 });
      all.push({ file, mutatorName: m.mutatorName, replacement: m.replacement, start: at(m.location.start), end: at(m.location.end) });
    }
  }
  return all;
}

async function pick(size: number, seed: number) {
  const all = await population();
  const next = seededRandom(seed);
  // A partial Fisher-Yates shuffle: the first `size` places are a uniform sample without repeats.
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(next() * (all.length - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  const mutants = all.slice(0, size).sort((a, b) => a.file.localeCompare(b.file) || a.start.line - b.start.line || a.start.column - b.start.column);
  // One mutant a line, so a diff of the sample reads as a list.
  const lines = mutants.map((m) => `  ${JSON.stringify(m)}`).join(',\n');
  writeFileSync(SAMPLE_FILE, `{ "seed": ${seed}, "population": ${all.length}, "mutants": [\n${lines}\n] }\n`);
  console.log(`${SAMPLE_FILE}: ${size} of ${all.length} mutants (seed ${seed})`);
}

// The Wilson score interval: unlike the plain normal one it stays inside 0..1 near the ends.
function wilson(hits: number, n: number, z = 1.96) {
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

interface ReportMutant { mutatorName: string; replacement?: string; status: string; location: { start: Position; end: Position }; statusReason?: string }

function score() {
  const sample = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as Sample;
  const report = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as { files: Record<string, { mutants: ReportMutant[] }> };
  const same = (a: Position, b: Position) => a.line === b.line && a.column === b.column;
  const outcomes = sample.mutants.map((s) => {
    const found = (report.files[s.file]?.mutants ?? []).find((m) =>
      m.mutatorName === s.mutatorName && (m.replacement ?? '') === s.replacement && same(m.location.start, s.start) && same(m.location.end, s.end));
    return { s, status: found?.status ?? 'Missing' };
  });
  const missing = outcomes.filter((o) => o.status === 'Missing');
  if (missing.length) {
    console.error(`${missing.length} sampled mutants are not in ${REPORT_FILE}: was it made from this sample and this code?`);
    process.exit(1);
  }
  const detected = outcomes.filter((o) => o.status === 'Killed' || o.status === 'Timeout').length;
  const valid = outcomes.filter((o) => o.status !== 'CompileError' && o.status !== 'RuntimeError' && o.status !== 'Ignored').length;
  const [low, high] = wilson(detected, valid);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`Sample of ${sample.mutants.length} from ${sample.population} mutants (seed ${sample.seed}): ${detected} of ${valid} detected.`);
  console.log(`Estimated mutation score of the whole scope: ${pct(detected / valid)} (95% interval ${pct(low)} to ${pct(high)}).\n`);
  const byFolder = new Map<string, { detected: number; valid: number }>();
  for (const o of outcomes) {
    const folder = o.s.file.split('/').slice(0, 2).join('/');
    const f = byFolder.get(folder) ?? { detected: 0, valid: 0 };
    f.valid += 1;
    if (o.status === 'Killed' || o.status === 'Timeout') f.detected += 1;
    byFolder.set(folder, f);
  }
  console.log('| folder | sampled | detected | score in the sample |\n|---|---:|---:|---:|');
  for (const [folder, f] of [...byFolder].sort()) console.log(`| ${folder} | ${f.valid} | ${f.detected} | ${pct(f.detected / f.valid)} |`);
  const lived = outcomes.filter((o) => o.status === 'Survived' || o.status === 'NoCoverage');
  if (lived.length) {
    console.log('\nSampled mutants no test noticed:');
    for (const { s, status } of lived) console.log(`- ${s.file}:${s.start.line}:${s.start.column} ${s.mutatorName} → ${JSON.stringify(s.replacement).slice(0, 80)} (${status})`);
  }
}

const [command, a, b] = process.argv.slice(2);
if (command === 'pick') await pick(Number(a ?? 120), Number(b ?? 16));
else if (command === 'score') score();
else {
  console.error('usage: mutationSample.ts pick [size] [seed] | score');
  process.exit(1);
}
