import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { businessDay, screenshot, signInAs } from './helpers';

const tile = async (page: Page, name: string) =>
  Number((await page.getByRole('group', { name }).textContent())!.replace(/\D/g, ''));

test('SUPER ADMIN filters the Payments List and the tiles add up the rows shown', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  await expect(page.getByRole('heading', { name: 'Payments List' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('FINALIZED');
  await expect(page.getByRole('textbox', { name: 'Date range' })).toHaveValue(
    /^\d{4}-\d{2}-\d{2} 00:00 to \d{4}-\d{2}-\d{2} 23:59$/,
  );
  await expect.poll(() => tile(page, 'Total Transactions')).toBeGreaterThan(0);
  await screenshot(page, '20-payments-list');

  // A bad range is refused before any search.
  await page.getByRole('textbox', { name: 'Date range' }).fill('last week');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Invalid Date Range - Please input a valid date range')).toBeVisible();

  // Yesterday and today, PENDING QRIS from Fello, all on one page.
  await page.getByRole('textbox', { name: 'Date range' }).fill(`${businessDay(0)} 00:00 to ${businessDay(-1)} 00:00`);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'PENDING' }).click();
  await page.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'fello_qris' }).click();
  await expect(page.getByRole('combobox', { name: 'Payment method' })).toHaveText('fello_qris');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '1000' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  // The range was turned as the spec says: ends swapped, a 00:00 end made 23:59.
  await expect(page.getByRole('textbox', { name: 'Date range' })).toHaveValue(
    `${businessDay(-1)} 00:00 to ${businessDay(0)} 23:59`,
  );

  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  expect(await tile(page, 'Total Transactions')).toBe(count);
  const statuses = await rows.locator('td:nth-child(5)').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['PENDING']));
  expect(new Set(await rows.locator('td:nth-child(7)').allTextContents())).toEqual(new Set(['fello_qris']));
  const amounts = (await rows.locator('td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
  expect(await tile(page, 'Total Amount')).toBe(amounts.reduce((a, b) => a + b, 0));
  await screenshot(page, '21-payments-list-filtered');
});

test('SUPER ADMIN finalizes a PENDING pay-in, opens its invoice and re-sends its callback', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'PENDING' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const first = table.locator('tbody tr').first();
  const correlationId = (await first.locator('td:nth-child(2)').textContent())!;
  // Each row action is named for its row (issue 26).
  await first.getByRole('button', { name: `Finalize ${correlationId}`, exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Finalize Transaction' });
  await expect(dialog.getByRole('textbox', { name: 'Correlation ID' })).toHaveValue(correlationId);
  await dialog.getByRole('button', { name: 'Finalize' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please enter RRN');
  await dialog.getByRole('textbox', { name: 'RRN' }).fill('123456789012');
  // Paid time in the product's words: YYYY-MM-DD and a 24-hour clock, each part named (issue 26).
  await expect(dialog.getByLabel('Paid time date', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dialog.getByLabel('Paid time time', { exact: true })).toHaveValue(/^([01]\d|2[0-3]):[0-5]\d$/);
  await screenshot(page, '22-manual-finalize');
  await dialog.getByRole('button', { name: 'Finalize' }).click();
  await expect(page.getByText('Transaction has been finalized').first()).toBeVisible();
  await expect(table.getByText(correlationId)).toHaveCount(0);

  // The same pay-in, now FINALIZED.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(correlationId);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const row = table.locator('tbody tr').filter({ hasText: correlationId });
  await expect(row).toContainText('FINALIZED');
  await expect(row).toContainText('123456789012');

  await row.getByRole('button', { name: `Invoice ${correlationId}`, exact: true }).click();
  const invoice = page.getByRole('document', { name: 'Invoice' });
  await expect(invoice).toContainText('support@nusapay.co.id');
  await expect(invoice).toContainText(correlationId);
  await expect(invoice).toContainText('rupiah');
  await screenshot(page, '23-invoice');
  await page.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Resend callback ${correlationId}`, exact: true }).click();
  await expect(page.getByText('Successfully send Callback !').first()).toBeVisible();
});

test("SUPER ADMIN checks a provider's report against our records", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const ids = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  const amounts = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((t) => t.replace(/\D/g, ''));
  const csv =
    `correlation_id,status,amount\n${ids[0]},SUCCESS,${amounts[0]}\n` +
    `${ids[1]},SUCCESS,1\nUNKNOWN-REF-1,SUCCESS,10000\n`;

  await page.getByRole('button', { name: 'Check Transactions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check Transactions' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Choose a settlement type');
  await dialog.getByRole('combobox', { name: 'Settlement type' }).click();
  await page.getByRole('option', { name: 'FELLO QRIS' }).click();
  await dialog.getByLabel('Choose report files').setInputFiles([
    { name: 'settlement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    { name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('png') },
  ]);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toContainText('scan.png: only CSV or Excel files are accepted');
  await dialog.getByRole('button', { name: 'Remove scan.png' }).click();
  await dialog.getByRole('button', { name: 'Upload' }).click();

  const results = page.getByRole('dialog', { name: 'Check Transactions: Results' });
  await expect(results.getByLabel('Summary')).toContainText('3 rows');
  await expect(results.getByLabel('Summary')).toContainText('2 found');
  await expect(results.getByLabel('Summary')).toContainText('1 missing');
  await expect(results.getByLabel('Summary')).toContainText('1 amounts differ');
  await expect(results.getByRole('row').filter({ hasText: 'UNKNOWN-REF-1' })).toContainText('Missing');
  await screenshot(page, '24-check-transactions');
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(results).toHaveCount(0);
});

test('a client user downloads the search as an .xlsx and has it e-mailed', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'client@demo.local');
  await page.getByRole('textbox', { name: 'Date range' }).fill(`${businessDay(-3)} 00:00 to ${businessDay(0)} 23:59`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Payments' })).toHaveAttribute('aria-busy', 'false');
  const total = await tile(page, 'Total Transactions');
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download .xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Data Download.xlsx');
  await expect(page.getByText('File downloaded successfully').first()).toBeVisible();
  const XLSX = await import('xlsx');
  const book = XLSX.read(readFileSync((await download.path())!), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]]);
  expect(rows).toHaveLength(total);

  await page.getByRole('button', { name: 'Export' }).click();
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  await dialog.getByRole('textbox', { name: 'Input Your Email Address' }).fill('finance@client');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Email is invalid')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Input Your Email Address' }).fill('finance@sinar-nusantara.co.id');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/finance@sinar-nusantara\.co\.id/).first()).toBeVisible();
  await screenshot(page, '25-export-emailed');
});

test('at 1366 x 768 a row keeps its identity beside its actions, reached in a few keys (issue 26)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin@demo.local');
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const first = table.locator('tbody tr').first();
  const correlationId = (await first.locator('td:nth-child(2)').textContent())!;
  const actions = first.getByRole('group', { name: `Actions for ${correlationId}` });
  const scrollBox = table.locator('xpath=..');
  /** Wholly inside the table's scroll box, as drawn: not scrolled off, not clipped. */
  const shown = async (part: typeof first) => {
    const box = (await scrollBox.boundingBox())!;
    const it = (await part.boundingBox())!;
    return it.x >= box.x - 1 && it.x + it.width <= box.x + box.width + 1;
  };
  const identity = [first.locator('td:nth-child(1)'), first.locator('td:nth-child(2)')];
  for (const part of [...identity, actions]) expect(await shown(part)).toBe(true);
  // Scrolled sideways to the last column: the identity and the actions stay where they were.
  await scrollBox.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect(first.locator('td:nth-child(11)')).toBeInViewport();
  for (const part of [...identity, actions]) expect(await shown(part)).toBe(true);
  await screenshot(page, '24-payments-list-1366-scrolled');

  // The table is one Tab stop: the arrow keys move along a row's actions, and Tab leaves the table.
  const buttons = actions.getByRole('button');
  await buttons.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(buttons.nth(1)).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('table[aria-label="Payments"]') == null)).toBe(true);
});
