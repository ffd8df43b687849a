// The sampled mutants (stryker/sample.json) where Stryker's mutate ranges and Babel's nodes place
// them: the sample keeps a report's 1-based lines and columns; ranges and Babel count lines from 1
// and columns from 0.
import { readFileSync } from 'node:fs';

export function sampledMutants() {
  const { mutants } = JSON.parse(readFileSync('stryker/sample.json', 'utf8'));
  return mutants.map((m) => ({
    file: m.file,
    start: { line: m.start.line, column: m.start.column - 1 },
    end: { line: m.end.line, column: m.end.column - 1 },
  }));
}
