import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { buildApp, type App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database, type Db } from '../server/db/connect.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { createSession } from '../server/domain/sessions.ts';
import { openWorkOrder } from '../server/domain/workOrders.ts';
import { WORK_ORDER_EVENT, type NotificationItem } from '../src/services/workOrders.ts';
import { percentile } from './benchReport.ts';

/**
 * Work-order fan-out (issue 14): two API nodes (two apps, each with its own pool and socket.io
 * PostgreSQL adapter) on the bench database, `sockets` sockets connected, half to each node, all of
 * one SUPER ADMIN. Each round commits a work order through node A's outbox and times, per socket
 * on node B, commit -> 'work-order' received. Reports p50/p95 (goal: p95 under 100 ms).
 */
export async function benchFanout(
  url: string,
  sockets: number,
  rounds: number,
  log: (m: string) => void,
): Promise<{ lines: string[]; p95: number }> {
  const databases: Database[] = [await openDatabase({ url }), await openDatabase({ url })];
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const apps: App[] = [];
  const open: Socket[] = [];
  try {
    for (const database of databases) {
      const app = await buildApp(database, config);
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const db = databases[0].db as Db;
    const [user] = await db
      .insert(users)
      .values({
        email: 'bench-fanout@example.invalid',
        name: 'Bench Fanout',
        type: 'SUPER ADMIN',
        passwordHash: await hashPassword('bench-fanout-password'),
      })
      .returning();
    const token = await createSession(db, { userId: user.id, otpVerified: true });
    const urlOf = (app: App) => {
      const a = app.app.server.address();
      return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    };
    const arrivals = new Map<number, number[]>();
    for (let i = 0; i < sockets; i++) {
      const onB = i % 2 === 1;
      const socket = io(urlOf(apps[onB ? 1 : 0]), { auth: { token }, transports: ['websocket'], forceNew: true });
      open.push(socket);
      if (onB)
        socket.on(WORK_ORDER_EVENT, (item: NotificationItem) => {
          arrivals.get(item.id)?.push(performance.now());
        });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
    }
    log(`${sockets} sockets connected (${Math.floor(sockets / 2)} on node B)`);
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const committed = await db.transaction((tx) =>
        openWorkOrder(tx as unknown as Db, {
          item: { kind: 'reconciliation', ref: `FANOUT-${round}`, client_id: null, client_name: null, amount: null },
          subject: `Fan-out ${round}`,
          message: 'bench',
          code: `FAN-${round}`,
          recipients: [user.id],
        }),
      );
      const t0 = performance.now();
      arrivals.set(committed[0], []);
      // What a request's onResponse hook does on node A after its transaction commits.
      apps[0].outbox.kick();
      const expected = Math.floor(sockets / 2);
      const end = Date.now() + 5_000;
      while ((arrivals.get(committed[0])?.length ?? 0) < expected && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 2));
      const got = arrivals.get(committed[0])!;
      if (got.length < expected)
        throw new Error(`round ${round}: ${got.length} of ${expected} sockets on node B heard the work order`);
      samples.push(...got.map((t) => t - t0));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await db.execute(sql`delete from notifications where user_id = ${user.id}`);
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    const lines = [
      `Two API nodes (two apps in one process, each with its own pool, outbox publisher and socket.io PostgreSQL ` +
        `adapter) on the bench database; ${sockets} sockets of one SUPER ADMIN, half on each node.`,
      `${rounds} work orders committed through node A's outbox (\`openWorkOrder\`, then the publisher's kick, as ` +
        `after a request); timed from the commit to the \`work-order\` event on each of node B's ` +
        `${Math.floor(sockets / 2)} sockets: ${samples.length.toLocaleString('en-US')} arrivals.`,
      `Commit -> socket on the other node: p50 **${p50.toFixed(1)} ms**, p95 **${p95.toFixed(1)} ms** (goal: p95 ` +
        `under 100 ms), max ${Math.max(...samples).toFixed(1)} ms.`,
    ];
    log(lines[2]);
    return { lines, p95 };
  } finally {
    open.forEach((s) => s.close());
    for (const app of apps) await app.app.close();
    for (const database of databases) await database.close();
  }
}
