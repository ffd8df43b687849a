import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './connect.ts';
import { renderSql } from './flatSql.ts';

/**
 * Statement texts given a name so far. A name is per text (a hash of it), so two texts never share
 * one; PostgreSQL keeps a parsed statement per name on each pooled connection, so the distinct texts
 * are bounded: past the cap a text runs unnamed, as before.
 */
const names = new Map<string, string>();
const MAX_NAMED = 500;

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED) return known;
  const name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
  names.set(text, name);
  return name;
}

/**
 * `db.execute` as a named prepared statement (node-postgres `name`, through Drizzle's own prepared
 * query, so the rows are typed as `db.execute` types them). On a request's hot path (the session
 * check, a list's totals and page), PostgreSQL then parses and plans a statement once per
 * connection instead of on every call: measured on demo data, the 33-parameter totals statement
 * went from 0.85 to 0.2 ms of PostgreSQL CPU, the session check from 0.27 to 0.07 ms
 * (docs/bench-http.md). PGlite takes the name and ignores it.
 */
export function executePrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = renderSql(query) ?? dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, nameOf(built.sql), false).execute() as Promise<{ rows: T[] }>;
}

/** A Drizzle query builder's statement, which renders its own SQL and maps its own rows. */
interface BuiltQuery<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
  then: PromiseLike<T>['then'];
}

/**
 * A query builder's statement (`db.select()…`) as a named prepared statement, its rows mapped as the
 * builder maps them: for the reads every Payments Balance request makes (the client check, the
 * balances, a withdrawal page and its count).
 */
export function runPrepared<T>(query: BuiltQuery<T>): Promise<T> {
  const name = nameOf(query.toSQL().sql);
  return name ? query.prepare(name).execute() : Promise.resolve(query);
}
