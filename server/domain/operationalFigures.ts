import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

/**
 * The database's side of /metrics (issue 30): what waits in each pg-boss queue and what failed there,
 * the outbox rows not yet published and the oldest one's age, the settlement runs under way, and the
 * merchant callbacks' deliveries by outcome (a count over callback_deliveries, one row per pay-in called back).
 * Each is one small indexed count; a scrape every 15 s costs nothing the lists would notice.
 */
export interface OperationalFigures {
  jobs: { queue: string; state: string; count: number }[];
  outboxWaiting: number;
  outboxOldestSeconds: number;
  settlementsRunning: number;
  /** Merchant callbacks' deliveries by outcome (delivered, failing, gave_up). */
  callbackDeliveries: { outcome: string; count: number }[];
}

export async function operationalFigures(db: Db): Promise<OperationalFigures> {
  const [jobs, outbox, runs, deliveries] = await Promise.all([
    db.execute<{ queue: string; state: string; n: number }>(
      sql`select name as queue, state::text as state, count(*)::int as n from pgboss.job group by name, state`,
    ),
    db.execute<{ n: number; oldest: number | null }>(sql`
      select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
      from outbox where published_at is null`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from settlement_runs where status = 'running'`),
    db.execute<{ outcome: string; n: number }>(
      sql`select outcome, count(*)::int as n from callback_deliveries group by outcome`,
    ),
  ]);
  return {
    jobs: jobs.rows.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.n) })),
    outboxWaiting: Number(outbox.rows[0]?.n ?? 0),
    outboxOldestSeconds: Number(outbox.rows[0]?.oldest ?? 0),
    settlementsRunning: Number(runs.rows[0]?.n ?? 0),
    callbackDeliveries: deliveries.rows.map((r) => ({ outcome: r.outcome, count: Number(r.n) })),
  };
}
