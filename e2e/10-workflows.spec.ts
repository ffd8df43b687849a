import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectChartReadable, viewBoxOf } from './charts';
import { screenshot, signInAs } from './helpers';

test('SUPER ADMIN opens Workflows, reads the withdrawal lifecycle, guards in words, downloads its SCXML', async ({
  page,
}) => {
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

test('every workflow chart fits its panel, names inside boxes, at 1366x768 too; zooms and pans by key, drag', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin@demo.local');
  await page.goto('/dashboard/workflows');
  const links = page.getByRole('table', { name: 'Workflows' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const ids = await links.allTextContents();
  expect(ids).toContain('disbursement');
  for (const id of ids) {
    await page.goto(`/dashboard/workflows/${id}`);
    const panel = page.getByRole('group', { name: `${id} chart: zoom and pan` });
    await expectChartReadable(panel, id);
    // The page never scrolls sideways: the chart is scaled into its width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      id,
    ).toBe(true);
  }

  await page.goto('/dashboard/workflows/disbursement');
  const panel = page.getByRole('group', { name: 'disbursement chart: zoom and pan' });
  await expectChartReadable(panel, 'disbursement');
  await screenshot(page, '62-disbursement-lifecycle-1366');
  const whole = await viewBoxOf(panel);
  await expect(page.getByRole('button', { name: 'Fit' })).toBeDisabled();
  // Keyboard alone: Tab reaches the chart, + zooms in about its centre, arrows pan, 0 fits again.
  await panel.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  const zoomed = await viewBoxOf(panel);
  expect(zoomed[2]).toBeCloseTo(whole[2] / 1.5625, 3);
  await page.keyboard.press('ArrowRight');
  const panned = await viewBoxOf(panel);
  expect(panned[0]).toBeGreaterThan(zoomed[0]);
  await expect(page.getByRole('button', { name: 'Fit' })).toBeEnabled();
  await screenshot(page, '63-disbursement-zoomed');
  // A drag to the right shows what lies to the left.
  const box = (await panel.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  expect((await viewBoxOf(panel))[0]).toBeLessThan(panned[0]);
  await panel.focus();
  await page.keyboard.press('0');
  expect(await viewBoxOf(panel)).toEqual(whole);
});
