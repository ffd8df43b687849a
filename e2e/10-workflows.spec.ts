import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { screenshot, signInAs } from './helpers';

test('SUPER ADMIN opens Workflows, reads the withdrawal lifecycle with its guards in words, and downloads its SCXML', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  await screenshot(page, '60-workflows');
  await page.getByRole('link', { name: 'withdrawal', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/workflows\/withdrawal$/);
  const chart = page.locator('svg').filter({ hasText: 'PENDING' }).first();
  await expect(chart).toContainText('COMPLETED');
  await expect(chart).toContainText('REJECTED');
  await screenshot(page, '61-withdrawal-lifecycle');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SCXML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('withdrawal.scxml');
  const xml = readFileSync((await file.path())!, 'utf8');
  expect(xml).toContain('<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"');
  expect(xml).toContain('<state id="withdrawal.PENDING"');
});
