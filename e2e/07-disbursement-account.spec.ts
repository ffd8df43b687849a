import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

/** A figure card's rupiah, read from its text ('Previous BalanceRp. 1,250,000' -> 1250000). */
const figure = async (page: Page, name: string) =>
  Number((await page.getByRole('group', { name }).textContent())!.replace(/\D/g, ''));
const rp = (n: number) => `Rp. ${n.toLocaleString('en-US')}`;
const ADMIN_NAME = 'Sari Superadmin';

test('SUPER ADMIN adjusts a disbursement balance, is refused too much, sees the deposit on both screens', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'superadmin@demo.local');

  // Master Disbursement Balance: the first client is preselected.
  await page.goto('/dashboard/disbursement/master-balance');
  await expect(page.getByRole('heading', { name: 'Master Disbursement Balance' })).toBeVisible();
  const client = page.getByRole('combobox', { name: 'Client' });
  await expect(client).not.toHaveText('');
  const clientName = (await client.textContent())!.trim();
  await expect(page.getByRole('group', { name: 'Previous Balance' })).toContainText('Rp.');
  const before = await figure(page, 'Previous Balance');

  const amount = page.getByRole('textbox', { name: 'Adjust Balance amount' });
  // Issue 25: typed the Indonesian way with zero cents, it is exactly Rp. 250,000, said in figures and words.
  await amount.fill('250.000,00');
  await expect(amount).toHaveValue('250.000,00');
  await expect(page.getByText('Reads as Rp. 250,000 (dua ratus lima puluh ribu rupiah)')).toBeVisible();
  await expect(page.getByRole('group', { name: 'After Balance' })).toContainText(rp(before + 250_000));
  // Issue 45: Enter in the amount submits the form once; the question it opens stays open, on its Cancel.
  await amount.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(confirm).toContainText(
    `by ${rp(250_000)} (dua ratus lima puluh ribu rupiah), from ${rp(before)} to ${rp(before + 250_000)}`,
  );
  await screenshot(page, '30-master-balance-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Master Disbursement Balance' }).getByText('Balance has been updated'),
  ).toBeVisible();
  await expect.poll(() => figure(page, 'Previous Balance')).toBe(before + 250_000);
  await expect(amount).toHaveValue('');

  // Taking more than the balance: refused beside the field before anything is sent.
  const tooMuch = before + 250_000 + 1;
  await amount.fill(`-${tooMuch}`);
  await expect(amount).toHaveValue(`-${tooMuch}`);
  await expect(
    page.getByText(`The disbursement balance cannot go below zero: it is ${rp(before + 250_000)}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Balance' })).toBeDisabled();
  await screenshot(page, '31-master-balance-refused');

  // Disbursement Account: the card has risen by 250,000 and the deposit heads the history.
  await page.goto('/dashboard/disbursement/account');
  await expect(page.getByRole('heading', { name: 'Disbursement Account' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveText(clientName);
  await expect.poll(() => figure(page, 'Disbursement Balance')).toBe(before + 250_000);
  const history = page.getByRole('table', { name: 'Deposit History' });
  await expect(history.getByRole('row').nth(1)).toContainText(ADMIN_NAME);
  await expect(history.getByRole('row').nth(1)).toContainText(rp(250_000));
  await expect(page.getByText(/Last updated at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
  await screenshot(page, '32-disbursement-account');

  // Payin Detail ('Disbursement Accounts'): today's window shows the deposit.
  await page.goto('/dashboard/payin');
  await expect(page.getByRole('heading', { name: 'Disbursement Accounts' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveText(clientName);
  const deposits = page.getByRole('table', { name: 'Deposits' });
  await expect(
    deposits
      .getByRole('row')
      .filter({ hasText: ADMIN_NAME })
      .filter({ hasText: rp(250_000) })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Balance', exact: true })).toContainText('Rp.');
  await screenshot(page, '33-payin-detail');
});
