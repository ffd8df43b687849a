import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/connect.ts';
import { scopedTransactionFilter } from '../server/domain/transactionFilter.ts';
import { totalsQuery, pageQuery } from '../server/domain/paymentsList.ts';
import { liveSessionCte } from '../server/domain/sessions.ts';
const url = process.argv[2];
const token = readFileSync('/tmp/prof/token', 'utf8').trim();
const database = await openDatabase({ url });
const db = database.db as any;
const principal: any = { id: 2, type: 'ADMIN', clientScope: [1, 2, 3] };
const q: any = { start: '2026-11-26 00:00', end: '2026-11-26 23:59', status: 'FINALIZED', search_by: 'correlation_id', search: '', payment_method: [], client_id: null, page: 1, limit: 15 };
const { where } = await scopedTransactionFilter(db, { ...principal, clientScope: null, type: 'SUPER ADMIN' }, q, 'Asia/Jakarta');
const auth = sql`${liveSessionCte(token, { idleMs: 900000, maxMs: 43200000 })} select live.id from live`;
const client = await database.db.$client.connect();
const [{ pid }] = (await client.query('select pg_backend_pid() as pid')).rows;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
for (const [name, s] of [['auth', auth], ['totals', totalsQuery(where)], ['page', pageQuery(where, 1, 15)]] as const) {
  const query = db.dialect.sqlToQuery(s);
  for (const mode of ['unnamed', 'named', 'unnamed', 'named']) {
    const N = 300; const c0 = cpu(); const t0 = performance.now();
    for (let i = 0; i < N; i++) await client.query(mode === 'named' ? { name: `m_${name}`, text: query.sql, values: query.params } : { text: query.sql, values: query.params });
    const t = (performance.now() - t0) / N; const c = (cpu() - c0) / N;
    console.log(name.padEnd(7), mode.padEnd(8), 'wall', t.toFixed(3), 'ms  pg cpu', c.toFixed(3), 'ms');
  }
}
client.release(); await database.close();
