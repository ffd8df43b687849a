import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { generate } from 'otplib';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connect.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { cloneTemplate, databaseUrl, readPgliteImage, withAdmin, type TemplateName } from './dbTemplates.ts';
import type { App } from '../app.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { trafficCheck, type TrafficCheck } from './trafficCheck.ts';

export interface TestServer {
  url: string;
  database: Database;
  /** The database's URL on PostgreSQL, for another process (a script a test runs) to open; null on in-memory PGlite. */
  databaseUrl: string | null;
  app: App;
  /** What the traffic so far broke of /api/docs. */
  traffic: TrafficCheck;
  /** Closes the server, then fails when any request or answer broke /api/docs (trafficCheck.ts). */
  close(): Promise<void>;
}

/**
 * A database of its own for one test file: in-memory PGlite, or a fresh database on the PostgreSQL
 * server (its `url` then lets another process, such as a server a test kills, open it too).
 * `from` copies one of the run's templates (dbTemplates.ts) instead of starting empty.
 */
export async function freshDatabase(
  from?: TemplateName,
): Promise<{ database: Database; url: string | null; dispose(): Promise<void> }> {
  const templates = from ? inject('dbTemplates') : undefined;
  if (process.env.TEST_DB !== 'postgres') {
    const image = from ? await readPgliteImage(templates![from]) : undefined;
    const database = await openDatabase({ dataDir: null, image });
    return { database, url: null, dispose: () => database.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  if (from) await cloneTemplate(baseUrl, templates![from], name);
  else await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
    async dispose() {
      await database.close();
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** `env` adds environment variables to the app's config, e.g. SMTP_URL or DATA_DIR. */
export async function startTestServer(
  options: { seed?: boolean; env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const { database, url, dispose } = await freshDatabase(options.seed === false ? 'reference' : 'demo');
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const traffic = trafficCheck();
  const app = await buildApp(database, config, { logStream: options.logStream, observe: traffic.observe });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    databaseUrl: url,
    app,
    traffic,
    async close() {
      await app.app.close();
      await dispose();
      if (traffic.violations.length)
        throw new Error(`The traffic broke /api/docs:\n${[...new Set(traffic.violations)].join('\n')}`);
    },
  };
}

export interface CallResult<T = any> {
  status: number;
  body: T;
}

/** A JSON call over real HTTP, as the browser makes it. */
export async function call<T = any>(
  server: TestServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(server.url + path, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** An answer's words without its request id, which names each answer apart (issue 30): two refusals compare by what they say. */
export function withoutRequestId<T>(body: T): Omit<T, 'request_id'> {
  const { request_id: _, ...rest } = body as T & { request_id?: string };
  return rest;
}

export const totpAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A code the authenticator gives in none of the steps around now (the server accepts a step either side). */
export async function wrongTotp(secret: string): Promise<string> {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((offset) => totpAt(secret, offset)));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
}

export const login = (server: TestServer, email: string, password = DEMO_PASSWORD) =>
  call(server, 'POST', '/api/backoffice/auth/login', { body: { email, password } });

const secrets = new WeakMap<TestServer, Map<string, string>>();

/**
 * Signs a user in through the OTP step and returns the verified token and the secret. A user
 * without two-factor is taken through set-up first (which spends this step's code, so sign-in
 * uses the next step's). For a user set up earlier in the same file the replay guard is rewound
 * first: tests that sign the same user in again within 30 s would otherwise run out of codes.
 */
export async function signInVerified(
  server: TestServer,
  email: string,
): Promise<{ token: string; secret: string; user: any }> {
  const known = secrets.get(server) ?? new Map<string, string>();
  secrets.set(server, known);
  const first = await login(server, email);
  if (first.status !== 200) throw new Error(`login failed: ${JSON.stringify(first.body)}`);
  let secret = known.get(email);
  let offset = 0;
  if (!first.body.data.two_factor_active) {
    const setup = await call(server, 'GET', '/api/backoffice/user/generate-otp', { token: first.body.data.token });
    secret = setup.body.data.secret as string;
    const verify = await call(server, 'POST', '/api/backoffice/user/verify-otp', {
      token: first.body.data.token,
      body: { passcode: await totpAt(secret) },
    });
    if (verify.status !== 200) throw new Error(`verify-otp failed: ${JSON.stringify(verify.body)}`);
    known.set(email, secret);
    offset = 1;
  } else {
    if (!secret) throw new Error(`no known secret for ${email}`);
    await server.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
  }
  const second = offset ? await login(server, email) : first;
  const otp = await call(server, 'POST', '/api/backoffice/user/validate-otp', {
    token: second.body.data.token,
    body: { passcode: await totpAt(secret, offset) },
  });
  if (otp.status !== 200) throw new Error(`validate-otp failed: ${JSON.stringify(otp.body)}`);
  return { token: otp.body.data.token, secret, user: otp.body.data };
}

/** Forgets which OTP steps a user has spent, so a test can confirm another action at once (tests only). */
export async function rewindTotp(server: TestServer, email: string): Promise<void> {
  await server.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
}

/** A fresh authenticator code for a demo user signed in as `who` (the replay guard rewound: each call confirms once). */
export async function freshAuthenticatorCode(server: TestServer, who: string, secret: string): Promise<string> {
  await rewindTotp(server, `${who}@demo.local`);
  return totpAt(secret);
}

/** A withdrawal request of Rp. 100,000 from demo client 1 to its operating account, confirmed by `otp`. */
export const withdrawalRequestBody = (otp: string, over: Record<string, unknown> = {}) => ({
  bank_name: 'BCA',
  account_no: '7100012345',
  bank_account_name: 'Budi Santoso',
  client_filter: 1,
  description: 'Operating account',
  amount: 100_000,
  otp_num: otp,
  ...over,
});

/** Adds a user of a demo role, scoped to the given clients, with the demo password. */
export async function addUser(
  server: TestServer,
  input: { email: string; name: string; type: 'SUPER ADMIN' | 'ADMIN' | 'CLIENT'; role: string; clients: number[] },
) {
  const { db } = server.database;
  const { roles: rolesTable, userClients } = await import('../db/schema.ts');
  const { hashPassword } = await import('../domain/passwords.ts');
  const [role] = await db.select().from(rolesTable).where(eq(rolesTable.name, input.role));
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      type: input.type,
      roleId: role.id,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning();
  if (input.clients.length)
    await db.insert(userClients).values(input.clients.map((clientId) => ({ userId: user.id, clientId })));
  return user;
}
