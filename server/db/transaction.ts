import type { Db } from './connect.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/** PostgreSQL's error code, whether the driver or Drizzle's wrapper carries it. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/**
 * The database is not there (stopped, restarting, unreachable): PostgreSQL's own connection exceptions
 * (SQLSTATE class 08) and shutdown and start-up refusals (57P01-57P03), or a socket that was refused,
 * reset or ended under a query (drizzle names the failed query; the driver's error is its cause). A
 * refused SMTP or provider socket is not the database's, so a bare ECONNREFUSED does not count.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error) ?? '';
  if (/^(08[0-9A-Z]{3}|57P0[123])$/.test(code)) return true;
  const message = String((error as { message?: unknown })?.message ?? '');
  const cause = String((error as { cause?: { message?: unknown } })?.cause?.message ?? '');
  return (
    message.startsWith('Failed query') &&
    (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) ||
      /Connection terminated|timeout exceeded when trying to connect|the database system is/i.test(cause))
  );
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

/**
 * Runs work in one database transaction, retrying a few times when PostgreSQL picks it as a
 * deadlock or serialization victim: the caller sees a success or a real failure, never a 500
 * for a race it did not cause.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= 4 || !RETRYABLE.has(pgCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}
