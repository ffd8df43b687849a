import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
 *   stryker run stryker/parts/sampleBrowser.config.mjs    tests the sampled src/ mutants
 *                                                         (reports/mutation/sample-browser.json)
 *   stryker run stryker/parts/sampleServer.config.mjs     and the sampled server/domain ones (sample-server.json)
 *   npx tsx scripts/mutationSample.ts score               the estimate per stratum and in all, and each sampled
 *                                                         mutant that lived
 */
const SCOPE = [
  'src/machines/**/*.ts',
  'src/services/**/*.ts',
  'server/domain/**/*.ts',
  '!src/machines/chartLayout.ts',
  '!src/machines/scxml.ts',
];
const SAMPLE_FILE = 'stryker/sample.json';
// The sample is drawn from the whole scope and run in two strata, the browser's folders and the
// server's (stryker/parts/sample*.config.mjs), each with its own report.
interface Stratum {
  folders: string[];
  config: string;
  report: string;
}
const STRATA: Stratum[] = [
  {
    folders: ['src/machines', 'src/services'],
    config: 'stryker/parts/sampleBrowser.config.mjs',
    report: 'reports/mutation/sample-browser.json',
  },
  {
    folders: ['server/domain'],
    config: 'stryker/parts/sampleServer.config.mjs',
    report: 'reports/mutation/sample-server.json',
  },
];
const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

interface Position {
  line: number;
  column: number;
} // 1-based line and column, as Stryker's reports give them
interface Sampled {
  file: string;
  mutatorName: string;
  replacement: string;
  start: Position;
  end: Position;
}
interface Sample {
  seed: number;
  population: number;
  strata: Record<string, number>;
  mutants: Sampled[];
}

const quiet = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => false,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error: console.error,
  fatal: console.error,
};

// The instrumenter counts lines from 0 and columns from 0; reports count both from 1.
const reported = (p: { line: number; column: number }): Position => ({ line: p.line + 1, column: p.column + 1 });

async function population(): Promise<Sampled[]> {
  const instrumenter = new Instrumenter(quiet);
  const all: Sampled[] = [];
  for (const file of globSync(SCOPE).sort()) {
    const { mutants } = await instrumenter.instrument(
      [{ name: file, content: readFileSync(file, 'utf8'), mutate: true }],
      { plugins: null, excludedMutations: [], ignorers: [] },
    );
    // Mutants disabled in the code with a reason are outside the score, as in Stryker's own count.
    for (const m of mutants.filter((x) => x.status === undefined)) {
      all.push({
        file,
        mutatorName: m.mutatorName,
        replacement: m.replacement,
        start: reported(m.location.start),
        end: reported(m.location.end),
      });
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
  const mutants = all
    .slice(0, size)
    .sort((a, b) => a.file.localeCompare(b.file) || a.start.line - b.start.line || a.start.column - b.start.column);
  // One mutant a line, so a diff of the sample reads as a list.
  const lines = mutants.map((m) => `  ${JSON.stringify(m)}`).join(',\n');
  const strata: Record<string, number> = {};
  for (const m of all) strata[folderOf(m.file)] = (strata[folderOf(m.file)] ?? 0) + 1;
  writeFileSync(
    SAMPLE_FILE,
    `{ "seed": ${seed}, "population": ${all.length}, "strata": ${JSON.stringify(strata)}, "mutants": [\n` +
      `${lines}\n] }\n`,
  );
  console.log(`${SAMPLE_FILE}: ${size} of ${all.length} mutants (seed ${seed})`);
}

// The Wilson score interval: unlike the plain normal one it stays inside 0..1 near the ends.
function wilson(hits: number, n: number, z = 1.96) {
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
type Report = { files: Record<string, { mutants: ReportMutant[] }> };

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const detectedStatus = (status: string) => status === 'Killed' || status === 'Timeout';

/** The sampled mutants of one stratum, each with what its report says of it. */
function outcomesOf(stratum: Stratum, sample: Sample) {
  const report = JSON.parse(readFileSync(stratum.report, 'utf8')) as Report;
  const same = (a: Position, b: Position) => a.line === b.line && a.column === b.column;
  const outcomes = sample.mutants
    .filter((s) => stratum.folders.includes(folderOf(s.file)))
    .map((s) => {
      const found = (report.files[s.file]?.mutants ?? []).find(
        (m) =>
          m.mutatorName === s.mutatorName &&
          (m.replacement ?? '') === s.replacement &&
          same(m.location.start, s.start) &&
          same(m.location.end, s.end),
      );
      return { s, status: found?.status ?? 'Missing' };
    });
  const missing = outcomes.filter((o) => o.status === 'Missing').length;
  if (missing) {
    console.error(
      `${missing} sampled mutants are not in ${stratum.report}: was it made from this sample and this code?`,
    );
    process.exit(1);
  }
  // A mutant that does not compile or run is outside the score, as in Stryker's own count.
  return outcomes.filter((o) => o.status !== 'CompileError' && o.status !== 'RuntimeError');
}

function score() {
  const sample = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as Sample;
  console.log(`Sample: ${sample.mutants.length} of ${sample.population} mutants (seed ${sample.seed}).\n`);
  console.log(
    '| stratum | mutants in scope | sampled | detected | estimated score (95% interval) |\n|---|---:|---:|---:|---|',
  );
  const measured: { size: number; p: number; low: number; high: number }[] = [];
  const lived: string[] = [];
  const timedOut: string[] = [];
  for (const stratum of STRATA) {
    const size = stratum.folders.reduce((sum, folder) => sum + (sample.strata[folder] ?? 0), 0);
    if (!existsSync(stratum.report)) {
      console.log(`| ${stratum.folders.join(', ')} | ${size} | not run (${stratum.config}) | | |`);
      continue;
    }
    const outcomes = outcomesOf(stratum, sample);
    const detected = outcomes.filter((o) => detectedStatus(o.status)).length;
    const [low, high] = wilson(detected, outcomes.length);
    console.log(
      `| ${stratum.folders.join(', ')} | ${size} | ${outcomes.length} | ${detected} | ` +
        `${pct(detected / outcomes.length)} (${pct(low)} to ${pct(high)}) |`,
    );
    measured.push({ size, p: detected / outcomes.length, low, high });
    const line = ({ s, status }: (typeof outcomes)[number]) =>
      `- ${s.file}:${s.start.line}:${s.start.column} ${s.mutatorName} → ` +
      `${JSON.stringify(s.replacement).slice(0, 80)} (${status})`;
    lived.push(...outcomes.filter((o) => !detectedStatus(o.status)).map(line));
    timedOut.push(...outcomes.filter((o) => o.status === 'Timeout').map(line));
  }
  if (measured.length === STRATA.length) {
    // Weighted by each stratum's share of the scope. The normal interval of that sum collapses to a
    // point when every stratum scores 100%, so the bounds are each stratum's Wilson bounds, weighted
    // the same way: wider than needed, never narrower.
    const total = measured.reduce((sum, m) => sum + m.size, 0);
    const weighted = (pick: (m: (typeof measured)[number]) => number) =>
      measured.reduce((sum, m) => sum + (m.size / total) * pick(m), 0);
    console.log(
      `| whole scope | ${total} | | | ${pct(weighted((m) => m.p))} (${pct(weighted((m) => m.low))} to ` +
        `${pct(weighted((m) => m.high))}) |`,
    );
  }
  if (lived.length) console.log(`\nSampled mutants no test noticed:\n${lived.join('\n')}`);
  // A run on a busy machine can pass its time limit without any fault: Stryker counts that as
  // detected, so each is listed to be checked by planting it by hand.
  if (timedOut.length)
    console.log(`\nSampled mutants detected only by a time-out (check each by hand):\n${timedOut.join('\n')}`);
}

const [command, a, b] = process.argv.slice(2);
if (command === 'pick') await pick(Number(a ?? 120), Number(b ?? 16));
else if (command === 'score') score();
else {
  console.error('usage: mutationSample.ts pick [size] [seed] | score');
  process.exit(1);
}
