import { expect, test, type Page } from '@playwright/test';
import { expectClean, WCAG_AND_BEST_PRACTICE } from './axe';
import { asPage, businessDay, screenshot, signInAs } from './helpers';

/**
 * Issue 43: a pay-in moved in bulk, traced by an AUDITOR at 1366x768. A SUPER ADMIN runs Process
 * Transactions for one client; the auditor finds the bulk line, reads a pay-in off its records,
 * searches the log by that pay-in and finds the same line, opens its journal entries and comes back;
 * every column of the log fits the screen, and axe (best practices too) finds nothing.
 */
const CLIENT = 'PT Lautan Biru Travel';

/**
 * A SUPER ADMIN's Process Transactions of one client's FINALIZED pay-ins of today: the preview, then the
 * apply of exactly what it counted, over the API as the signed-in page (the screen's own dialog is
 * 03's and 13's to drive; this test is about what the auditor finds after).
 */
async function processTransactions(page: Page) {
  await signInAs(page, 'superadmin@demo.local');
  const clients = await page.request.get('/api/backoffice/master/client');
  const client = ((await clients.json()).data as Array<{ id: number; client_name: string }>).find(
    (c) => c.client_name === CLIENT,
  )!;
  const day = businessDay();
  const filter = { start: `${day} 00:00`, end: `${day} 23:59`, client_id: String(client.id) };
  const send = async (data: Record<string, unknown>) => {
    const res = await page.request.patch('/api/backoffice/transaction/update-transaction', {
      headers: asPage(page),
      data,
    });
    expect(res.status(), JSON.stringify(await res.json())).toBe(200);
    return (await res.json()).data;
  };
  const preview = await send({ ...filter, dry_run: true });
  expect(preview.count).toBeGreaterThan(0);
  await send({ ...filter, expected_count: preview.count, expected_amount: preview.amount });
}

/** Each header of the table and its last column's buttons end within the window: nothing cut, nothing to scroll to. */
async function expectFits(page: Page, table: ReturnType<Page['getByRole']>) {
  const width = page.viewportSize()!.width;
  for (const header of await table.getByRole('columnheader').all()) {
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `${await header.textContent()} ends inside the window`).toBeLessThanOrEqual(width);
  }
  const row = table.getByRole('row').nth(1);
  for (const button of await row.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  const scrolls = await table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth);
  expect(scrolls, 'the log scrolls sideways').toBe(false);
}

test('AUDITOR traces a pay-in moved in bulk: its line, its records, its journal, and back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newPage();
  await processTransactions(admin);
  await admin.close();

  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'auditor@demo.local');
  await page.goto('/dashboard/audit-log');
  await page.getByRole('textbox', { name: 'Action' }).fill('transaction.bulk_add_withdrawable');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  const line = table.getByRole('row').nth(1);
  await expect(line).toContainText('transaction.bulk_add_withdrawable');
  await expect(line).toContainText(/records moved: \d+/);
  await expectFits(page, table);
  await expectClean(page, 'the Audit Log (1366)', undefined, WCAG_AND_BEST_PRACTICE);
  await screenshot(page, '95-auditor-bulk-line');

  // Its records: read one pay-in off the list.
  await line.getByRole('button', { name: 'Records' }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit line \d+$/ });
  const records = dialog.getByRole('table', { name: 'Records moved' });
  await expect(records.getByRole('row').nth(1)).toBeVisible();
  const payin = (await records.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())!.trim();
  expect(payin).toMatch(/^[A-Z0-9-]+$/);
  await expectClean(page, "a bulk line's records", undefined, WCAG_AND_BEST_PRACTICE);
  await screenshot(page, '96-auditor-bulk-records');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Searching the log by that pay-in finds the bulk line that moved it.
  await page.getByRole('textbox', { name: 'Action' }).fill('');
  await page.getByRole('textbox', { name: 'Search' }).fill(payin);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = table.getByRole('row').filter({ hasText: 'transaction.bulk_add_withdrawable' });
  await expect(found).toHaveCount(1);

  // Its journal: the entries it posted, each naming its pay-in; then back to the log.
  const journalButton = found.getByRole('button', { name: 'Journal' });
  await journalButton.click();
  await expect(dialog.getByRole('tab', { name: 'Journal entries', selected: true })).toBeVisible();
  await expect(dialog.getByRole('table').first()).toContainText('withdrawable');
  await expect(dialog.getByText(/payin\.withdrawable · /).first()).toBeVisible();
  await screenshot(page, '97-auditor-bulk-journal');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(journalButton).toBeFocused();
  await expect(found).toBeVisible();
});
