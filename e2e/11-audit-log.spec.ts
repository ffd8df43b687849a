import { expect, test } from '@playwright/test';
import { expectChartReadable } from './charts';
import { screenshot, signInAs } from './helpers';

test('SUPER ADMIN rejects a PENDING withdrawal, finds it in the Audit Log: its path PENDING, REJECTED by whom', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'superadmin@demo.local');
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // The demo seed leaves one withdrawal PENDING for each client: reject it.
  await menu.getByRole('link', { name: 'Payments Balance' }).click();
  await expect(page.getByRole('heading', { name: 'Payments Balance' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Withdrawal History' });
  const pending = history
    .getByRole('row')
    .filter({ hasText: 'PENDING' })
    .filter({ has: page.getByRole('button', { name: 'Reject' }) })
    .first();
  await pending.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(history.getByRole('row').filter({ hasText: 'REJECTED' }).first()).toBeVisible();

  await menu.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });

  // The decision just made: the newest successful withdrawal.decide line names the withdrawal.
  await page.getByRole('textbox', { name: 'Action' }).fill('withdrawal.decide');
  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'success' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('withdrawal.decide');
  await expect(first).toContainText('superadmin@demo.local');
  // The Object cell: the type, the withdrawal's WD- code, then its uuid smaller beside it.
  const object = (await first.getByRole('cell').nth(4).textContent())!.trim();
  expect(object).toMatch(/^withdrawal WD-[0-9A-F]{8}\s*[0-9a-f-]{36}$/);
  const uuid = /[0-9a-f-]{36}$/.exec(object)![0];

  await page.getByRole('textbox', { name: 'Action' }).fill('');
  await page.getByRole('textbox', { name: 'Object ID' }).fill(uuid);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(uuid);
  await screenshot(page, '70-audit-log');

  await table
    .getByRole('row')
    .filter({ hasText: 'withdrawal.decide' })
    .first()
    .getByRole('button', { name: 'Path' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Entity path' });
  await expect(dialog).toBeVisible();
  const steps = dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps.first()).toContainText(/^PENDING by \S+ at \d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expect(steps.last()).toContainText(
    /^PENDING > REJECTED by superadmin@demo\.local at \d{4}-\d\d-\d\d \d\d:\d\d$/,
  );
  await expect(steps).toHaveCount(2);
  await expect(dialog.getByRole('img', { name: 'withdrawal lifecycle' })).toBeVisible();
  await expect(dialog.locator('[data-state="withdrawal.REJECTED"]')).toHaveAttribute('data-visited', '2');
  // The whole lifecycle, so the highlighted path, is in the dialog's view, each name inside its box.
  await expectChartReadable(dialog.getByRole('group', { name: 'withdrawal lifecycle: zoom and pan' }), 'audit path');
  await screenshot(page, '71-audit-path');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
