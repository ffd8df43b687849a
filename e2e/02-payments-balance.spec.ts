import { expect, test, type Page } from '@playwright/test';
import { nextCode, screenshot, signInAs } from './helpers';

const figure = async (page: Page, card: string) =>
  Number((await page.getByRole('group', { name: card }).textContent())!.replace(/\D/g, ''));

async function openBalance(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments Balance' }).click();
  await expect(page.getByRole('heading', { name: 'Payments Balance' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Available Balance' })).toContainText('Rp.');
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: false }).first();

test('a client requests a withdrawal and a transfer; SUPER ADMIN completes one, rejects the other, both live', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const client = await (await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  await signInAs(client, 'client@demo.local');
  await openBalance(client);
  await expect(client.getByRole('combobox', { name: 'Client' })).toHaveText(/PT Sinar Nusantara Retail/);

  // The SUPER ADMIN has the same client's Payments Balance open all along: nothing below reloads it.
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'superadmin@demo.local');
  await openBalance(admin);
  const adminClient = admin.getByRole('combobox', { name: 'Client' });
  if (!/PT Sinar Nusantara Retail/.test((await adminClient.textContent()) ?? '')) {
    await adminClient.click();
    await admin.getByRole('option', { name: 'PT Sinar Nusantara Retail' }).click();
  }
  await expect(adminClient).toHaveText(/PT Sinar Nusantara Retail/);
  const adminHistory = admin.getByRole('table', { name: 'Withdrawal History' });
  const adminBefore = await figure(admin, 'Available Balance');
  const before = {
    available: await figure(client, 'Available Balance'),
    pending: await figure(client, 'Pending Withdrawal'),
    total: await figure(client, 'Total Balance'),
  };
  expect(before.available).toBeGreaterThanOrEqual(1_000_000);
  await screenshot(client, '10-payments-balance');

  // Every broken rule at once.
  await client.getByRole('button', { name: 'Request Widthdrawal' }).click();
  const dialog = client.getByRole('dialog', { name: 'Request Widthdrawal' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const errors = dialog.getByRole('alert');
  await expect(errors).toContainText('Error!');
  for (const message of [
    'Bank Name is required',
    'Account Number is required',
    'Beneficary Account Name is required',
    'OTP is required',
  ])
    await expect(errors).toContainText(message);
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue(before.available.toLocaleString('en-US'));
  await client.evaluate(() => navigator.clipboard.writeText('12345'));
  await dialog.getByRole('button', { name: 'Paste from Clipboard' }).click();
  await expect(errors).toContainText('Invalid OTP');

  await dialog.getByRole('combobox', { name: 'Bank Name' }).click();
  await client.getByRole('option', { name: 'BCA', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Account Number' }).fill('71-000 12345');
  await expect(dialog.getByRole('textbox', { name: 'Account Number' })).toHaveValue('7100012345');
  await dialog.getByRole('textbox', { name: 'Beneficary Account Name' }).fill('Budi Santoso');
  await dialog.getByRole('textbox', { name: 'Remarks' }).fill('Operating account');
  // Issue 25: the field keeps the text as typed (Indonesian thousands and zero cents) and says what it reads as.
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('150.000,00');
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('150.000,00');
  await expect(dialog).toContainText('Reads as Rp. 150,000 (seratus lima puluh ribu rupiah)');
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await nextCode('client@demo.local'));
  await screenshot(client, '11-request-withdrawal');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(client, 'Please wait a maximum of 48 hours')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => figure(client, 'Available Balance')).toBe(before.available - 150_000);
  expect(await figure(client, 'Pending Withdrawal')).toBe(before.pending + 150_000);

  await client.getByRole('button', { name: 'Transfer to Disburse' }).click();
  const transfer = client.getByRole('dialog', { name: 'Transfer to Disburse' });
  await expect(transfer.getByRole('textbox', { name: 'Account Number' })).toHaveCount(0);
  await transfer.getByRole('textbox', { name: 'Amount' }).fill('100000');
  await transfer.getByRole('textbox', { name: 'OTP' }).fill(await nextCode('client@demo.local'));
  await transfer.getByRole('button', { name: 'Confirm' }).click();
  await expect(transfer).toHaveCount(0);
  await expect.poll(() => figure(client, 'Available Balance')).toBe(before.available - 250_000);
  const history = client.getByRole('table', { name: 'Withdrawal History' });
  await expect(history.getByRole('row').nth(1)).toContainText('Rp. 100,000');
  await expect(history.getByRole('row').nth(1)).toContainText('PENDING');
  await expect(history.getByRole('row').nth(2)).toContainText('Rp. 150,000');
  // A client user decides nothing.
  await expect(history.getByRole('button', { name: 'Complete' })).toHaveCount(0);

  // Both requests came to the SUPER ADMIN's open screen within a second or two, over the socket.
  await expect(
    adminHistory
      .getByRole('row')
      .filter({ hasText: 'Request transfer to disburse balance.' })
      .filter({ hasText: 'PENDING' })
      .first(),
  ).toBeVisible({ timeout: 5_000 });
  await expect.poll(() => figure(admin, 'Available Balance'), { timeout: 5_000 }).toBe(adminBefore - 250_000);
  const withdrawalRow = adminHistory.getByRole('row').filter({ hasText: 'Rp. 150,000' });
  await withdrawalRow.getByRole('button', { name: 'Complete' }).click();
  await expect(admin.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
  await screenshot(admin, '12-confirm-complete');
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Complete' }).click();
  await expect(withdrawalRow).toContainText('COMPLETED');
  await expect(withdrawalRow.getByRole('button')).toHaveCount(0);

  const transferRow = adminHistory.getByRole('row').filter({ hasText: 'Rp. 100,000' }).filter({ hasText: 'PENDING' });
  await transferRow.getByRole('button', { name: 'Reject' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(
    adminHistory.getByRole('row').filter({ hasText: 'Request transfer to disburse balance.' }).first(),
  ).toContainText('REJECTED');
  await screenshot(admin, '13-decided');

  // The client sees the decisions on the screen it has open, without a reload: the withdrawal
  // COMPLETED, the rejected transfer's money back, the paid-out withdrawal gone from the total.
  await expect(history.getByRole('row').filter({ hasText: 'Rp. 150,000' }).first()).toContainText('COMPLETED', {
    timeout: 5_000,
  });
  await expect(history.getByRole('row').filter({ hasText: 'Rp. 100,000' }).first()).toContainText('REJECTED', {
    timeout: 5_000,
  });
  await expect.poll(() => figure(client, 'Available Balance'), { timeout: 5_000 }).toBe(before.available - 150_000);
  expect(await figure(client, 'Pending Withdrawal')).toBe(before.pending);
  expect(await figure(client, 'Total Balance')).toBe(before.total - 150_000);
});
