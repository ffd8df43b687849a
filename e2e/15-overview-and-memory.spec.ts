import { expect, test } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

const day = (offset: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * Issue 29: the overview says where to start the day, and the lists remember how each person works:
 * a tile opens its list already filtered, a preset and a reload keep the window, a saved view brings
 * the filters back, a hidden column stays hidden, and a copied address opens the same rows elsewhere.
 */
test('the overview opens filtered lists; the lists keep windows, views and columns across reloads and people', async ({
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

  // The tile opens the Disbursement List filtered to PENDING, with as many rows as it counted.
  await pendingTile.click();
  await expect(page).toHaveURL(/\/dashboard\/disbursement\/transactions\?.*status=PENDING/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('PENDING');
  const disbursements = page.locator('table[aria-label="Disbursements"]');
  if (pendingCount > 0) await expect(disbursements.getByRole('row').nth(1)).toContainText('PENDING');
  await expect(disbursements.getByRole('row').filter({ hasText: /FINALIZED|FAILED|VOIDED/ })).toHaveCount(0);

  // Payments List: Yesterday from the presets searches at once, goes into the address, and survives a reload.
  await menu.getByRole('link', { name: 'Payments List' }).click();
  const range = page.getByRole('textbox', { name: 'Date range' });
  await expect(range).toHaveValue(`${day(0)} 00:00 to ${day(0)} 23:59`);
  await page.getByRole('button', { name: 'Date presets' }).first().click();
  await page.getByRole('menuitem', { name: 'Yesterday' }).click();
  await expect(range).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);
  await expect(page).toHaveURL(/range=yesterday/);
  await page.reload();
  await expect(range).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);
  // Back returns to the search before (today's window).
  await page.goBack();
  await expect(range).toHaveValue(`${day(0)} 00:00 to ${day(0)} 23:59`);
  await page.goForward();
  await expect(range).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);

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
  // The menu's Payments List is the bare list (today, FINALIZED); the view brings the filters back.
  await menu.getByRole('link', { name: 'Overview' }).click();
  await menu.getByRole('link', { name: 'Payments List' }).click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('FINALIZED');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Open view Yesterday pending' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('PENDING');
  await expect(range).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);

  // A hidden RRN column stays hidden after a reload (kept on the server for this person).
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('columnheader', { name: 'RRN' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'RRN' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'RRN' })).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'RRN' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  await screenshot(page, '96-payments-list-remembered');

  // The address opens the same rows for another permitted person, in another browser context.
  const address = page.url();
  const firstIds = await table.getByRole('row').locator('td:nth-child(2)').allTextContents();
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const second = await other.newPage();
  await signInAs(second, 'superadmin@demo.local');
  await second.goto(address);
  const secondTable = second.getByRole('table', { name: 'Payments' });
  await expect(second.getByRole('combobox', { name: 'Status' })).toHaveText('PENDING');
  await expect(second.getByRole('textbox', { name: 'Date range' })).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);
  if (firstIds.length) await expect(secondTable.getByRole('row').nth(1)).toBeVisible();
  await expect.poll(() => secondTable.getByRole('row').locator('td:nth-child(2)').allTextContents()).toEqual(firstIds);
  // Their own columns are theirs: RRN is still shown to them.
  await expect(secondTable.getByRole('columnheader', { name: 'RRN' })).toBeVisible();
  await other.close();

  // Put the column back, so the person's list is as it was.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'RRN' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'RRN' })).toBeVisible();
});
