import { expect, test, type Page } from '@playwright/test';
import { businessDay, screenshot, signInAs } from './helpers';

const number = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function availableBalance(page: Page, clientName: string): Promise<number> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments Balance' }).click();
  await expect(page.getByRole('heading', { name: 'Payments Balance' })).toBeVisible();
  const client = page.getByRole('combobox', { name: 'Client' });
  if ((await client.textContent())?.trim() !== clientName) {
    await client.click();
    await page.getByRole('option', { name: clientName, exact: true }).click();
  }
  await expect(client).toHaveText(clientName);
  await expect(page.getByRole('group', { name: 'Available Balance' })).toContainText('Rp.');
  return number(await page.getByRole('group', { name: 'Available Balance' }).textContent());
}

async function openSettlement(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settlement' }).click();
  await expect(page.getByRole('heading', { name: 'Settlement', level: 1 })).toBeVisible();
}

async function chooseFelloQrisYesterday(page: Page) {
  await page.getByRole('combobox', { name: 'Settlement Type' }).click();
  await page.getByRole('option', { name: 'FELLO QRIS' }).click();
  // The default window is yesterday 00:00 to 23:59.
  await expect(page.getByRole('textbox', { name: 'Date range' })).toHaveValue(
    `${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`,
  );
  await page.getByRole('button', { name: 'Search' }).click();
}

test("SUPER ADMIN settles yesterday's FELLO QRIS, watches it run: pay-ins SETTLED, balances up by the net", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'superadmin@demo.local');
  await openSettlement(page);
  await expect(page.getByText('Choose a settlement type and a date range, then press Search.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settle All Transactions' })).toBeDisabled();
  await chooseFelloQrisYesterday(page);

  const table = page.getByRole('table', { name: 'Transactions to settle' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const bodyRows = (await rows.count()) - 1;
  expect(bodyRows).toBeGreaterThan(0);
  // The first client's figures: its net is what its Available Balance must rise by.
  const first = rows.nth(1).getByRole('cell');
  const clientName = (await first.nth(0).textContent())!.trim();
  let clientNet = 0;
  let count = 0;
  for (let i = 1; i <= bodyRows; i++) {
    const cells = rows.nth(i).getByRole('cell');
    count += number(await cells.nth(2).textContent());
    if ((await cells.nth(0).textContent())!.trim() === clientName)
      clientNet += number(await cells.nth(5).textContent());
  }
  expect(count).toBeGreaterThan(0);
  await screenshot(page, '40-settlement-rows');

  const before = await availableBalance(page, clientName);
  await openSettlement(page);
  await chooseFelloQrisYesterday(page);
  await expect(rows.nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Settle All Transactions' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Settle All Transactions' });
  await expect(dialog).toContainText(
    `Settle all FELLO QRIS transactions from ${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59?`,
  );
  await expect(dialog.getByRole('definition').first()).toHaveText(count.toLocaleString('en-US'));
  await screenshot(page, '41-settlement-confirm');

  // Every 'Settled n of N' the page shows while the run goes (the e2e server settles 10 per batch).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { settledTexts: string[] }).settledTexts = seen;
    new MutationObserver(() => {
      const status = [...document.querySelectorAll('[role="status"]')]
        .map((n) => n.textContent ?? '')
        .find((t) => t.startsWith('Settled '));
      if (status && seen.at(-1) !== status) seen.push(status);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(new RegExp(`^${count} transactions settled, Rp\\. [\\d,]+ moved to withdrawable$`)),
  ).toBeVisible({ timeout: 60_000 });
  const progress = await page.evaluate(() => (window as unknown as { settledTexts: string[] }).settledTexts);
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.every((t) => new RegExp(`^Settled [\\d,]+ of ${count.toLocaleString('en-US')}$`).test(t))).toBe(true);
  // The rows come back empty, and the run heads Recent settlements.
  await expect(page.getByText('No Transaction Can Be Settled. Please Select Other Type Or Date')).toBeVisible();
  const recent = page.getByRole('table', { name: 'Recent settlements' });
  await expect(recent.getByRole('row').nth(1)).toContainText('FELLO QRIS');
  await expect(recent.getByRole('row').nth(1)).toContainText(`${count} of ${count}`);
  await screenshot(page, '42-settlement-done');

  // A second press of the settled window moves nothing and says so.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No Transaction Can Be Settled. Please Select Other Type Or Date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settle All Transactions' })).toBeDisabled();

  // The report downloads as .xlsx.
  const download = page.waitForEvent('download');
  await recent
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /Download Report/ })
    .click();
  expect((await download).suggestedFilename()).toMatch(/^settlement-fello_qris-\d+\.xlsx$/);

  // Payments List: yesterday's FELLO QRIS are all SETTLED now, none FINALIZED.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments List' }).click();
  await page.getByRole('textbox', { name: 'Date range' }).fill(`${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`);
  await page.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'fello_qris' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'SETTLED' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Payments' })).toHaveAttribute('aria-busy', 'false');
  expect(number(await page.getByRole('group', { name: 'Total Transactions' }).textContent())).toBeGreaterThanOrEqual(
    count,
  );
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1)).toContainText('SETTLED');
  await screenshot(page, '43-payments-settled');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'FINALIZED' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Payments' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('group', { name: 'Total Transactions' })).toHaveText(/^Total Transactions\s*0$/);

  // The client's Available Balance rose by exactly its net (no e2e before this one adds pay-ins to withdrawable by
  // hand).
  expect(await availableBalance(page, clientName)).toBe(before + clientNet);
});
