/**
 * The catalogs are complete (issue 48): `formatjs extract` reads every message the code declares (views' `t()`,
 * `msg()` outside views); the English catalog must be exactly that (`npm run i18n:extract` writes it), and the
 * Indonesian one (src/i18n/id/*.json, one file per part of the product) must hold every one of them, no entry the
 * code no longer uses, and the same placeholders as the English. Run by `npm test`.
 *
 * It also keeps src/i18n/said.json, the ids of the messages declared with `msg()` (texts made outside views): only
 * they are matched as patterns when a text is said by its English (src/i18n/translate.ts), so that a view's generic
 * '{start} to {end}' or '{name}: {value}' never claims a name or a description that happens to hold ' to ' or ': '.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ROOT = new URL('..', import.meta.url).pathname;
const EN = join(ROOT, 'src/i18n/en.json');
const SAID = join(ROOT, 'src/i18n/said.json');
const ID_DIR = join(ROOT, 'src/i18n/id');
const write = process.argv.includes('--write');

function extract(functionNames: string): Record<string, string> {
  const out = join(mkdtempSync(join(tmpdir(), 'i18n-')), 'en.json');
  execFileSync(
    join(ROOT, 'node_modules/.bin/formatjs'),
    [
      'extract',
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      '--ignore',
      'src/test/**',
      'server/test/**',
      '**/*.d.ts',
      '--format',
      'simple',
      '--additional-function-names',
      functionNames,
      '--id-interpolation-pattern',
      '[sha512:contenthash:base64:6]',
      '--throws',
      '--out-file',
      out,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const found = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

/** The names a message takes ({amount}, {count, plural, ...}, <b>...</b>), which a translation must keep. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const extracted = extract('t,msg');
const madeOutsideViews = Object.keys(extract('msg'));
const problems: string[] = [];
const english = JSON.parse(readFileSync(EN, 'utf8')) as Record<string, string>;
const said = JSON.parse(readFileSync(SAID, 'utf8')) as string[];
if (write) {
  writeFileSync(EN, `${JSON.stringify(extracted, null, 2)}\n`);
  writeFileSync(SAID, `${JSON.stringify(madeOutsideViews, null, 2)}\n`);
} else if (JSON.stringify(english) !== JSON.stringify(extracted)) {
  const added = Object.keys(extracted).filter((id) => english[id] !== extracted[id]);
  const gone = Object.keys(english).filter((id) => !(id in extracted));
  problems.push(
    `src/i18n/en.json is not what the code declares (run npm run i18n:extract): ${added.length} new or changed, ` +
      `${gone.length} gone: ${[...added, ...gone].slice(0, 10).join(', ')}`,
  );
}
if (!write && JSON.stringify(said) !== JSON.stringify(madeOutsideViews))
  problems.push('src/i18n/said.json is not the ids the code declares with msg() (run npm run i18n:extract)');

const indonesian: Record<string, string> = {};
for (const file of readdirSync(ID_DIR).filter((name) => name.endsWith('.json'))) {
  const part = JSON.parse(readFileSync(join(ID_DIR, file), 'utf8')) as Record<string, string>;
  for (const [id, text] of Object.entries(part)) {
    if (id in indonesian) problems.push(`id/${file}: ${id} is also in another Indonesian file`);
    indonesian[id] = text;
    if (!(id in extracted)) problems.push(`id/${file}: ${id} ('${text}') is used by no code`);
  }
}
for (const [id, text] of Object.entries(extracted)) {
  const translated = indonesian[id];
  if (translated === undefined) {
    problems.push(`${id} ('${text}') has no Indonesian`);
    continue;
  }
  try {
    const want = argumentsOf(text).join(',');
    const got = argumentsOf(translated).join(',');
    if (want !== got) problems.push(`${id}: the Indonesian takes {${got}}, the English {${want}}`);
  } catch (error) {
    problems.push(`${id}: ${(error as Error).message}`);
  }
}

if (problems.length > 0) {
  console.error(`The catalogs are not complete (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Catalogs complete: ${Object.keys(extracted).length} messages in English and Bahasa Indonesia.`);
