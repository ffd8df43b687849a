import type { Db } from './connect.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/** PostgreSQL's error code, whether the driver or Drizzle's wrapper carries it. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
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
