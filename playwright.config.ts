import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// Debian's Chromium where Playwright's own browser build is absent (it cannot be downloaded here).
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh embedded database with demo data for every run.
    command:
      "node -e \"require('fs').rmSync('data/e2e',{recursive:true,force:true})\" && vite build && tsx server/server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // A first build plus the demo seed can take minutes on a busy 2-core machine.
    timeout: 600_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'data/e2e',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Settlement in batches of 10, so the demo's few hundred pay-ins show their progress step by step.
      SETTLEMENT_BATCH_SIZE: '10',
      // A failed merchant callback is tried again after 2 s (then 4 s) and given up: the Callbacks spec waits seconds.
      CALLBACK_RETRY_SECONDS: '2',
    },
  },
});
