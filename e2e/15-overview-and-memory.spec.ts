import { expect, test } from '@playwright/test';
import { businessDay, screenshot, signInAs } from './helpers';

/**
 * Issue 29: the overview says where to start the day, and the lists remember how each person works:
 * a tile opens its list already filtered, a preset and a reload keep the window, a saved view brings
 * its filters back, a hidden column stays hidden after a reload, and a copied address opens the same
 * rows for another permitted user in a browser of their own.
 */
test('the overview opens filtered lists; a preset, a reload and Back keep the window; views, columns and links', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin2@demo.local');
  // Sign-in still lands where the spec says; the Overview is first in the menu.
  await expect(page.getByRole('heading', { name: 'Payments List' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link').first()).toHaveText(/Overview/);

  await menu.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const pendingTile = page.getByRole('link', { name: /^Pending disbursements: / });
  await expect(pendingTile).toBeVisible();
  await screenshot(page, '95-overview-1366');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, '95-overview-1440');
  await page.setViewportSize({ width: 1366, height: 768 });
  const pendingCount = Number((await pendingTile.getAttribute('aria-label'))!.replace(/\D/g, ''));

  const withdrawalTile = page.getByRole('link', { name: /^Pending withdrawals: / });
  const withdrawalCount = Number((await withdrawalTile.getAttribute('aria-label'))!.replace(/\D/g, ''));

  // Issue 45: the tile counts every disbursement waiting (PENDING_REQUEST and PENDING, however old) and opens
  // the Disbursement List filtered to WAITING from the oldest one's day, whose total is the tile's.
  await pendingTile.click();
  await expect(page).toHaveURL(/\/dashboard\/disbursement\/transactions\?.*status=WAITING/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('WAITING');
  const disbursements = page.locator('table[aria-label="Disbursements"]');
  await expect(disbursements).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(`${pendingCount} in all`)).toBeVisible();
  if (pendingCount > 0) await expect(disbursements.getByRole('row').nth(1)).toContainText('PENDING');
  await expect(disbursements.getByRole('row').filter({ hasText: /FINALIZED|FAILED|VOIDED/ })).toHaveCount(0);

  // Issue 45: the withdrawal tile opens Payments Balance's history of All clients, PENDING, with a Client
  // column: rows of several clients, as many as the tile counts; the cards ask for one client.
  await menu.getByRole('link', { name: 'Overview' }).click();
  await withdrawalTile.click();
  await expect(page).toHaveURL(/\/dashboard\/balance\?client_filter=&status=PENDING/);
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveText('All clients');
  const history = page.locator('table[aria-label="Withdrawal History"]');
  await expect(history).toHaveAttribute('aria-busy', 'false');
  await expect(history.getByRole('columnheader', { name: 'Client' })).toHaveCount(1);
  await expect(page.getByText(`${withdrawalCount} in all`)).toBeVisible();
  await expect(
    page.getByText('Choose a client to see its balance and to request a withdrawal or transfer.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Widthdrawal' })).toBeDisabled();
  const clientCells = await history.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(new Set(clientCells).size).toBeGreaterThan(1);
  await expect(history.getByRole('row').filter({ hasText: /COMPLETED|REJECTED/ })).toHaveCount(0);
  await screenshot(page, '98-withdrawals-all-clients-1366');

  // Payments List: Yesterday from the presets goes into the address on Search, and survives a reload.
  await menu.getByRole('link', { name: 'Payments List' }).click();
  const range = page.getByRole('textbox', { name: 'Date range' });
  await expect(range).toHaveValue(`${businessDay(0)} 00:00 to ${businessDay(0)} 23:59`);
  await page.getByRole('button', { name: 'Date presets' }).first().click();
  await page.getByRole('menuitem', { name: 'Yesterday' }).click();
  await expect(range).toHaveValue(`${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`);
  // A preset fills the window as typing would; Search applies it, and the address says 'yesterday'.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/range=yesterday/);
  await page.reload();
  await expect(range).toHaveValue(`${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`);
  // Back returns to the search before (today's window).
  await page.goBack();
  await expect(range).toHaveValue(`${businessDay(0)} 00:00 to ${businessDay(0)} 23:59`);
  await page.goForward();
  await expect(range).toHaveValue(`${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`);

  // A saved view keeps the filters: PENDING, yesterday.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'PENDING' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=PENDING/);
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('textbox', { name: 'Save current view as' }).fill('Yesterday pending');
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByRole('button', { name: 'Open view Yesterday pending' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Saved views' })).toHaveCount(0);

  // Another search (today, every status), then the view brings back yesterday's PENDING pay-ins.
  const status = page.getByRole('combobox', { name: 'Status' });
  await page.getByRole('button', { name: 'Date presets' }).first().click();
  await page.getByRole('menuitem', { name: 'Today' }).click();
  await status.click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/range=today/);
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Open view Yesterday pending' }).click();
  // Opening a view is a choice made: the menu closes and the list shows the view.
  await expect(page.getByRole('dialog', { name: 'Saved views' })).toHaveCount(0);
  await expect(range).toHaveValue(`${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`);
  await expect(status).toHaveText('PENDING');
  await expect(page).toHaveURL(/range=yesterday/);
  await expect(page).toHaveURL(/status=PENDING/);

  // Columns: RRN hidden by its checkbox stays hidden after a reload (kept on the server for this person).
  const payments = page.locator('table[aria-label="Payments"]');
  await expect(payments.getByRole('columnheader', { name: 'RRN' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'RRN' }).click();
  await expect(page.getByRole('checkbox', { name: 'RRN' })).not.toBeChecked();
  await expect(payments.getByRole('columnheader', { name: 'RRN' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Choose columns' })).toHaveCount(0);
  await screenshot(page, '96-payments-list-view-no-rrn-1366');
  await page.reload();
  await expect(payments).toHaveAttribute('aria-busy', 'false');
  await expect(payments.getByRole('columnheader', { name: 'Amount' })).toHaveCount(1);
  await expect(payments.getByRole('columnheader', { name: 'RRN' })).toHaveCount(0);

  // The address, copied into another SUPER ADMIN's browser, opens the same window, filter and rows.
  const ids = async (p: typeof page) => {
    const table = p.locator('table[aria-label="Payments"]');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    return table.locator('tbody tr td:nth-child(2)').allTextContents();
  };
  const address = page.url();
  const mine = await ids(page);
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  await signInAs(second, 'superadmin@demo.local');
  await second.goto(address);
  await expect(second.getByRole('textbox', { name: 'Date range' })).toHaveValue(
    `${businessDay(-1)} 00:00 to ${businessDay(-1)} 23:59`,
  );
  await expect(second.getByRole('combobox', { name: 'Status' })).toHaveText('PENDING');
  expect(await ids(second)).toEqual(mine);
  // Their own columns: RRN was hidden by the first person only.
  await expect(second.locator('table[aria-label="Payments"]').getByRole('columnheader', { name: 'RRN' })).toHaveCount(
    1,
  );
  await screenshot(second, '97-payments-list-copied-link-1440');
  await other.close();
});

test('the Audit Log keeps its window in the address and its columns across a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin2@demo.local');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Date presets' }).first().click();
  await page.getByRole('menuitem', { name: 'Last 7 days' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log\?.*range=last-7-days/);
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^IP$/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'IP' }).click();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: /^IP$/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Date range' })).toHaveValue(
    `${businessDay(-6)} 00:00 to ${businessDay(0)} 23:59`,
  );
  await expect(headers.filter({ hasText: /^Action$/ })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^IP$/ })).toHaveCount(0);
  await screenshot(page, '98-audit-log-last-7-days-no-ip-1366');
});
