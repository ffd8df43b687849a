import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/connect.ts';

type Result = { rows: any[]; rowCount: number };

/**
 * pg-boss's `db` option: `executeSql(text, values)` answering `{ rows }`, on the app's own
 * connection(s). pg-boss sends its schema and maintenance scripts as several statements in one
 * text without values, which node-postgres runs over the simple protocol but PGlite's `query`
 * (extended protocol) refuses, so on PGlite those go through `exec`.
 */
export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<Result>;
  /** Refuses new statements (answering no rows, like pg-boss's own closed pool) and waits for those under way. */
  close(): Promise<void>;
}

export function queueDbFor(database: Database): QueueDb {
  const run =
    database.kind === 'pglite'
      ? pgliteRunner(database.db.$client as unknown as PGlite)
      : async (text: string, values?: unknown[]) => {
          const r = await (database.db.$client as pg.Pool).query(text, values as any[] | undefined);
          return { rows: r.rows ?? [], rowCount: r.rowCount ?? 0 };
        };
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async executeSql(text, values) {
      if (closed) return { rows: [], rowCount: 0 };
      const pending = run(text, values);
      inFlight.add(pending);
      try {
        return await pending;
      } finally {
        inFlight.delete(pending);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

function pgliteRunner(client: PGlite) {
  return async (text: string, values?: unknown[]): Promise<Result> => {
    if (values?.length) {
      const r = await client.query(text, values as any[]);
      return { rows: r.rows as any[], rowCount: r.affectedRows ?? r.rows.length };
    }
    const results = await client.exec(text);
    const last = results.at(-1);
    return { rows: (last?.rows ?? []) as any[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
  };
}
