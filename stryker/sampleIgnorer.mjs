// Keeps a sampled run to the sample (issue 16). Stryker's mutate ranges take every mutant inside a
// range, so a sampled function or block brings all the mutants nested in it, three times the
// sample's size. This ignorer leaves out a node that lies inside a sampled range when no sampled
// mutant lies at or inside it; what it leaves out is reported as ignored, outside the score.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import process from 'node:process';
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const { mutants } = JSON.parse(readFileSync('stryker/sample.json', 'utf8'));
// The sample keeps a report's 1-based columns; Babel counts columns from 0 (lines from 1, as the sample).
const sampled = mutants.map((m) => ({
  file: m.file,
  start: { line: m.start.line, column: m.start.column - 1 },
  end: { line: m.end.line, column: m.end.column - 1 },
}));

const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const inside = (inner, outer) => before(outer.start, inner.start) && before(inner.end, outer.end);

export const sampleIgnorer = {
  shouldIgnore(path) {
    const loc = path.node.loc;
    const file = loc && path.hub?.file?.opts?.filename;
    if (!loc || !file) return undefined;
    const here = sampled.filter((s) => s.file === relative(process.cwd(), file) || file.endsWith(`/${s.file}`) || file === s.file);
    const within = here.some((s) => inside(loc, s));
    const holdsSampled = here.some((s) => inside(s, loc));
    return within && !holdsSampled ? 'Nested in a sampled mutant, not sampled itself' : undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'sample', sampleIgnorer)];
