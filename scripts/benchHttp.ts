import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../server/db/connect.ts';
import { clients, roleModules, roles, sessions, userClients, users, type UserType } from '../server/db/schema.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { createSession } from '../server/domain/sessions.ts';
import { newTotpSecret } from '../server/domain/totp.ts';
import { businessDay } from '../server/domain/payinFilter.ts';
import { moduleIds } from '../src/services/pages.ts';
import { routes } from '../src/services/routes.ts';
import { USER_TYPES } from '../src/services/schemas.ts';
import { percentile } from './benchReport.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/**
 * The whole stack through HTTP under load (issue 17): the real server (`server/server.ts`, as
 * `npm start` runs it, without the web bundle) in child processes on the bench database, driven
 * by autocannon on loopback with a Payments List / Payments Balance request mix. Every connection
 * is one signed-in user of its own (Bearer session token), so 10 connections are 10 users and 50
 * are 50. Runs: one node at 10 and 50 users, then two nodes on the same PostgreSQL (autocannon
 * deals the connections round-robin over both URLs) at 10 and 50. Latencies are each response's
 * own, recorded from autocannon's `response` event; percentiles are nearest-rank over them.
 */

const TZ = DEFAULT_TZ_BUSINESS;
const USERS = 50;
const USER_COUNTS = [10, 50] as const;
/**
 * Back to back, 50 users ask for all two cores can give, and latency is mostly queueing (50 users
 * over the rate served). A person on these screens sends a list and a summary per search, a few
 * seconds apart: the paced runs give each of the 50 users one request a second, still several
 * times a real user's rate. autocannon's connectionRate ticks every connection on the same clock,
 * so these runs send their 50 requests once a second as one burst: the worst moment of that load,
 * not users spread over the second.
 */
const PACE = 1;
const WARMUP_SECONDS = 5;
const DEFAULT_SECONDS = 20;
/** Goal of issue 17: HTTP p95 at 50 users. */
const GOAL_P95_MS = 50;
/** Goal of issue 30: the Payments List at 50 users serves at least this share of the static page's rate. */
const GOAL_STATIC_SHARE = 0.25;
/** What the static run asks for: the web app's index.html, as a browser's first request does. */
const STATIC_PATH = '/index.html';
const REQUEST_TIMEOUT_SECONDS = 10;
/** A cap on any one run besides its duration: far above what two cores can answer. */
const MAX_REQUESTS_PER_SECOND = 20_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface BenchUser {
  id: number;
  type: UserType;
  token: string;
  clientId: number | null;
}
interface Sample {
  ms: number;
  kind: string;
  node: number;
}
interface RunResult {
  nodes: number;
  users: number;
  pace: number | null;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  byKind: Map<string, number[]>;
  byNode: number[];
  commitsPerRequest: number | null;
  /** CPU ms per request: the server node(s) together, and the bench process (autocannon). */
  serverCpuMs: number | null;
  benchCpuMs: number;
  /** CPU ms per request of the PostgreSQL backends on the bench database (null where /proc cannot tell). */
  postgresCpuMs: number | null;
}

/** One step of a user's screen: a label for the breakdown and the path with its query. */
interface Step {
  kind: string;
  path: string;
}

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * What one user's screens ask for, in order; each connection loops over its user's list, starting
 * at a different step so that at any moment the mix is spread over every kind. The Payments List
 * sends list + summary for each filter (the screen loads both), with the default FINALIZED status
 * and correlation-id search mode; Payments Balance reads the client's figures and its withdrawal history.
 */
function stepsFor(clientId: number, search: string): Step[] {
  const day1 = { start: `${businessDay(TZ, 1)} 00:00`, end: `${businessDay(TZ, 1)} 23:59` };
  const day30 = { start: `${businessDay(TZ, 29)} 00:00`, end: `${businessDay(TZ, 0)} 23:59` };
  const base = { status: 'FINALIZED', search_by: 'correlation_id' };
  const list = routes.transactionList.path;
  const summary = routes.transactionSummary.path;
  return [
    { kind: 'list 1 day, page 1 of 15', path: withQuery(list, { ...day1, ...base, page: 1, limit: 15 }) },
    { kind: 'summary 1 day', path: withQuery(summary, { ...day1, ...base }) },
    { kind: 'list 1 day, page 50 of 15', path: withQuery(list, { ...day1, ...base, page: 50, limit: 15 }) },
    { kind: 'list 30 days, page 1 of 100', path: withQuery(list, { ...day30, ...base, page: 1, limit: 100 }) },
    { kind: 'summary 30 days', path: withQuery(summary, { ...day30, ...base }) },
    {
      kind: 'list 30 days, one client, page 1 of 15',
      path: withQuery(list, { ...day30, ...base, client_id: clientId, page: 1, limit: 15 }),
    },
    { kind: 'summary 30 days, one client', path: withQuery(summary, { ...day30, ...base, client_id: clientId }) },
    {
      kind: 'list 30 days, correlation-id search',
      path: withQuery(list, { ...day30, ...base, search, page: 1, limit: 15 }),
    },
    { kind: 'balance: current balance', path: withQuery(routes.currentBalance.path, { client_filter: clientId }) },
    {
      kind: 'balance: withdrawal history',
      path: withQuery(routes.withdrawalHistory.path, {
        client_filter: clientId,
        start: `${businessDay(TZ, 14)} 00:00`,
        end: `${businessDay(TZ, 0)} 23:59`,
        page: 1,
        limit: 15,
      }),
    },
  ];
}

/**
 * The user types of the 50: every tenth a client user (one client each), the rest SUPER ADMIN and ADMIN alternately.
 */
const typeOf = (i: number): UserType => (i % 10 === 9 ? 'CLIENT' : i % 2 === 0 ? 'SUPER ADMIN' : 'ADMIN');

async function createUsers(
  db: Db,
  tag: string,
  clientIds: number[],
): Promise<{ users: BenchUser[]; roleIds: number[] }> {
  const allModules = [...moduleIds];
  const adminHidden = new Set(['settlement', 'audit-log', 'management', 'management-user', 'management-role']);
  // As the demo seed's roles: every module; operations without settlement or management; client finance.
  const roleDefs: Array<{ type: UserType; modules: string[] }> = [
    { type: 'SUPER ADMIN', modules: allModules },
    { type: 'ADMIN', modules: allModules.filter((id) => !adminHidden.has(id)) },
    {
      type: 'CLIENT',
      modules: ['transactions', 'balance', 'disbursement', 'disbursement-list', 'settings', 'settings-user'],
    },
  ];
  const roleOf = new Map<UserType, number>();
  for (const def of roleDefs) {
    const [row] = await db
      .insert(roles)
      .values({ name: `Bench HTTP ${def.type} ${tag}`, type: def.type, description: 'bench-http' })
      .returning({ id: roles.id });
    await db.insert(roleModules).values(def.modules.map((moduleId) => ({ roleId: row.id, moduleId })));
    roleOf.set(def.type, row.id);
  }
  // One argon2 hash for all: nobody signs in with it, and 50 hashes would only slow the set-up.
  const passwordHash = await hashPassword(`bench-http-${tag}`);
  const created: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const type = typeOf(i);
    const [user] = await db
      .insert(users)
      .values({
        email: `bench-http-${tag}-${i + 1}@example.invalid`,
        name: `Bench HTTP ${i + 1}`,
        type,
        roleId: roleOf.get(type)!,
        passwordHash,
        twoFactorActive: true,
        twoFactorSecret: newTotpSecret(),
      })
      .returning({ id: users.id });
    // A client user sees its one client; an ADMIN the clients it is given (here every one); a SUPER ADMIN all, by type.
    const clientId = type === 'CLIENT' ? clientIds[i % clientIds.length] : null;
    const scope = type === 'CLIENT' ? [clientId!] : type === 'ADMIN' ? clientIds : [];
    if (scope.length) await db.insert(userClients).values(scope.map((id) => ({ userId: user.id, clientId: id })));
    // As after password + OTP: a verified session, the token as the browser holds it.
    const token = await createSession(db, {
      userId: user.id,
      otpVerified: true,
      ip: '127.0.0.1',
      userAgent: 'bench-http',
    });
    created.push({ id: user.id, type, token, clientId });
  }
  return { users: created, roleIds: [...roleOf.values()] };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Node {
  child: ChildProcess;
  url: string;
  output: string[];
  exited: boolean;
}

/** The server's environment: the bench database, loopback, no demo seed, warnings only, production. */
function serverEnv(databaseUrl: string, port: number, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Sessions stay live through the whole bench (and are touched again before each run).
    SESSION_IDLE_MINUTES: '15',
    SESSION_MAX_HOURS: '12',
    // The static run's index.html (webRootFor): the API is measured against the server's cheapest answer.
    WEB_ROOT: join(dataDir, 'web'),
    DATA_DIR: dataDir,
    PROVIDER_BASE_URL: '',
    SMTP_URL: '',
  };
}

const SERVER_ENV_KEYS = Object.keys(serverEnv('', 0, ''));

/**
 * The web root the nodes serve: the built app's index.html when `vite build` has run, else a page of
 * the same kind; the static run compares the API with it, as issue 30 measured it.
 */
function webRootFor(dataDir: string, serverRoot: string): string {
  const web = join(dataDir, 'web');
  mkdirSync(web, { recursive: true });
  const built = join(serverRoot, 'dist', 'index.html');
  writeFileSync(
    join(web, 'index.html'),
    existsSync(built)
      ? readFileSync(built)
      : '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Payments Back Office</title>' +
          '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>\n',
  );
  return web;
}

async function startNode(
  databaseUrl: string,
  dataDir: string,
  log: (m: string) => void,
  serverRoot: string = ROOT,
): Promise<Node> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of [...SERVER_ENV_KEYS, 'TZ_BUSINESS', 'SETTLEMENT_BATCH_SIZE', 'SETTLEMENT_LANES']) delete env[key];
  // As `npm start` runs it (tsx), but without `vite build`.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: serverRoot,
    env: { ...env, ...serverEnv(databaseUrl, port, dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { child, url: `http://127.0.0.1:${port}`, output: [], exited: false };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) node.output.push(line.slice(0, 500));
    if (node.output.length > 200) node.output.splice(0, node.output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', () => {
    node.exited = true;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (node.exited)
      throw new Error(`server on port ${port} exited during start:\n${node.output.slice(-20).join('\n')}`);
    try {
      const res = await fetch(`${node.url}${routes.health.path}`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stopNode(node);
      throw new Error(`server on port ${port} not healthy after 90 s:\n${node.output.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`server up at ${node.url} (pid ${child.pid})`);
  return node;
}

async function stopNode(node: Node): Promise<void> {
  if (node.exited) return;
  const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!node.exited) node.child.kill('SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** Log lines at warn or above (pino JSON) the server wrote, other than its start banner. */
const serverComplaints = (node: Node) =>
  node.output.filter((line) => /"level":\s*(4|5|6)\d/.test(line) || /error|warn/i.test(line));

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and
    // 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** CPU seconds so far of each PostgreSQL backend on the bench database (same machine), by pid. */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return new Map(
    rows.map((r) => [Number(r.pid), cpuSeconds(Number(r.pid))]).filter((e): e is [number, number] => e[1] != null),
  );
}

async function commits(db: Db): Promise<number> {
  // Statistics reach the view when a backend flushes them (at most once a second while busy).
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const { rows } = await db.execute<{ n: string }>(
    sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(rows[0].n);
}

/**
 * `pace`: requests a second per user (autocannon's connectionRate); absent, each user sends the next request as soon as
 * the last is answered.
 */
interface RunSpec {
  label: string;
  urls: string[];
  pids: Array<number | undefined>;
  users: BenchUser[];
  steps: (user: BenchUser, index: number) => Step[];
  seconds: number;
  pace?: number;
}

/** One autocannon run; every response's latency, kind and node recorded. */
async function drive(spec: RunSpec): Promise<{ samples: Sample[]; result: autocannon.Result; failures: string[] }> {
  const connections = spec.users.length;
  const samples: Sample[] = [];
  const failures: string[] = [];
  const state = new Map<autocannon.Client, { kind: string; node: number }>();
  let next = 0;
  const options = {
    // autocannon takes several URLs and deals connection i to url[i % n] (lib/run.js); its types know only one.
    url: spec.urls as unknown as string,
    connections,
    ...(spec.pace ? { connectionRate: spec.pace } : {}),
    duration: spec.seconds,
    maxOverallRequests: spec.seconds * MAX_REQUESTS_PER_SECOND,
    timeout: REQUEST_TIMEOUT_SECONDS,
    bailout: 100,
    setupClient: (client: autocannon.Client) => {
      // Called once per connection, in connection order: connection i is user i, on node i % n.
      const index = next++;
      const user = spec.users[index];
      const mine = { kind: '', node: index % spec.urls.length };
      state.set(client, mine);
      const steps = spec.steps(user, index);
      const rotated = [...steps.slice(index % steps.length), ...steps.slice(0, index % steps.length)];
      client.setRequests(
        rotated.map((step) => ({
          method: 'GET' as const,
          path: step.path,
          headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' },
          onResponse: (status: number, body: string) => {
            mine.kind = step.kind;
            if ((status < 200 || status > 299) && failures.length < 5)
              failures.push(`${status} ${step.kind} (${user.type}): ${body.slice(0, 200)}`);
          },
        })),
      );
    },
  } satisfies autocannon.Options;
  let guard: NodeJS.Timeout | undefined;
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
        error ? reject(error) : resolve(done),
      );
      instance.on('response', (client, _status, _bytes, ms) => {
        const mine = state.get(client);
        samples.push({ ms, kind: mine?.kind ?? '?', node: mine?.node ?? 0 });
      });
      // Bounded by the clock as well: should a run not end by itself, it is stopped.
      guard = setTimeout(() => instance.stop(), (spec.seconds + 2 * REQUEST_TIMEOUT_SECONDS) * 1000);
    });
    return { samples, result, failures };
  } finally {
    clearTimeout(guard);
  }
}

async function run(db: Db, spec: RunSpec, log: (m: string) => void): Promise<RunResult> {
  const sessionIds = spec.users.map((u) => u.id);
  // Sessions idle through the runs that did not use them come back within the idle limit here.
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(sessions.userId, sessionIds));
  const warm = await drive({ ...spec, seconds: WARMUP_SECONDS });
  if (warm.result.non2xx || warm.result.errors) {
    throw new Error(
      `${spec.label}: warm-up had ${warm.result.non2xx} non-2xx responses and ${warm.result.errors} errors; the ` +
        `bench would be timing error pages:\n  ${warm.failures.join('\n  ')}`,
    );
  }
  const before = await commits(db);
  const pgBefore = await backendCpu(db);
  const cpuBefore = spec.pids.map(cpuSeconds);
  const benchBefore = process.cpuUsage();
  const { samples, result, failures } = await drive(spec);
  const benchCpu = process.cpuUsage(benchBefore);
  const cpuAfter = spec.pids.map(cpuSeconds);
  // A backend opened during the run counts from zero; one closed during it is missed.
  const pgAfter = await backendCpu(db);
  const pgCpu = sum([...pgAfter].map(([pid, cpu]) => cpu - (pgBefore.get(pid) ?? 0)));
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const after = await commits(db);
  if (result.non2xx || result.errors || result.mismatches) {
    throw new Error(
      `${spec.label}: ${result.non2xx} non-2xx responses, ${result.errors} errors (${result.timeouts} timeouts); the ` +
        `figures would include error pages:\n  ${failures.join('\n  ')}`,
    );
  }
  const ms = samples.map((s) => s.ms);
  const byKind = new Map<string, number[]>();
  for (const s of samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s.ms]);
  const byNode = spec.urls.map((_, n) => samples.filter((s) => s.node === n).length);
  const out: RunResult = {
    nodes: spec.urls.length,
    users: spec.users.length,
    pace: spec.pace ?? null,
    seconds: result.duration,
    requests: samples.length,
    perSecond: samples.length / result.duration,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    byKind,
    byNode,
    commitsPerRequest: samples.length ? (after - before) / samples.length : null,
    serverCpuMs:
      samples.length && cpuBefore.every((c) => c != null) && cpuAfter.every((c) => c != null)
        ? ((sum(cpuAfter as number[]) - sum(cpuBefore as number[])) * 1000) / samples.length
        : null,
    benchCpuMs: samples.length ? (benchCpu.user + benchCpu.system) / 1000 / samples.length : 0,
    postgresCpuMs: samples.length && pgAfter.size ? (pgCpu * 1000) / samples.length : null,
  };
  log(
    `${spec.label}: ${out.requests} requests in ${out.seconds.toFixed(1)} s, ${out.perSecond.toFixed(0)} req/s, p50 ` +
      `${out.p50.toFixed(1)} / p95 ${out.p95.toFixed(1)} / p99 ${out.p99.toFixed(1)} ms`,
  );
  return out;
}

const fmt = (ms: number) => ms.toFixed(1);
const paceOf = (r: Pick<RunResult, 'pace'>) => (r.pace ? `${r.pace} req/s each` : 'back to back');
const runName = (r: RunResult) =>
  `${r.nodes} node${r.nodes > 1 ? 's' : ''}/${r.users} users${r.pace ? ` at ${r.pace} req/s each` : ''}`;

export async function benchHttp(opts: {
  url: string;
  log: (m: string) => void;
  durationSeconds?: number;
  /** The checkout whose server is measured (another worktree measures an earlier commit, the "before"). */
  serverRoot?: string;
}): Promise<{ lines: string[]; table: string; staticShare: string }> {
  const { url, log } = opts;
  const serverRoot = opts.serverRoot ?? ROOT;
  const seconds = opts.durationSeconds ?? DEFAULT_SECONDS;
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error('durationSeconds must be at least 1');
  const tag = randomBytes(3).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  let database: Database | undefined;
  const nodes: Node[] = [];
  let created: { users: BenchUser[]; roleIds: number[] } | undefined;
  // A Ctrl-C must not leave servers behind.
  const onSignal = () => {
    for (const node of nodes) node.child.kill('SIGTERM');
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    database = await openDatabase({ url });
    const db = database.db;
    const clientIds = (await db.select({ id: clients.id }).from(clients).orderBy(clients.id)).map((c) => c.id);
    if (clientIds.length === 0) throw new Error('the bench database has no clients: load it first (scripts/bench.ts)');
    // Real correlation ids of FINALIZED pay-ins in the 30-day window, per client, for the search step.
    const { rows: found } = await db.execute<{ client_id: number; correlation_id: string }>(sql`
      select distinct on (client_id) client_id, correlation_id from transactions
      where status = 'FINALIZED' and transaction_time >= (${`${businessDay(TZ, 29)} 00:00`}::timestamp at time
        zone ${TZ})
      order by client_id, transaction_time desc`);
    const searchOf = new Map(found.map((r) => [Number(r.client_id), r.correlation_id]));
    if (searchOf.size === 0) throw new Error('the bench database has no FINALIZED pay-ins in the last 30 days');
    const anySearch = found[0].correlation_id;
    const [{ n: payins }] = (await db.execute<{ n: string }>(sql`select count(*)::text as n from transactions`)).rows;

    created = await createUsers(db, tag, clientIds);
    const all = created.users;
    const typeCount = (list: BenchUser[]) =>
      USER_TYPES.map((t) => `${list.filter((u) => u.type === t).length} ${t}`).join(', ');
    log(`${all.length} users signed in (${typeCount(all)})`);
    // A staff user filters by a client of their own in the rotation; a client user by its one client.
    const stepsOf = (user: BenchUser, index: number) => {
      const clientId = user.clientId ?? clientIds[index % clientIds.length];
      return stepsFor(clientId, searchOf.get(clientId) ?? anySearch);
    };

    const results: RunResult[] = [];
    const loadBefore = loadavg()[0];
    webRootFor(dataDir, serverRoot);
    nodes.push(await startNode(url, dataDir, log, serverRoot));
    // Issue 30's yardstick: the Payments List (1 day, page 1 of 15) as ADMIN, 50 connections back to back, beside
    // the server's static index.html at 50 connections, on the same node in the same minutes.
    const admins = all.filter((u) => u.type === 'ADMIN');
    const listOnly = (user: BenchUser, index: number) => stepsOf(user, index).slice(0, 1);
    const single = { urls: [nodes[0].url], pids: [nodes[0].child.pid], seconds };
    const staticRun = await run(
      db,
      {
        ...single,
        label: `1 node, static ${STATIC_PATH}, ${USERS} connections`,
        users: all,
        steps: () => [{ kind: 'static', path: STATIC_PATH }],
      },
      log,
    );
    const listRun = await run(
      db,
      {
        ...single,
        label: `1 node, Payments List as ADMIN, ${USERS} connections`,
        users: Array.from({ length: USERS }, (_, i) => admins[i % admins.length]),
        steps: listOnly,
      },
      log,
    );
    // Each node count runs the same rounds: more users back to back, then all of them at the paced rate.
    const rounds = async (nodesLabel: string) => {
      const on = { urls: nodes.map((n) => n.url), pids: nodes.map((n) => n.child.pid), steps: stepsOf, seconds };
      for (const count of USER_COUNTS) {
        results.push(await run(db, { ...on, label: `${nodesLabel}, ${count} users`, users: all.slice(0, count) }, log));
      }
      results.push(
        await run(
          db,
          { ...on, label: `${nodesLabel}, ${USERS} users at ${PACE} req/s each`, users: all, pace: PACE },
          log,
        ),
      );
    };
    await rounds('1 node');
    // The second starts once the first is up: both would otherwise migrate and start pg-boss at once.
    nodes.push(await startNode(url, dataDir, log, serverRoot));
    await rounds('2 nodes');
    const complaints = nodes.flatMap((n, i) => serverComplaints(n).map((line) => `node ${i + 1}: ${line}`));
    const [{ settings }] = (
      await db.execute<{ settings: string }>(
        sql`select 'PostgreSQL ' || current_setting('server_version') || ', max_connections ' ||
          current_setting('max_connections') || ', synchronous_commit ' ||
            current_setting('synchronous_commit') as settings`,
      )
    ).rows;

    const goalMet = (r: RunResult) => (r.users === 50 ? (r.p95 <= GOAL_P95_MS ? '✅ met' : '❌ not met') : '—');
    const share = listRun.perSecond / staticRun.perSecond;
    const staticShare = [
      `| Case, 1 node, ${USERS} connections back to back | Requests | Req/s | p50 (ms) | p95 (ms) | Share of static | ` +
        `Goal (≥ ${GOAL_STATIC_SHARE}) |`,
      '|---|--:|--:|--:|--:|--:|---|',
      ...[
        ['static `index.html`', staticRun, '—', '—'],
        [
          `Payments List, ${listOnly(admins[0], 0)[0].kind}, as ADMIN`,
          listRun,
          share.toFixed(3),
          share >= GOAL_STATIC_SHARE ? '✅ met' : '❌ not met',
        ],
      ].map(
        ([name, r, ratio, goal]) =>
          `| ${name as string} | ${(r as RunResult).requests.toLocaleString('en-US')} | ` +
          `${(r as RunResult).perSecond.toFixed(0)} | ${fmt((r as RunResult).p50)} | ${fmt((r as RunResult).p95)} | ` +
          `${ratio as string} | ${goal as string} |`,
      ),
    ].join('\n');
    const table = [
      '| Nodes | Users | Pace | Requests | Req/s | p50 (ms) | p95 (ms) | p99 (ms) | non-2xx | Goal (p95 ≤ 50 ms ' +
        'at 50 users) |',
      '|--:|--:|---|--:|--:|--:|--:|--:|--:|---|',
      ...results.map(
        (r) =>
          `| ${r.nodes} | ${r.users} | ${paceOf(r)} | ${r.requests.toLocaleString('en-US')} | ` +
          `${r.perSecond.toFixed(0)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.non2xx} | ${goalMet(r)} |`,
      ),
    ].join('\n');

    const one50 = results.find((r) => r.nodes === 1 && r.users === 50 && !r.pace)!;
    const two50 = results.find((r) => r.nodes === 2 && r.users === 50 && !r.pace)!;
    const paced = results.filter((r) => r.pace);
    const kinds = [...one50.byKind.keys()].sort();
    const breakdown = (r: RunResult) =>
      kinds
        .map((k) => {
          const s = r.byKind.get(k) ?? [];
          return s.length ? `${k} ${fmt(percentile(s, 50))}/${fmt(percentile(s, 95))}` : `${k} —`;
        })
        .join('; ');
    const sample = stepsOf(all[0], 0);
    const lines = [
      `Server: \`node --import tsx server/server.ts\` (as \`npm start\`, without \`vite build\`) in a child process ` +
        `per node, env ${Object.entries(serverEnv('<bench database>', 0, '<temp dir>'))
          .map(([k, v]) => `${k}=${k === 'PORT' ? '<free port>' : v || '(empty)'}`)
          .join(
            ', ',
          )}. Each node: one \`pg.Pool\` of 10 connections, the outbox sweep (1 s), pg-boss (three workers polling ` +
        `every 2 s, maintenance every 30 s) and the provider simulator on loopback, all running; the bench requests ` +
        `are reads only and queue no job. The second node starts after the first answers /healthz.`,
      `Static share: first, on the first node, ${USERS} connections ask back to back for ` +
        `\`${STATIC_PATH}\` (${existsSync(join(serverRoot, 'dist', 'index.html')) ? "the built app's" : 'a stand-in, as no `vite build` has run:'} ` +
        `served by @fastify/static with the security headers of every answer), then ${USERS} connections, each one of the ` +
        `${admins.length} ADMIN users in turn, ask for the Payments List, ${listOnly(admins[0], 0)[0].kind}, as in the ` +
        `mix below; each run has its warm-up. The list's rate over the static page's is the share (goal ` +
        `≥ ${GOAL_STATIC_SHARE}).`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}, shared: 1-minute load average ` +
        `${loadBefore.toFixed(2)} before the runs, ${loadavg()[0].toFixed(2)} after.`,
      `Database: ${Number(payins).toLocaleString('en-US')} pay-ins, ${clientIds.length} clients; ${settings}.`,
      `Users: ${all.length} created for the run (${typeCount(all)}; through \`user_clients\` each client user sees ` +
        `one client, each ADMIN all ${clientIds.length}, SUPER ADMIN all by type; roles' modules as the demo ` +
        `seed's), two-factor active, each with a verified session from \`createSession\` sent as \`Authorization: ` +
        `Bearer <token>\`. Each autocannon connection is one user: 10 connections are users 1-10 (` +
        `${typeCount(all.slice(0, 10))}), 50 are all of them.`,
      `Request mix: each user loops over the same ${sample.length} GETs, starting at a different one, one request in ` +
        `flight per user (no think time): ${sample.map((s) => s.kind).join('; ')}. All pay-in filters are status ` +
        `FINALIZED, search_by correlation_id; 1 day = ${businessDay(TZ, 1)} 00:00-23:59, 30 days = ` +
        `${businessDay(TZ, 29)} 00:00 to ${businessDay(TZ, 0)} 23:59 (${TZ}); "one client" and the balance ` +
        `reads use the user's client (staff: one of the ${clientIds.length} in rotation); the search is a real ` +
        `correlation id of that client. Example: \`${sample[0].path}\`.`,
      `Each run: ${WARMUP_SECONDS} s of warm-up (new connections, discarded), then ${seconds} s measured; autocannon ` +
        `in the bench process on loopback, also bounded by ${MAX_REQUESTS_PER_SECOND.toLocaleString('en-US')} ` +
        `requests a second overall, ${REQUEST_TIMEOUT_SECONDS} s timeout per request. Latency is each response's own ` +
        `time (autocannon's \`response\` event), p50/p95/p99 nearest-rank over all responses of the run; a non-2xx ` +
        `response or an error stops the bench.`,
      `Paced runs: autocannon's connectionRate (${PACE} a second per connection) ticks every connection on the same ` +
        `clock, so each second's ${USERS} requests arrive together as one burst; their latency is that of a burst of ` +
        `${USERS} simultaneous requests, not of users spread over the second.`,
      `Two nodes: autocannon gets both URLs and deals connections round-robin (user i to node i mod 2); responses ` +
        `per node at 50 users: ${two50.byNode.join(' / ')}.`,
      `Throughput at 50 users: 2 nodes / 1 node = **${(two50.perSecond / one50.perSecond).toFixed(2)}×** (` +
        `${two50.perSecond.toFixed(0)} vs ${one50.perSecond.toFixed(0)} req/s). Both nodes, PostgreSQL and ` +
        `autocannon share this machine's CPUs, so a second node cannot add cores here.`,
      `Goal "HTTP p95 ≤ ${GOAL_P95_MS} ms at 50 users", back to back: 1 node ` +
        `${one50.p95 <= GOAL_P95_MS ? 'met' : 'not met'} (p95 ${fmt(one50.p95)} ms), 2 nodes ` +
        `${two50.p95 <= GOAL_P95_MS ? 'met' : 'not met'} (p95 ${fmt(two50.p95)} ms); at ${PACE} request a second per ` +
        `user: ${paced
          .map(
            (r) =>
              `${r.nodes} node${r.nodes > 1 ? 's' : ''} ` +
              `${r.p95 <= GOAL_P95_MS ? 'met' : 'not met'} (p95 ${fmt(r.p95)} ms)`,
          )
          .join(', ')}.`,
      `Per request kind, 1 node at 50 users, p50/p95 ms: ${breakdown(one50)}.`,
      `Per request kind, 2 nodes at 50 users, p50/p95 ms: ${breakdown(two50)}.`,
      `Where the time goes, per request (measured seconds; approximate): PostgreSQL transactions ` +
        `(pg_stat_database.xact_commit; every statement outside a transaction is one, pg-boss's and the outbox's ` +
        `polling included) ` +
        `${results.map((r) => `${runName(r)} ${r.commitsPerRequest?.toFixed(1) ?? '—'}`).join(', ')}; server CPU ` +
        `(the node processes' user + system time, /proc) ` +
        `${results.map((r) => `${runName(r)} ${r.serverCpuMs?.toFixed(1) ?? '—'} ms`).join(', ')}; PostgreSQL CPU ` +
        `(its backends on the bench database, /proc) ` +
        `${results.map((r) => `${runName(r)} ${r.postgresCpuMs?.toFixed(1) ?? '—'} ms`).join(', ')}; autocannon's ` +
        `own CPU in the bench process ` +
        `${results.map((r) => `${runName(r)} ${r.benchCpuMs.toFixed(1)} ms`).join(', ')}. Every authenticated ` +
        `request is first authenticated in one statement (\`loadSessionPrincipal\`: the session check, the ` +
        `principal, and last_seen_at written only when older than a step of min(30 s, idle/10), so most reads write ` +
        `nothing and wait for no WAL flush), before the handler's own queries (a list: totals and page, plus a ` +
        `client check only for a SUPER ADMIN naming a client).`,
      complaints.length
        ? `Server log (warn and above): ${complaints.length} lines, e.g. \`${complaints[0].slice(0, 200)}\`.`
        : 'Server log: no warnings or errors from either node.',
    ];
    return { lines: lines.map((l) => `- ${l}`), table, staticShare };
  } finally {
    for (const node of nodes) await stopNode(node);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (database && created) {
      const ids = created.users.map((u) => u.id);
      // The bench's users go again (sessions and client links cascade); what they wrote in the audit log stays.
      try {
        await database.db.delete(users).where(inArray(users.id, ids));
        await database.db.delete(roles).where(inArray(roles.id, created.roleIds));
      } catch (error) {
        log(`could not remove the bench users: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { database: { type: 'string' }, seconds: { type: 'string' } } });
  if (!values.database) {
    console.error('usage: npx tsx scripts/benchHttp.ts --database postgres://.../bench_xxxx [--seconds 20]');
    process.exit(2);
  }
  const log = (m: string) => process.stderr.write(`[bench-http] ${m}\n`);
  benchHttp({ url: values.database, log, durationSeconds: values.seconds ? Number(values.seconds) : undefined })
    .then(({ lines, table, staticShare }) => {
      process.stdout.write(`${lines.join('\n')}\n\n${staticShare}\n\n${table}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
