import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './connect.ts';
import { renderSql, Slot } from './flatSql.ts';

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

/** A statement as it is sent: its text and parameters, and its name (none past the cap). */
export interface Statement {
  sql: string;
  params: unknown[];
  name: string | undefined;
}

// Renders what renderSql leaves to Drizzle; our databases are made without options, so theirs is this one.
const dialect = new PgDialect();

/** `query` rendered (by renderSql, else by Drizzle) and named. */
export function preparedStatement(query: SQL): Statement {
  const built = renderSql(query) ?? dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params, name: nameOf(built.sql) };
}

/** Runs a statement, named if it has a name, its rows as `db.execute` types them. */
export function runStatement<T extends Record<string, unknown>>(
  db: Db,
  { name, ...built }: Statement,
): Promise<{ rows: T[] }> {
  const { session } = db as unknown as { session: PgSession };
  return session.prepareQuery(built, undefined, name, false).execute() as Promise<{ rows: T[] }>;
}

/**
 * `db.execute` as a named prepared statement (node-postgres `name`, through Drizzle's own prepared
 * query, so the rows are typed as `db.execute` types them). On a request's hot path (the session
 * check, a list's totals and page), PostgreSQL then parses and plans a statement once per
 * connection instead of on every call: measured on demo data, the 33-parameter totals statement
 * went from 0.85 to 0.2 ms of PostgreSQL CPU, the session check from 0.27 to 0.07 ms
 * (docs/bench-http.md). PGlite takes the name and ignores it.
 */
export const executePrepared = <T extends Record<string, unknown>>(db: Db, query: SQL) =>
  runStatement<T>(db, preparedStatement(query));

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

/**
 * Statements rendered once per shape: text, name, and parameters, some of them Slots. Bounded like the
 * names above; past the cap a statement is built and rendered per call, as before.
 */
const templates = new Map<string, Statement>();

/**
 * The statement `build(values)` would give, rendered once per `key` and after that only filled with
 * `values`: `build` is called with Slots in their place, and the text kept with the Slots where its
 * parameters are. `key` must name everything `build` writes as text (an inlined client list, which
 * optional conditions are there, how many methods): two calls with one key must differ only in
 * values. On a Payments List request this replaces building and walking a tree of some 300 sql``
 * pieces (about 5% of its CPU, issue 30); renderSql.test.ts holds it equal to the statement built
 * from the values.
 */
export function templateStatement(
  key: string,
  values: readonly unknown[],
  build: (values: readonly unknown[]) => SQL,
): Statement {
  let template = templates.get(key);
  if (!template) {
    const rendered = renderSql(build(values.map((_, i) => new Slot(i))));
    if (!rendered || templates.size >= MAX_NAMED) return preparedStatement(build(values));
    template = { ...rendered, name: nameOf(rendered.sql) };
    templates.set(key, template);
  }
  return {
    sql: template.sql,
    params: template.params.map((param) => (param instanceof Slot ? values[param.index] : param)),
    name: template.name,
  };
}
