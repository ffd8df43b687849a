import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering lives in eslint.config.js; these plant one violation of each rule (as text linted
 * under a path the rule covers, or as the planted/ pair, which the config ignores) and expect the
 * rule to refuse it, so a rule switched off or a zone mistyped fails CI.
 */
const repo = resolve(__dirname, '../../..');
// no-cycle walks the files on disk, which linted text is not: it is planted as real files below.
const eslint = new ESLint({ cwd: repo, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function rulesBroken(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(repo, path) });
  return result.messages.map((m) => m.ruleId);
}

describe('the lint rules refuse a planted violation', () => {
  it.each([
    [
      'a view importing the API client',
      "import { api } from '../services/api';\nexport const x = api;\n",
      'src/views/Planted.tsx',
    ],
    [
      'a view importing the HTTP layer',
      "import { ApiError } from '../../services/http';\nexport const x = ApiError;\n",
      'src/views/payins/Planted.tsx',
    ],
    [
      'a machine importing a view',
      "import { App } from '../views/App';\nexport const x = App;\n",
      'src/machines/planted.ts',
    ],
    [
      'a service importing a machine',
      "import { alertsMachine } from '../machines/alertsMachine';\nexport const x = alertsMachine;\n",
      'src/services/planted.ts',
    ],
    [
      'the browser importing the server',
      "import { config } from '../../server/config';\nexport const x = config;\n",
      'src/machines/planted.ts',
    ],
    [
      'the domain importing server/http',
      "import * as h from '../http/errors';\nexport const x = h;\n",
      'server/domain/planted.ts',
    ],
    [
      'a machine importing the registry (which imports every machine)',
      "import type { GuardWords } from './registry';\nexport type X = GuardWords<never>;\n",
      'src/machines/planted.ts',
    ],
    [
      'a lifecycle importing the registry',
      "import type { GuardWords } from '../registry';\nexport type X = GuardWords<never>;\n",
      'src/machines/lifecycle/planted.ts',
    ],
    [
      'the server importing a view',
      "import { App } from '../../src/views/App';\nexport const x = App;\n",
      'server/routes/planted.ts',
    ],
    [
      'the server importing a page machine',
      "import { loginMachine } from '../../src/machines/loginMachine';\nexport const x = loginMachine;\n",
      'server/routes/planted.ts',
    ],
    [
      'the domain importing a route',
      "import * as r from '../routes/settlement';\nexport const x = r;\n",
      'server/domain/planted.ts',
    ],
    [
      'a route importing server/db',
      "import { users } from '../db/schema';\nexport const x = users;\n",
      'server/routes/planted.ts',
    ],
    [
      'a route importing a server/db type',
      "import type { Db } from '../db/connect';\nexport type X = Db;\n",
      'server/routes/planted.ts',
    ],
  ])('%s', async (_, code, path) => {
    expect(await rulesBroken(code, path)).toContain('import/no-restricted-paths');
  });

  it('a view comparing a role string', async () => {
    const code = "export const superAdmin = (type: string) => type === 'SUPER ADMIN';\n";
    expect(await rulesBroken(code, 'src/views/Planted.tsx')).toContain('no-restricted-syntax');
  });

  it.each([
    [
      'comparing a type',
      "export const decides = (type: string) => type === 'SUPER ADMIN';\n",
      'server/domain/planted.ts',
    ],
    [
      'asking SQL for a type',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select id from users where type = 'AUDITOR'`;\n",
      'server/domain/planted.ts',
    ],
    [
      'picking a type',
      "export const who = (scoped: boolean) => (scoped ? 'ADMIN' : 'CLIENT');\n",
      'server/http/planted.ts',
    ],
  ])('the server %s outside grants.ts and clientScope.ts', async (_, code, path) => {
    expect(await rulesBroken(code, path)).toContain('no-restricted-syntax');
  });

  // Issue 48: a view writes no words of its own, and a message says its English and carries the id of it.
  it.each([
    ['words in JSX', 'export const Planted = () => <p>Search</p>;\n', 'formatjs/no-literal-string-in-jsx'],
    [
      'words in a label',
      'export const Planted = () => <input title="Search" />;\n',
      'formatjs/no-literal-string-in-jsx',
    ],
    [
      'a message with a wrong id',
      "import { useT } from '../i18n/useT';\nexport function Planted() {\n  const t = useT();\n  return t({ id: 'x', defaultMessage: 'Search' });\n}\n",
      'formatjs/enforce-id',
    ],
  ])('a view with %s', async (_, code, rule) => {
    expect(await rulesBroken(code, 'src/views/Planted.tsx')).toContain(rule);
  });

  it.each([
    [
      'subscribing to it',
      'useEffect(() => { const sub = actor.subscribe(() => {}); return () => sub.unsubscribe(); }, [actor]);',
    ],
    ['watching its status', "useEffect(() => { if (status === 'done') console.log('closed'); }, [status]);"],
  ])('a view reacting to a machine finishing by %s', async (_, effect) => {
    const code = [
      "import { useEffect } from 'react';",
      'export function Planted({ actor, status }: { actor: { subscribe(f: () => void): { unsubscribe(): void } }; ' +
        'status: string }) {',
      `  ${effect}`,
      '  return null;',
      '}',
    ].join('\n');
    expect(await rulesBroken(code, 'src/views/Planted.tsx')).toContain('no-restricted-syntax');
  });

  it("a view opening Fluent's Dialog itself, not through MachineDialog (Escape, focus back)", async () => {
    const code = "import { Dialog } from '@fluentui/react-components';\nexport const x = Dialog;\n";
    expect(await rulesBroken(code, 'src/views/payins/Planted.tsx')).toContain('no-restricted-imports');
  });

  it('a hook called conditionally, and an effect missing a dependency', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Planted({ on, id }: { on: boolean; id: number }) {',
      '  if (on) useState(0);',
      '  useEffect(() => { console.log(id); }, []);',
      '  return null;',
      '}',
    ].join('\n');
    const broken = await rulesBroken(code, 'src/views/Planted.tsx');
    expect(broken).toContain('react-hooks/rules-of-hooks');
    expect(broken).toContain('react-hooks/exhaustive-deps');
  });

  it('two modules importing each other', async () => {
    const planted = new ESLint({ cwd: repo, ignore: false });
    const results = await planted.lintFiles([
      resolve(__dirname, 'planted/cycleA.ts'),
      resolve(__dirname, 'planted/cycleB.ts'),
    ]);
    expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toContain('import/no-cycle');
  });

  it.each([
    [
      'a machine importing a service',
      "import { alerts } from '../services/alerts';\nexport const x = alerts;\n",
      'src/machines/planted.ts',
    ],
    [
      'a machine importing guardWords',
      "import type { GuardWords } from './guardWords';\nexport type X = GuardWords<never>;\n",
      'src/machines/planted.ts',
    ],
    [
      'the charts (no machine) reading the registry',
      "import { machineRegistry } from './registry';\nexport const x = machineRegistry;\n",
      'src/machines/charts.ts',
    ],
    [
      'grants.ts naming a type',
      "export const decides = (type: string) => type === 'SUPER ADMIN';\n",
      'server/domain/grants.ts',
    ],
    ['a seed naming a type', "export const demo = { type: 'AUDITOR' };\n", 'server/seed/planted.ts'],
    [
      'the server importing a lifecycle',
      "import { withdrawalLifecycle } from '../../src/machines/lifecycle/withdrawalLifecycle';\n" +
        'export const x = withdrawalLifecycle;\n',
      'server/routes/planted.ts',
    ],
  ])('while %s, which the rules allow, passes', async (_, code, path) => {
    expect(await rulesBroken(code, path)).toEqual([]);
  });
}, 120_000);
