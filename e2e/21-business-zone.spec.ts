import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { signInAs } from './helpers';

/**
 * TZ_BUSINESS reaches the browser: a server of this spec's own runs on Asia/Makassar (UTC+8), and the
 * app shows, takes and windows every time on that clock, as the server reads it; Jakarta (UTC+7) would
 * read the same typed window an hour later. The main run's server stays on its own zone.
 */
const ZONE = 'Asia/Makassar';
const port = Number(process.env.E2E_PORT ?? 3210) + 100;
const origin = `http://127.0.0.1:${port}`;
const DATA_DIR = 'data/e2e-makassar';
// helpers.ts keeps the demo users' authenticators for the main server; this server's are its own.
const STORE = 'data/e2e/authenticators.json';

let server: ChildProcess | undefined;
let storeBefore: string | null = null;

test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  storeBefore = existsSync(STORE) ? readFileSync(STORE, 'utf8') : null;
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn('npx', ['tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TZ_BUSINESS: ZONE,
    },
    stdio: 'inherit',
    // Its own process group: npx starts tsx, which starts node; ending the group ends them all.
    detached: true,
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 280_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  }
  if (storeBefore === null) rmSync(STORE, { force: true });
  else writeFileSync(STORE, storeBefore);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant `minutes` after `iso` as the business clock of `timeZone` writes it: 'YYYY-MM-DD HH:mm'. */
const wall = (iso: string, timeZone: string, minutes = 0) =>
  dayjs(iso).add(minutes, 'minute').tz(timeZone).format('YYYY-MM-DD HH:mm');

test(`a window typed on the Payments List is read in ${ZONE}, the server's zone`, async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  await expect(page.getByRole('heading', { name: 'Payments List' })).toBeVisible();

  // The newest FINALIZED pay-in, as the server answers it.
  const answer = await page.request.get(
    '/api/backoffice/transaction/list?status=FINALIZED&start=2000-01-01 00:00&end=2100-01-01 00:00',
  );
  const [payin] = (await answer.json()).data as Array<{ correlation_id: string; transaction_time: string }>;
  const shown = wall(payin.transaction_time, ZONE);
  expect(shown).not.toBe(wall(payin.transaction_time, 'Asia/Jakarta'));
  const nextMinute = wall(payin.transaction_time, ZONE, 1);

  // Its minute on Makassar's clock (Jakarta's reading of this text starts an hour after it).
  const range = page.getByRole('textbox', { name: 'Date range' });
  await range.fill(`${shown} to ${nextMinute}`);
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(payin.correlation_id);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const row = table.locator('tbody tr').filter({ hasText: payin.correlation_id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shown);

  // The two minutes before it hold nothing.
  await range.fill(`${wall(payin.transaction_time, ZONE, -2)} to ${wall(payin.transaction_time, ZONE, -1)}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('tbody tr').filter({ hasText: payin.correlation_id })).toHaveCount(0);

  // The date-time fields name the zone they are read in.
  await page.getByRole('button', { name: 'Pick dates' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick a date range' });
  await expect(picker.getByText('YYYY-MM-DD HH:mm, 24-hour, Asia/Makassar').first()).toBeVisible();
});
