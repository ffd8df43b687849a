import { expect, test } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

const day = (offset: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * Issue 29: the overview says where to start the day, and the lists remember how each person works:
 * a tile opens its list already filtered, a preset and a reload keep the window, and a view is saved
 * under a name. (Opening a view, a hidden column after a reload and a copied address in a second context
 * are not yet driven here.)
 */
test('the overview opens filtered lists; a preset, a reload and Back keep the window; a view is saved', async ({
  page,
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

  // Payments List: Yesterday from the presets goes into the address on Search, and survives a reload.
  await menu.getByRole('link', { name: 'Payments List' }).click();
  const range = page.getByRole('textbox', { name: 'Date range' });
  await expect(range).toHaveValue(`${day(0)} 00:00 to ${day(0)} 23:59`);
  await page.getByRole('button', { name: 'Date presets' }).first().click();
  await page.getByRole('menuitem', { name: 'Yesterday' }).click();
  await expect(range).toHaveValue(`${day(-1)} 00:00 to ${day(-1)} 23:59`);
  // A preset fills the window as typing would; Search applies it, and the address says 'yesterday'.
  await page.getByRole('button', { name: 'Search' }).click();
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
});
