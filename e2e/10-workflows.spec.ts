import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectChartReadable, labelHeights, viewBoxOf } from './charts';
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
  // Fit first: the disbursement chart may open at a readable scale rather than whole (issue 45).
  await panel.focus();
  await page.keyboard.press('0');
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

test('a large chart (the Payments List machine) opens readable, with the whole as an overview, at 1366x768 and 1440x900', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin@demo.local');
  await page.goto('/dashboard/workflows');
  await expect(
    page.getByRole('table', { name: 'Workflows' }).getByRole('link', { name: 'paymentsList' }),
  ).toBeVisible();
  await page.goto('/dashboard/workflows/paymentsList');
  const panel = page.getByRole('group', { name: 'paymentsList chart: zoom and pan' });
  await expect(panel.locator('text[data-name]').first()).toBeAttached({ timeout: 30_000 });
  // The panel takes the room the window leaves, not a 160-px strip.
  expect((await panel.boundingBox())!.height).toBeGreaterThan(350);
  // At the first view every label drawn is at least 11 px tall on screen.
  const heights = await labelHeights(panel);
  expect(heights.length).toBeGreaterThan(5);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);
  // The overview shows the whole chart: its viewBox is the chart's, every state inside it, the view marked.
  const overview = page.locator('[data-chart-overview] svg');
  await expect(overview).toBeVisible();
  const states = await panel.locator('[data-state]').count();
  await expect(overview.locator('[data-state]')).toHaveCount(states);
  await expect(overview.locator('rect[data-in-view]')).toBeVisible();
  await expectChartReadable(panel, 'paymentsList at 1366x768');
  await screenshot(page, '64-payments-list-chart-1366');
  // A press on the overview's far corner moves the view there.
  const before = await viewBoxOf(panel);
  const o = (await overview.boundingBox())!;
  await page.mouse.click(o.x + o.width - 4, o.y + o.height - 4);
  const after = await viewBoxOf(panel);
  expect(after[0] + after[1]).toBeGreaterThan(before[0] + before[1]);
  // Fit shows the whole as boxes and arrows: no label is drawn too small to read.
  await page.getByRole('button', { name: 'Fit' }).click();
  expect(await labelHeights(panel)).toEqual([]);
  await screenshot(page, '65-payments-list-chart-fit');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard/workflows/paymentsList');
  await expect(panel.locator('text[data-name]').first()).toBeAttached({ timeout: 30_000 });
  expect(Math.min(...(await labelHeights(panel)))).toBeGreaterThanOrEqual(11);
  await expectChartReadable(panel, 'paymentsList at 1440x900');
  await screenshot(page, '66-payments-list-chart-1440');
});
