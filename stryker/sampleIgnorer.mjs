// Keeps a sampled run to the sample (issue 16). Stryker's mutate ranges take every mutant inside a
// range, so a sampled function or block brings all the mutants nested in it, three times the
// sample's size. This ignorer leaves out a node that lies inside a sampled range when no sampled
// mutant lies at or inside it; what it leaves out is reported as ignored, outside the score.
import { relative } from 'node:path';
import process from 'node:process';
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';
import { sampledMutants } from './sampleMutants.mjs';

// The sampled places of each file, by the file's path from the project's root.
const sampledIn = new Map();
for (const m of sampledMutants()) sampledIn.set(m.file, [...(sampledIn.get(m.file) ?? []), m]);

const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const inside = (inner, outer) => before(outer.start, inner.start) && before(inner.end, outer.end);

export const sampleIgnorer = {
  shouldIgnore(path) {
    const loc = path.node.loc;
    const file = loc && path.hub?.file?.opts?.filename;
    if (!loc || !file) return undefined;
    const here = sampledIn.get(relative(process.cwd(), file)) ?? [];
    const within = here.some((s) => inside(loc, s));
    const holdsSampled = here.some((s) => inside(s, loc));
    return within && !holdsSampled ? 'Nested in a sampled mutant, not sampled itself' : undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'sample', sampleIgnorer)];
