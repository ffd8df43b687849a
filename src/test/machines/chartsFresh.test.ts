import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHARTS_DIR, chartFiles } from '../../machines/charts';
import { machineRegistry } from '../../machines/registry';

const repo = resolve(__dirname, '../../..');
const files = chartFiles();

describe('docs/workflows', () => {
  it('holds a chart and an SCXML file per registered machine, and nothing else', () => {
    const onDisk = readdirSync(resolve(repo, CHARTS_DIR))
      .map((name) => `${CHARTS_DIR}/${name}`)
      .sort();
    expect(onDisk, 'run `npm run charts`').toEqual(files.map((f) => f.path).sort());
    expect(files).toHaveLength(machineRegistry.length * 2);
  });

  it.each(files.map((f) => [f.path, f.content]))(
    '%s is what the machines make (run `npm run charts` if not)',
    (path, content) => {
      expect(readFileSync(resolve(repo, path), 'utf8')).toBe(content);
    },
  );
});
