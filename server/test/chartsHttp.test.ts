import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleIds } from '../../src/services/pages.ts';
import { loadScion } from '../../src/test/machines/scion.ts';
import { loadConfig } from '../config.ts';
import { addUser, startTestServer, type TestServer } from './harness.ts';
import {
  chartDocument,
  chartEvents,
  chartLifecycles,
  runPairs,
  TEST_USERS,
  type ChartLifecycle,
  type PairResult,
} from './chartsHttpKit.ts';
import { Sessions, type WalkContext } from './lifecycleWalkKit.ts';
import { WalkRecords } from './walkRecords.ts';

/**
 * Issue 42, part 3, the HTTP half: the exported charts (docs/workflows/<id>.scxml) run in SCION, an
 * interpreter this team did not write, against the real API. For every lifecycle, every state and
 * every (event, actor kind) a route exposes, a record in that state made through the API, the request
 * sent as that actor, the status read back: SCION taken ⇔ the API accepted, and the status (and facts)
 * read back are SCION's. chartConformance.ts does the same against the lifecycle functions.
 *
 * PGlite only: the routes, lifecycles and SQL are the same on both databases, and lifecycleWalks.test.ts
 * already walks every transition through the API on PostgreSQL; here its 477 pairs would only repeat them.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('the exported charts in SCION agree with the HTTP API', () => {
  let server: TestServer;
  const ctx = {} as WalkContext;
  const lifecycles = chartLifecycles(ctx);

  beforeAll(async () => {
    server = await startTestServer();
    ctx.sessions = new Sessions(server);
    ctx.records = new WalkRecords(ctx.sessions, loadConfig({}).businessTimeZone);
    // Enough on client 1's disbursement balance for every disbursement's hold, below the approval threshold.
    const topUp = await ctx.sessions.call('superadmin', 'PATCH', '/transaction/update-balance', {
      client_id: 1,
      amount: 20_000_000,
    });
    expect(topUp.status).toBe(200);
    // A checker who is a SUPER ADMIN without the Master Balance module (no demo user is), and an ADMIN of a demo
    // role without it: an adjustment's holdsModule false.
    const role = await ctx.sessions.call('superadmin', 'POST', '/management/create-role', {
      name: 'Super Admin without Master Balance',
      description: 'Every module but Master Balance',
      type: 'SUPER ADMIN',
      modules: moduleIds.filter((id) => id !== 'disbursement-master-balance'),
    });
    expect(role.status).toBe(201);
    const test = [
      { who: TEST_USERS.superAdminWithoutMasterBalance, type: 'SUPER ADMIN', role: role.body.data.name, clients: [] },
      { who: TEST_USERS.supportAdmin, type: 'ADMIN', role: 'Support Admin', clients: [1] },
    ] as const;
    for (const u of test)
      await addUser(server, {
        email: `${u.who}@demo.local`,
        name: u.who,
        type: u.type,
        role: u.role,
        clients: [...u.clients],
      });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The output: pairs sent and agreed, each disagreement, and what no route exposes. */
  const report = (lc: ChartLifecycle, label: string, results: PairResult[], ms: number) =>
    console.log(
      [
        `${label}: ${results.length} pairs sent, ${results.filter((r) => r.agrees).length} agreed, ${(ms / 1000).toFixed(1)} s`,
        ...results
          .filter((r) => !r.agrees)
          .map((r) => `  DIFFER ${r.pair}: HTTP ${r.http}, SCION ${r.scion}: ${r.problems.join('; ')}`),
        ...lc.notExposed.map((n) => `  no route: ${n.events.length ? `${n.events.join(', ')}: ` : ''}${n.why}`),
      ].join('\n'),
    );

  for (const lc of lifecycles)
    it(`${lc.id}: every state, every exposed (event, actor) pair`, { timeout: 120_000 }, async () => {
      const document = chartDocument(lc.id);
      const started = Date.now();
      const results = await runPairs(lc, document);
      report(lc, lc.id, results, Date.now() - started);
      expect(results.filter((r) => !r.agrees).map((r) => `${r.pair}: ${r.problems.join('; ')}`)).toEqual([]);
      // Each pair once.
      expect(new Set(results.map((r) => r.pair)).size).toBe(results.length);
      // Every state of the document (final ones too), and every event it names is sent or said why not.
      const model = await loadScion(document);
      const states = new Set(lc.situations.map((s) => `${lc.id}.${s.state}`));
      expect(model.atomicStates.filter((s) => !states.has(s))).toEqual([]);
      const said = new Set([...lc.situations.flatMap((s) => s.events), ...lc.notExposed.flatMap((n) => n.events)]);
      expect(chartEvents(document).filter((e) => !said.has(e))).toEqual([]);
    });

  it(
    'reports a disagreement when the document is changed in memory (a cond, then a target)',
    { timeout: 60_000 },
    async () => {
      const withdrawal = lifecycles.find((lc) => lc.id === 'withdrawal')!;
      const document = chartDocument('withdrawal');
      const complete = `event="COMPLETE" target="withdrawal.COMPLETED" cond="_event.data.role === 'SUPER ADMIN'"`;
      expect(document).toContain(complete);
      const pending = withdrawal.situations.find((s) => s.state === 'PENDING')!;
      const as = (who: string) => ({ ...pending, events: ['COMPLETE'], callers: [{ who }] });
      const started = Date.now();
      // An ADMIN may complete, says the planted cond: the API refuses them.
      const byAdmin = await runPairs(
        withdrawal,
        document.replace(complete, complete.replace("'SUPER ADMIN'", "'ADMIN'")),
        [as('admin')],
      );
      expect(byAdmin.map((r) => [r.agrees, r.http, r.scion])).toEqual([[false, 403, 'taken to COMPLETED']]);
      // COMPLETE leads to REJECTED, says the planted target: the API reads back COMPLETED.
      const target = await runPairs(
        withdrawal,
        document.replace(complete, complete.replace('withdrawal.COMPLETED', 'withdrawal.REJECTED')),
        [as('superadmin')],
      );
      report(withdrawal, 'withdrawal, planted', [...byAdmin, ...target], Date.now() - started);
      expect(target.map((r) => [r.agrees, r.http, r.problems])).toEqual([
        [false, 200, ['the API reads back COMPLETED, SCION says REJECTED']],
      ]);
    },
  );
});
