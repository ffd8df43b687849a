import { expect, test, type Page } from '@playwright/test';
import { nextCode, screenshot, signIn, signInAs, typeOtp } from './helpers';
import { expectNoEnglish, id, idPattern, textsShown } from './i18n';

/**
 * Issue 48: the product in Bahasa Indonesia. A client user chooses it on the login page and requests a withdrawal;
 * a SUPER ADMIN who saved it in User Settings signs in from a fresh browser, decides the withdrawal and reads the
 * bell. On every screen and dialog they open no English message is left, and amounts read 'Rp 40.000'.
 */
const CLIENT = 'client@demo.local';
const ADMIN = 'superadmin2@demo.local';
const RUPIAH_ID = /Rp \d{1,3}(\.\d{3})*/;

async function chooseLanguage(page: Page, label: string, name: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: name });
}

/** Indonesian runs longer than English: the page still fits 1366x768 without scrolling sideways. */
async function fitsAt1366(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (size) await page.setViewportSize(size);
}

/** The OTP step, whatever language it is in: its six boxes take the typed code. */
async function typeCode(page: Page, email: string) {
  const boxes = page.locator('input[autocomplete="one-time-code"], input[inputmode="numeric"]');
  await boxes.first().click();
  await page.keyboard.type(await nextCode(email));
}

async function openMenu(page: Page, english: string) {
  await page
    .getByRole('navigation', { name: id('Main menu') })
    .getByRole('link', { name: id(english) })
    .click();
  await expect(page.getByRole('heading', { name: id(english) })).toBeVisible();
}

test('a client in Bahasa Indonesia from the login page; a SUPER ADMIN by the choice saved in User Settings', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Both have two-factor set up (an earlier spec may have done it; this one may run alone).
  for (const email of [CLIENT, ADMIN]) {
    const context = await browser.newContext();
    await signInAs(await context.newPage(), email);
    await context.close();
  }

  // The client chooses Bahasa Indonesia on the login page: the page, <html lang> and the next visit follow.
  const client = await (await browser.newContext()).newPage();
  await client.goto('/login');
  await chooseLanguage(client, 'Language', 'Bahasa Indonesia');
  await expect(client.locator('html')).toHaveAttribute('lang', 'id');
  await expect(client.getByRole('combobox', { name: id('Language') })).toHaveValue('id');
  expect((await textsShown(client)).length).toBeGreaterThan(3);
  await expectNoEnglish(client, 'login');
  await screenshot(client, '90-login-id');
  await client.reload();
  await expect(client.locator('html')).toHaveAttribute('lang', 'id');
  await client.getByRole('textbox', { name: id('Email') }).fill(CLIENT);
  await client.getByRole('textbox', { name: id('Password'), exact: true }).fill('Demo-Password-1!');
  await client.keyboard.press('Enter');
  await expect(client.getByRole('heading', { name: id('Enter OTP') })).toBeVisible();
  await expectNoEnglish(client, 'OTP step');
  await typeCode(client, CLIENT);
  await expect(client).toHaveURL(/\/dashboard\//);

  await openMenu(client, 'Payments Balance');
  await expect(client.getByRole('group', { name: id('Available Balance') })).toContainText(RUPIAH_ID);
  await expect(client.getByRole('group', { name: id('Available Balance') })).not.toContainText('Rp.');
  await expectNoEnglish(client, 'Payments Balance');
  // The range between its ends as Indonesian writes it; it still searches.
  const range = client.getByRole('textbox', { name: id('Date range') });
  await expect(range).toHaveValue(/^\d{4}-\d\d-\d\d \d\d:\d\d sampai \d{4}-\d\d-\d\d \d\d:\d\d$/);
  await client.getByRole('button', { name: id('Search'), exact: true }).click();
  await expect(range).toHaveValue(/ sampai /);
  await expect(client.getByText(id('Invalid Date Range - Please input a valid date range'))).toHaveCount(0);
  await screenshot(client, '91-payments-balance-id');

  await client.getByRole('button', { name: id('Request Widthdrawal') }).click();
  const dialog = client.getByRole('dialog', { name: id('Request Widthdrawal') });
  await dialog.getByRole('button', { name: id('Confirm') }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expectNoEnglish(client, 'Request Widthdrawal, every problem listed');
  await dialog.getByRole('combobox', { name: id('Bank Name') }).click();
  await client.getByRole('option', { name: 'BCA', exact: true }).click();
  await dialog.getByRole('textbox', { name: id('Account Number') }).fill('7100012345');
  await dialog.getByRole('textbox', { name: id('Beneficary Account Name') }).fill('Budi Santoso');
  await dialog.getByRole('textbox', { name: id('Amount') }).fill('41000');
  await expect(dialog).toContainText('Rp 41.000');
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await nextCode(CLIENT));
  await screenshot(client, '92-request-withdrawal-id');
  await dialog.getByRole('button', { name: id('Confirm') }).click();
  await expect(dialog).toHaveCount(0);
  const history = client.getByRole('table', { name: id('Withdrawal History') });
  const requested = history.getByRole('row').filter({ hasText: 'Rp 41.000' }).first();
  await expect(requested).toContainText('PENDING');
  await expectNoEnglish(client, 'Payments Balance after the request');
  await fitsAt1366(client, '95-payments-balance-id-1366');

  // The SUPER ADMIN saves Bahasa Indonesia in User Settings…
  const saving = await (await browser.newContext()).newPage();
  await signInAs(saving, ADMIN);
  await saving.goto('/dashboard/settings');
  await chooseLanguage(saving, 'Language', 'Bahasa Indonesia');
  await expect(saving.getByText(id('Language saved.'))).toBeVisible();
  await expect(saving.locator('html')).toHaveAttribute('lang', 'id');

  // …and signs in from a fresh browser, which opens in English until they are known.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN);
  await typeOtp(admin, await nextCode(ADMIN));
  await expect(admin).toHaveURL(/\/dashboard\//);
  await expect(admin.locator('html')).toHaveAttribute('lang', 'id');
  await expectNoEnglish(admin, 'landing page');

  await openMenu(admin, 'Payments Balance');
  const chosen = admin.getByRole('combobox', { name: id('Client') });
  if (!/PT Sinar Nusantara Retail/.test((await chosen.textContent()) ?? '')) {
    await chosen.click();
    await admin.getByRole('option', { name: 'PT Sinar Nusantara Retail' }).click();
  }
  const adminRow = admin
    .getByRole('table', { name: id('Withdrawal History') })
    .getByRole('row')
    .filter({ hasText: 'Rp 41.000' })
    .first();
  await expect(adminRow).toContainText('PENDING');
  await expectNoEnglish(admin, "SUPER ADMIN's Payments Balance");
  await adminRow.getByRole('button', { name: id('Complete') }).click();
  const confirm = admin.getByRole('alertdialog', { name: id('Are you sure?') });
  await expect(confirm).toBeVisible();
  await expectNoEnglish(admin, 'the decision');
  await screenshot(admin, '93-decide-id');
  await confirm.getByRole('button', { name: id('Complete') }).click();
  await expect(adminRow).toContainText('COMPLETED');
  await fitsAt1366(admin, '96-admin-balance-id-1366');

  await admin.getByRole('button', { name: idPattern('Notifications, {unread} unread') }).click();
  const workOrders = admin.getByRole('list', { name: id('Work orders') });
  await expect(workOrders).toBeVisible();
  await expectNoEnglish(admin, 'the bell');
  await screenshot(admin, '94-bell-id');
  await admin.keyboard.press('Escape');

  // Back to English for whoever signs in as this SUPER ADMIN next.
  await admin.goto('/dashboard/settings');
  await chooseLanguage(admin, id('Language'), 'English');
  await expect(admin.getByText('Language saved.')).toBeVisible();
  await expect(admin.locator('html')).toHaveAttribute('lang', 'en');
});
