import { LIFECYCLE_CASES, conformanceRows, rowText } from '../src/test/machines/chartConformance.ts';
import { machineRegistry } from '../src/machines/registry.ts';
import { CHARTS_DIR } from '../src/machines/charts.ts';
import { validateScxml } from '../src/test/machines/xmllint.ts';

/**
 * `npm run charts:check` (issue 42): every case of every lifecycle put to SCION, running the exported
 * chart alone, beside the server's lifecycle function, as a tab-separated table; then every chart
 * against the W3C SCXML 1.0 schema. Exits 1 on any difference. `--differences` prints only those.
 */
const onlyDifferences = process.argv.includes('--differences');
let differ = 0;
let total = 0;
console.log(['lifecycle', 'status', 'facts', 'event', 'actor', 'flags', 'server', 'SCION', 'verdicts'].join('\t'));
for (const cases of LIFECYCLE_CASES) {
  const rows = await conformanceRows(cases);
  for (const row of rows) if (!onlyDifferences || !row.agrees) console.log(rowText(row));
  total += rows.length;
  differ += rows.filter((r) => !r.agrees).length;
}
const schema = validateScxml(machineRegistry.map((m) => `${CHARTS_DIR}/${m.id}.scxml`));
console.error(
  `\n${total} cases, ${total - differ} agree, ${differ} differ; ` +
    `${machineRegistry.length} charts ${schema.ok ? 'valid' : 'NOT valid'} against the W3C SCXML 1.0 schema`,
);
if (!schema.ok) console.error(schema.output);
process.exit(differ || !schema.ok ? 1 : 0);
