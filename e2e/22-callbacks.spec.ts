import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { asPage, screenshot, signInAs } from './helpers';

/**
 * Issue 47: an operator finds a failing merchant's callbacks on the Callbacks page, resends one to a receiver
 * that now answers 200, and sees it delivered without a reload. The merchant is a local receiver in this test;
 * the e2e server retries a failed callback after CALLBACK_RETRY_SECONDS (playwright.config.ts), so a failing
 * delivery gives up within seconds.
 */

interface Receiver {
  server: Server;
  url: string;
  status: number;
  hits: number;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { status: 500, hits: 0 } as Receiver;
  receiver.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receiver.hits += 1;
      res.writeHead(receiver.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: receiver.status === 200, note: 'e2e receiver' }));
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/merchant-callback`;
  return receiver;
}

const callbacksTable = (page: Page) => page.getByRole('table', { name: 'Callbacks' });

async function filterCallbacks(page: Page, clientName: string, correlationId = '') {
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: clientName, exact: true }).click();
  await page.getByRole('textbox', { name: 'Correlation ID' }).fill(correlationId);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('an operator sees a failing merchant callback, resends it to a mended receiver and sees it delivered live', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    await signInAs(page, 'superadmin@demo.local');

    // A PENDING pay-in and its client, from the Payments List.
    await page.goto('/dashboard/transactions');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'PENDING' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments).toHaveAttribute('aria-busy', 'false');
    const first = payments.locator('tbody tr').first();
    const correlationId = (await first.locator('td:nth-child(2)').textContent())!.trim();
    const clientName = (await first.locator('td:nth-child(6)').textContent())!.trim();

    // The Callbacks page is in the menu beside the Payments List; the client's endpoint is reached from it.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Callbacks' }).click();
    await expect(page.getByRole('heading', { name: 'Callbacks', level: 1 })).toBeVisible();
    await filterCallbacks(page, clientName);
    const clientId = Number(new URL(page.url()).searchParams.get('client_id'));
    expect(clientId).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Callback endpoint' }).click();
    const endpoint = page.getByRole('dialog', { name: 'Callback endpoint' });
    await expect(endpoint).toContainText(clientName);
    const urlValue = endpoint.locator('dt:has-text("URL") + dd');
    await expect(urlValue).not.toHaveText('');
    const demoUrl = (await urlValue.textContent())!.trim();

    // A URL the rule refuses is said at the field; the receiver's is saved.
    await endpoint.getByRole('button', { name: 'Edit URL' }).click();
    const urlField = endpoint.getByRole('textbox', { name: 'Callback URL' });
    await urlField.fill('merchant.example/callback');
    await endpoint.getByRole('button', { name: 'Save URL' }).click();
    await expect(endpoint).toContainText('Callback URL must be a full URL');
    await urlField.fill(receiver.url);
    await endpoint.getByRole('button', { name: 'Save URL' }).click();
    await expect(urlValue).toHaveText(receiver.url);

    // The test callback reaches the receiver, which answers 500: the outcome is shown in place.
    const hitsBefore = receiver.hits;
    await endpoint.getByRole('button', { name: 'Send test callback' }).click();
    const outcome = endpoint.getByRole('region', { name: 'Test callback outcome' });
    await expect(outcome).toContainText('Test callback failed');
    await expect(outcome).toContainText('HTTP 500');
    expect(receiver.hits).toBeGreaterThan(hitsBefore);
    await screenshot(page, '22-callback-endpoint');

    // Rotation is asked first; the new secret is shown once, then gone.
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await endpoint.getByRole('button', { name: 'Yes, rotate' }).click();
    const secretDialog = page.getByRole('alertdialog', { name: 'New callback secret' });
    const secret = (await secretDialog.getByTestId('new-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await screenshot(page, '22-callback-secret');
    await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(endpoint).not.toContainText(secret);
    await expect(endpoint.locator('dt:has-text("Previous secret valid until") + dd')).not.toHaveText('-');
    await endpoint.getByRole('button', { name: 'Close' }).click();

    // The pay-in finalized by hand: its callback goes to the receiver, which keeps answering 500.
    await page.goto('/dashboard/transactions');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'PENDING' }).click();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(correlationId);
    await page.getByRole('button', { name: 'Search' }).click();
    await payments
      .locator('tbody tr')
      .filter({ hasText: correlationId })
      .getByRole('button', { name: `Finalize ${correlationId}`, exact: true })
      .click();
    const finalize = page.getByRole('dialog', { name: 'Finalize Transaction' });
    await finalize.getByRole('textbox', { name: 'RRN' }).fill('220047000001');
    await finalize.getByRole('button', { name: 'Finalize' }).click();
    await expect(page.getByText('Transaction has been finalized').first()).toBeVisible();

    // On the Callbacks page, filtered by the client: failing (the retries' schedule and the give-up are the server
    // tests' (callbackLog.test): here a retry's time depends on what else the e2e server's queue holds).
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Callbacks' }).click();
    await filterCallbacks(page, clientName, correlationId);
    const row = callbacksTable(page).getByRole('row', { name: `Callback ${correlationId}` });
    await expect(row).toContainText(/Failing|Gave up/, { timeout: 30_000 });
    await expect(row).toContainText('HTTP 500');
    await page.setViewportSize({ width: 1366, height: 768 });
    await screenshot(page, '22-callbacks-failing-1366');
    // Every column in view at 1366 px: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const actionsBox = await row.getByRole('button', { name: `Resend callback ${correlationId}` }).boundingBox();
    expect(actionsBox!.x + actionsBox!.width).toBeLessThanOrEqual(1366);

    // The receiver is mended; Resend from the row shows Delivered without a reload.
    receiver.status = 200;
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await row.getByRole('button', { name: `Resend callback ${correlationId}` }).click();
    await expect(row).toContainText('Delivered', { timeout: 30_000 });
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Its attempts: the 500s and the delivered Resend, by whom.
    await row.getByRole('button', { name: `Attempts of ${correlationId}` }).click();
    const attempts = page.getByRole('dialog', { name: 'Callback attempts' });
    const attemptRows = attempts.getByRole('table', { name: 'Attempts' }).locator('tbody tr');
    // A system retry may reach the mended receiver too (then the Resend is a second 200).
    await expect(attemptRows.filter({ hasText: 'HTTP 200' }).first()).toBeVisible();
    expect(await attemptRows.filter({ hasText: 'HTTP 500' }).count()).toBeGreaterThanOrEqual(1);
    await expect(attempts).toContainText('Resend by superadmin@demo.local');
    await expect(attempts).toContainText(receiver.url);
    await screenshot(page, '22-callback-attempts-1366');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, '22-callback-attempts-1440');
    await attempts.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, '22-callbacks-delivered-1440');

    // The Payments List's Resend says how the last callback went.
    await page.goto('/dashboard/transactions');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(correlationId);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByLabel(`Last callback of ${correlationId}`)).toContainText('Delivered');
    await screenshot(page, '22-payments-last-callback');

    // The client's callbacks go to the demo merchant again. The seed keeps it as a path on this server, which
    // no person may type; its full URL on this server's loopback is the same merchant.
    const { origin } = asPage(page);
    const demoMerchant = demoUrl.startsWith('/') ? `${origin}${demoUrl}/${clientId}` : demoUrl;
    const restored = await page.request.put(`/api/backoffice/master/client/${clientId}/callback-url`, {
      headers: asPage(page),
      data: { callback_url: demoMerchant },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
