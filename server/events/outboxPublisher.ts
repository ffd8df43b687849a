import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { WORK_ORDER_CHANGED_EVENT, WORK_ORDER_EVENT } from '../../src/services/workOrders.ts';
import type { Db } from '../db/connect.ts';
import type { notifications } from '../db/schema.ts';
import { itemInLanguage, toItem } from '../domain/notifications.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../src/i18n/language.ts';
import type { Realtime } from './realtime.ts';

/** How long stop() waits for the publish in flight. */
const STOP_DEADLINE_MS = 10_000;

export interface OutboxPublisher {
  /** Publish now what has committed (called after a write; the sweep catches anything else). */
  kick(): void;
  /** Publishes until the outbox is empty; answers how many it published. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

type NotificationRow = typeof notifications.$inferSelect;

const BATCH = 200;

/**
 * Publishes the outbox: claims unpublished rows (SKIP LOCKED, so several nodes share the work and
 * none publishes a row twice at once), emits each to its user's sockets, which the socket.io
 * adapter carries to every node, and marks them published in the same transaction. A crash after
 * the emit and before the commit publishes the row again on restart: at least once, and the
 * browser keys items by id. A sweep every `sweepMs` publishes what a crashed node left.
 */
export function startOutboxPublisher(
  db: Db,
  realtime: Realtime,
  options: { sweepMs: number; onError(error: unknown): void },
): OutboxPublisher {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function publishBatch(): Promise<number> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { rows } = await tx.execute<{ id: number; event: string } & Record<string, unknown>>(sql`
        select o.id, o.event, n.id as n_id, n.user_id, n.subject, n.message, n.work_order_code, n.icon, n.created_at,
          n.read_at,
          n.status, n.resolved_at, n.outcome, n.item, n.item_kind, n.item_ref, u.language
        from outbox o join notifications n on n.id = o.notification_id join users u on u.id = n.user_id
        where o.published_at is null order by o.id limit ${BATCH}
        for update of o skip locked`);
      for (const r of rows) {
        const row = {
          id: Number(r.n_id),
          userId: Number(r.user_id),
          subject: r.subject,
          message: r.message,
          workOrderCode: r.work_order_code,
          icon: r.icon,
          createdAt: r.created_at,
          readAt: r.read_at,
          status: r.status,
          resolvedAt: r.resolved_at,
          outcome: r.outcome,
          item: typeof r.item === 'string' ? JSON.parse(r.item) : r.item,
          itemKind: r.item_kind,
          itemRef: r.item_ref,
        } as NotificationRow;
        realtime.emitToUser(
          row.userId,
          r.event === 'work-order' ? WORK_ORDER_EVENT : WORK_ORDER_CHANGED_EVENT,
          // In the language the recipient saved (issue 48); English for one who saved none.
          itemInLanguage(toItem(row), isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE),
        );
      }
      if (rows.length)
        await tx.execute(
          sql`update outbox set published_at = now() where id in (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
        );
      return rows.length;
    });
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await publishBatch();
      total += n;
      if (n < BATCH) return total;
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainOnce()
      .catch((error) => {
        options.onError(error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, options.sweepMs);
  timer.unref();
  // Published rows have done their work; a day later they go (the notifications themselves stay).
  const prune = setInterval(() => {
    db.execute(sql`delete from outbox where published_at < now() - interval '1 day'`).catch(options.onError);
  }, 10 * 60_000);
  prune.unref();
  kick();
  return {
    kick,
    async drain() {
      while (running) await running;
      return drainOnce();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(prune);
      // A publish that never settles (a database gone away) must not hold a shutdown or a test's teardown:
      // it gets a deadline, and what it had not published stays in the outbox for the next node.
      const drained = (async () => {
        while (running) await running;
      })();
      await Promise.race([drained, delay(STOP_DEADLINE_MS, undefined, { ref: false })]);
    },
  };
}
