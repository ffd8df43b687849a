import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  Sessions,
  planLifecycle,
  printReport,
  saidNotExposed,
  walkPath,
  type WalkContext,
  type WalkReport,
  type WalkSpec,
} from './lifecycleWalkKit.ts';
import { approvalWalks } from './walkApprovals.ts';
import { disbursementWalks } from './walkDisbursements.ts';
import { payinWalks } from './walkPayins.ts';
import { WalkRecords } from './walkRecords.ts';
import { withdrawalWalks } from './walkWithdrawals.ts';

/**
 * Issue 42, part 4: every lifecycle walked through the real API along the paths its graph has
 * (lifecycleGraph.ts: every path up to the length that takes every transition, a path for each pair
 * of consecutive transitions those missed, and one for each actor of a transition they missed),
 * each on a fresh record. After every step: the status the API reads back is the path's, and the
 * path's is the one walkTargets.ts says; checkLedger is clean; each balance moved by what
 * walkMoney.ts says; and the same request sent again moves nothing and changes no status. Steps the
 * machine accepts but no API makes (a virtual account's PROVIDER_EXPIRED: nothing in the server
 * expires one; a CANCEL by a maker of a type that cannot make the request) are printed with why;
 * the coverage check fails for any step an API makes that was not walked, and for any transition
 * neither walked nor said. A held step's EXPIRE is the expiry job: expires_at is set in the past,
 * then expireApprovals runs, as its pg-boss worker runs it.
 */
let server: TestServer;
// Planning needs only the machines; the walks reach the server through this, filled in beforeAll.
const ctx = {} as WalkContext;
const lifecycles: WalkSpec<any>[] = [payinWalks(ctx), disbursementWalks(ctx), withdrawalWalks(ctx), approvalWalks(ctx)];

beforeAll(async () => {
  server = await startTestServer();
  ctx.sessions = new Sessions(server);
  ctx.records = new WalkRecords(ctx.sessions, loadConfig({}).businessTimeZone);
  for (const who of ['superadmin', 'superadmin2', 'admin', 'client']) await ctx.sessions.of(who);
  // Enough on client 1's disbursement balance for every walked disbursement's hold, below the approval threshold.
  const topUp = await ctx.sessions.call('superadmin', 'PATCH', '/transaction/update-balance', {
    client_id: 1,
    amount: 50_000_000,
  });
  expect(topUp.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

for (const spec of lifecycles) {
  const report: WalkReport = planLifecycle(spec);
  let ms = 0;

  describe(spec.name, () => {
    for (const { input, walks } of report.plans) {
      it(`walks ${input.label}: ${walks.length} fresh records through the API`, { timeout: 300_000 }, async () => {
        const started = Date.now();
        const found = [];
        for (const walk of walks) found.push(...(await walkPath(server, spec, input, walk, report)));
        ms += Date.now() - started;
        expect(found).toEqual([]);
      });
    }

    it('walked every transition an API makes, as every actor it lets take it', () => {
      printReport(spec.name, report, ms);
      expect([...report.exposed].filter((t) => !report.walked.has(t))).toEqual([]);
      expect([...report.exposedActors].filter((a) => !report.walkedActors.has(a))).toEqual([]);
      // Nothing is dropped in silence: a transition no API makes is printed above with why.
      const said = saidNotExposed(report);
      expect([...report.transitions].filter((t) => !report.walked.has(t) && !said.has(t))).toEqual([]);
      expect(report.steps).toBeGreaterThan(0);
    });
  });
}
