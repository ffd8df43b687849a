import * as v from 'valibot';

/** The business clock when TZ_BUSINESS is unset; the benches read on it too. */
export const DEFAULT_TZ_BUSINESS = 'Asia/Jakarta';

const Env = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))]),
    '',
  ),
  NODE_ENV: v.optional(v.string(), 'development'),
  SEED_DEMO: v.optional(v.picklist(['true', 'false', '']), ''),
  TZ_BUSINESS: v.optional(
    v.pipe(v.string(), v.check(isTimeZone, 'must be an IANA time zone such as Asia/Jakarta')),
    DEFAULT_TZ_BUSINESS,
  ),
  SESSION_IDLE_MINUTES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(15)), '15'),
  SESSION_MAX_HOURS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(12)), '12'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'silent']), 'info'),
  // One line per answered request, at info (issue 30); 'false' leaves no per-request logging work at all.
  ACCESS_LOG: v.optional(v.picklist(['true', 'false']), 'true'),
  PROVIDER_BASE_URL: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url('must be a URL'))]), ''),
  SMTP_URL: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL'))]),
    '',
  ),
  UPLOAD_READ_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(120)), '20'),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Payments Back Office <no-reply@backoffice.local>'),
  SETTLEMENT_BATCH_SIZE: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(50000)),
    '5000',
  ),
  SETTLEMENT_LANES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(8)), '2'),
  SETTLEMENT_SLICE_SECONDS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(300)),
    '10',
  ),
  SETTLEMENT_JOB_EXPIRE_SECONDS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(2), v.maxValue(3600)),
    '60',
  ),
  CALLBACK_RETRY_SECONDS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(3600)),
    '30',
  ),
  JOB_MAINTENANCE_SECONDS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(600)),
    '30',
  ),
  APPROVAL_EXPIRE_HOURS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(720)),
    '24',
  ),
  WEB_ROOT: v.optional(v.string(), ''),
  SHUTDOWN_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(300)), '20'),
  // A scraper's bearer token for /metrics: long enough not to be guessed.
  // The address people open the app at, when a proxy in front changes it (TLS ends there, another host or
  // port): state-changing browser requests must come from it (the Origin check). Empty: the request's own Host.
  PUBLIC_ORIGIN: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.check(isOrigin, 'must be an origin such as https://backoffice.example.com (scheme, host, port; no path)'),
      ),
    ]),
    '',
  ),
  METRICS_TOKEN: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.minLength(24, 'at least 24 characters'))]),
    '',
  ),
});

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  production: boolean;
  seedDemo: boolean;
  businessTimeZone: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  logLevel: string;
  accessLog: boolean;
  /** The payment channels' API; empty starts the built-in provider simulator on loopback. */
  providerBaseUrl: string | null;
  /** Where mail goes; empty writes each message as an .eml file under DATA_DIR/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** How long one uploaded file may take to read in the worker pool before it is refused (422). */
  uploadReadSeconds: number;
  /** Settlement (issue 13): pay-ins per database transaction, and how long one job works before handing on. */
  settlementBatchSize: number;
  settlementSliceSeconds: number;
  /** Batch transactions a settlement job runs side by side. */
  settlementLanes: number;
  /** How long a settlement job may run before pg-boss presumes its node dead and offers it again. */
  settlementJobExpireSeconds: number;
  /** How often pg-boss looks for such expired jobs (and prunes old ones). */
  jobMaintenanceSeconds: number;
  /** Seconds before a failed merchant callback is tried again (doubled for the third and last attempt). */
  callbackRetrySeconds: number;
  /** Hours a movement held for a second SUPER ADMIN waits before the expiry job expires it. */
  approvalExpireHours: number;
  /** The built web app (`vite build`'s output); empty means the repository's dist/. */
  webRoot: string | null;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
  shutdownSeconds: number;
  /** A scraper's bearer token for /metrics (a SUPER ADMIN's session also reads it); empty: none. */
  metricsToken: string | null;
  /** Where browsers open the app (PUBLIC_ORIGIN) when a proxy changes scheme, host or port; null: the request's Host. */
  publicOrigin: string | null;
}

/** Reads the environment once at start; a bad value stops start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(Env.entries)
      .map((k) => [k, env[k]])
      .filter(([, value]) => value !== undefined),
  );
  const result = v.safeParse(Env, picked);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.output;
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || null,
    production,
    seedDemo: e.SEED_DEMO === '' ? !production : e.SEED_DEMO === 'true',
    businessTimeZone: e.TZ_BUSINESS,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG === 'true',
    providerBaseUrl: e.PROVIDER_BASE_URL || null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    uploadReadSeconds: e.UPLOAD_READ_SECONDS,
    settlementBatchSize: e.SETTLEMENT_BATCH_SIZE,
    settlementSliceSeconds: e.SETTLEMENT_SLICE_SECONDS,
    settlementLanes: e.SETTLEMENT_LANES,
    settlementJobExpireSeconds: e.SETTLEMENT_JOB_EXPIRE_SECONDS,
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    callbackRetrySeconds: e.CALLBACK_RETRY_SECONDS,
    approvalExpireHours: e.APPROVAL_EXPIRE_HOURS,
    webRoot: e.WEB_ROOT || null,
    metricsToken: e.METRICS_TOKEN || null,
    publicOrigin: e.PUBLIC_ORIGIN || null,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
  };
}
