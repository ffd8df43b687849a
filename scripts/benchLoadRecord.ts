import type pg from 'pg';

/**
 * Ten million pay-ins take a quarter of an hour to load. `npm run bench -- --keep` leaves the
 * database behind and `--database <name>` measures it again, so the load time has to travel with
 * the data: each load writes what it loaded and how long it took into the bench database itself.
 */
export interface LoadRecord {
  rows: number;
  seconds: number;
  detail: Record<string, number | string>;
  at: string;
}

export async function recordLoad(raw: pg.Pool, what: string, record: Omit<LoadRecord, 'at'>): Promise<void> {
  await raw.query(
    'create table if not exists bench_load (what text primary key, rows bigint not null, seconds float8 not null, ' +
      'detail jsonb not null, at timestamptz not null default now())',
  );
  await raw.query('insert into bench_load (what, rows, seconds, detail) values ($1, $2, $3, $4)', [
    what,
    record.rows,
    record.seconds,
    JSON.stringify(record.detail),
  ]);
}

export async function loadedBefore(raw: pg.Pool, what: string): Promise<LoadRecord | null> {
  const {
    rows: [table],
  } = await raw.query<{ name: string | null }>("select to_regclass('bench_load')::text as name");
  if (!table.name) return null;
  const {
    rows: [r],
  } = await raw.query<{ rows: string; seconds: number; detail: Record<string, number | string>; at: Date }>(
    'select rows, seconds, detail, at from bench_load where what = $1',
    [what],
  );
  return r ? { rows: Number(r.rows), seconds: r.seconds, detail: r.detail, at: r.at.toISOString() } : null;
}
