import { readFileSync } from 'node:fs';
import base from '../../stryker.config.mjs';
import { part } from './part.mjs';

// A seeded random sample of the whole scope's mutants (stryker/sample.json, drawn by
// `scripts/mutationSample.ts pick`), against every suite: the estimate of the whole scope's score
// (`scripts/mutationSample.ts score`). Stryker's range syntax counts lines from 1 and columns from 0;
// the sample keeps a report's 1-based columns. A range also takes the mutants nested inside it;
// stryker/sampleIgnorer.mjs leaves those out.
const { mutants } = JSON.parse(readFileSync('stryker/sample.json', 'utf8'));
const ranges = mutants.map((m) => `${m.file}:${m.start.line}:${m.start.column - 1}-${m.end.line}:${m.end.column - 1}`);

export default {
  ...part('sample', { mutate: ranges, unit: ['src/test/**/*.test.ts'], view: ['src/test/**/*.test.tsx'], server: ['server/test/**/*.test.ts'] }),
  plugins: [...base.plugins, './stryker/sampleIgnorer.mjs'],
  ignorers: ['sample'],
};
