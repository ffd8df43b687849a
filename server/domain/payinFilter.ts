import { sql, type SQL } from 'drizzle-orm';
import type { TransactionFilter } from '../../src/services/payinQuery.ts';
import { WAITING, WAITING_STATUSES } from '../../src/services/workOrders.ts';
import type { Db } from '../db/connect.ts';
import { clientsInScope } from './clientScope.ts';
import type { Principal } from './principal.ts';
import { orderedBounds, orderedWindow } from './businessWindow.ts';

export interface ScopedFilter {
  where: SQL;
  clientIds: number[] | null;
}

/** What a filter selects besides text search: the columns transaction_hourly_totals is keyed by. */
export interface TransactionKey {
  clientIds: number[] | null;
  status?: string;
  /** Any of these statuses (a list's WAITING, issue 45): constants, written into the statement's text. */
  statusIn?: readonly string[];
  methods?: string[];
  /** The column `methods` filters: `type` for pay-ins (the default), `withdrawal_method` for disbursements. */
  methodColumn?: 'type' | 'withdrawal_method';
}

/**
 * A filter the rollup can answer: the window as [from, until) timestamptz expressions plus the key.
 * The routes hand only `where` to the list, so the window travels with that object.
 */
export interface RollupWindow extends TransactionKey {
  from: SQL;
  until: SQL;
}
const rollupWindows = new WeakMap<SQL, RollupWindow>();

/** The window behind a `where` built here, unless it also searches text (the rollup cannot). */
export const rollupWindowOf = (where: SQL): RollupWindow | undefined => rollupWindows.get(where);

/** Lets the totals query answer `where` from the rollups (only for a where without text search). */
export const registerRollupWindow = (where: SQL, window: RollupWindow) => {
  rollupWindows.set(where, window);
};

/**
 * How a `where` built here is made: `build(values)` gives it again, and `key` names everything it
 * writes as text, so a statement over it can be rendered once per key and filled with the values of
 * each request (prepared.ts's templateStatement).
 */
export interface WhereShape {
  key: string;
  values: readonly unknown[];
  build(values: readonly unknown[]): SQL;
}
const whereShapes = new WeakMap<SQL, WhereShape>();

/** The shape of a `where` built by shapedWhere, if it was. */
export const whereShapeOf = (where: SQL): WhereShape | undefined => whereShapes.get(where);

/** `build(values)`, remembered with its shape (the rollup window it registers comes along on each build). */
function shapedWhere(shape: WhereShape): SQL {
  const where = shape.build(shape.values);
  whereShapes.set(where, shape);
  return where;
}

/** The text a key condition writes: the inlined client list, whether a status is asked for, how many methods. */
const keyShape = (k: TransactionKey) =>
  `${k.clientIds ? `[${k.clientIds.join(',')}]` : '*'}|${k.status ? 'status' : ''}|${k.statusIn?.join(',') ?? ''}|` +
  `${k.methods?.length ?? 0}`;

/** The statuses a list's WAITING stands for, by the list's kind (only the Disbursement List offers it). */
const WAITING_BY_KIND: Record<string, readonly string[]> = { disbursement: WAITING_STATUSES.disbursement };

/** The key conditions on a table aliased `alias` (`t` for transactions): one text for both tables. */
export function keyConditions(alias: 't' | 'r', k: TransactionKey): SQL[] {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (k.clientIds)
    parts.push(k.clientIds.length ? sql`${col('client_id')} in ${sql.raw(`(${k.clientIds.join(',')})`)}` : sql`false`);
  if (k.status) parts.push(sql`${col('status')} = ${k.status}`);
  if (k.statusIn) parts.push(sql.raw(`${alias}.status in (${k.statusIn.map((s) => `'${s}'`).join(', ')})`));
  if (k.methods?.length)
    parts.push(
      sql`${col(k.methodColumn ?? 'type')} in (${sql.join(
        k.methods.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    );
  return parts;
}

// Building a DateTimeFormat costs more than the rest of the filter; the zone is fixed per server.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The business-clock date (YYYY-MM-DD) `daysAgo` days before today. */
export function businessDay(timeZone: string, daysAgo = 0): string {
  let format = dayFormats.get(timeZone);
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  // Whole 24-hour days back from now: exact in zones without daylight saving, such as Asia/Jakarta.
  return format.format(new Date(Date.now() - daysAgo * 86_400_000));
}

/** Today 00:00 to 23:59 on the business clock: the spec's default window. */
function todayIn(timeZone: string) {
  const day = businessDay(timeZone);
  return { start: `${day} 00:00`, end: `${day} 23:59` };
}

/**
 * The clients a filter names, each checked against the user's scope (one outside it, or unknown,
 * is notFound like a client that does not exist); with none named, the user's scope (null = all).
 */
export async function filterClientIds(
  db: Db,
  principal: Principal,
  named: number[] | undefined,
): Promise<number[] | null> {
  return named?.length ? clientsInScope(db, principal, named) : principal.clientScope;
}

/**
 * The WHERE of a list filter over `t` (pay-ins or disbursements): the window's two ends in order on
 * the business clock, the key conditions and an exact text search, built with its shape (shapedWhere)
 * so that its statements are rendered once per shape. Without a search, the rollups can count it.
 */
export function filterWhere(
  kind: string,
  [a, b]: [string, string],
  timeZone: string,
  { clientIds, status: asked, methods: named, methodColumn }: TransactionKey,
  search: { by: string; column: SQL; text: string } | null,
): SQL {
  const methods = named?.length ? named : undefined;
  // WAITING is no status of its own: it is the kind's waiting statuses, one constant list.
  const statusIn = asked === WAITING ? WAITING_BY_KIND[kind] : undefined;
  const status = statusIn ? undefined : asked;
  return shapedWhere({
    key: `${kind}|${keyShape({ clientIds, status, statusIn, methods })}|${search?.by ?? ''}`,
    values: [a, b, timeZone, ...(status ? [status] : []), ...(methods ?? []), ...(search ? [search.text] : [])],
    // The values in the order above: two ends, the zone, then each optional one there is.
    build: (values) => {
      const [start, end, zone, ...rest] = values;
      const key: TransactionKey = {
        clientIds,
        status: (status ? rest.shift() : undefined) as string | undefined,
        statusIn,
        methods: methods && (rest.splice(0, methods.length) as string[]),
        methodColumn,
      };
      const { from, until } = orderedBounds(start, end, zone);
      const parts: SQL[] = [
        sql`t.transaction_time >= ${from}`,
        sql`t.transaction_time < ${until}`,
        ...keyConditions('t', key),
      ];
      if (search) parts.push(sql`${search.column} = ${rest[0]}`);
      const where = sql.join(parts, sql` and `);
      if (!search) rollupWindows.set(where, { ...key, from, until });
      if (!status && !statusIn) withoutStatus.add(where);
      return where;
    },
  });
}

/** Wheres built by filterWhere without a status condition: pages of them are read through a time index. */
const withoutStatus = new WeakSet<SQL>();

/** Whether `where` may hold a status condition (a where not built by filterWhere is assumed to). */
export const mayFilterStatus = (where: SQL) => !withoutStatus.has(where);

/** The column a pay-in text search reads. */
const SEARCH_COLUMNS = { correlation_id: sql`t.correlation_id`, account_no: sql`t.account_no`, rrn: sql`t.rrn` };

/**
 * The WHERE clause over `transactions t` for a filter, within the user's client scope. Naming a
 * client outside the scope is answered like a client that does not exist. The time window is
 * read on the business clock, end minute included.
 */
export async function scopedTransactionFilter(
  db: Db,
  principal: Principal,
  f: TransactionFilter,
  timeZone: string,
): Promise<ScopedFilter> {
  const clientIds = await filterClientIds(db, principal, f.client_id);
  // Today's date is formatted only when the filter leaves a bound out: the list sends both as a rule.
  const today = f.start && f.end ? undefined : todayIn(timeZone);
  const searchBy = f.search_by === 'account_no' || f.search_by === 'rrn' ? f.search_by : 'correlation_id';
  const where = filterWhere(
    'payin',
    orderedWindow(f.start || today!.start, f.end || today!.end),
    timeZone,
    { clientIds, status: f.status, methods: f.payment_method },
    f.search ? { by: searchBy, column: SEARCH_COLUMNS[searchBy], text: f.search } : null,
  );
  return { where, clientIds };
}
