import { expect, test } from '@playwright/test';
import { asPage, currentlyValidCodes, finishTwoFactorSetup, nextCode, screenshot, signIn, typeOtp } from './helpers';

test.describe.configure({ mode: 'serial' });

test('a new user sets two-factor up, signs in with an OTP and lands on the first allowed module', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText(/© 2025/)).toBeVisible();
  await screenshot(page, '01-login');

  await signIn(page, 'client@demo.local', 'wrong-password-123');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Email or Password' })).toBeVisible();

  await signIn(page, 'client@demo.local');
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // Before the OTP step every other page leads back here.
  await page.goto('/dashboard/transactions');
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  await screenshot(page, '02-two-factor-setup');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  await finishTwoFactorSetup(page, 'client@demo.local');

  await signIn(page, 'client@demo.local');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await screenshot(page, '03-otp');
  // Set-up spent this step's code; the next one the app shows is accepted (+1 step).
  await typeOtp(page, await nextCode('client@demo.local'));
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  await expect(page.getByRole('heading', { name: 'Payments List' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Transactions' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Payments List')).toBeVisible();
  await expect(menu.getByText('Payments Balance')).toBeVisible();
  await expect(menu.getByText('Citra Client')).toBeVisible();
  await expect(menu.getByText('Settlement')).toHaveCount(0);
  await expect(menu.getByText('Management')).toHaveCount(0);
  // The demo's one work order for this user: a merchant callback of one of its clients failed every attempt.
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByText(/© 2022/)).toBeVisible();
  await screenshot(page, '04-shell');

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await screenshot(page, '05-notifications');
  await page
    .getByRole('list', { name: 'Work orders' })
    .getByRole('button', { name: /Callback failed/ })
    .click();
  await expect(page).toHaveURL(/\/work-order-detail\?wo=CB-/);
  await expect(page.getByText(/The callback of pay-in .* failed 3 times/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  await page.goto('/dashboard/settlement');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404 Not Found - The page you are trying to access does not exist.')).toBeVisible();
  await screenshot(page, '06-not-found');

  await page.goto('/dashboard/transactions');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments Balance' }).click();
  await expect(page).toHaveURL(/\/dashboard\/balance$/);
  await expect(page.getByRole('heading', { name: 'Payments Balance' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  await expect(page.getByText('2FA Verification Set')).toBeVisible();
  await screenshot(page, '07-settings-active');

  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/balance');
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong OTP says 'Invalid OTP', and so does a pasted value that is not six digits", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'client@demo.local');
  const valid = await currentlyValidCodes('client@demo.local');
  const wrong = ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
  await typeOtp(page, wrong);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid OTP' })).toBeVisible();
  await screenshot(page, '08-invalid-otp');

  await page.evaluate(() => navigator.clipboard.writeText('12345'));
  await page.getByRole('button', { name: 'Paste from Clipboard' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid OTP' })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('an ADMIN sees the admin menu, and a session ended elsewhere sends the open page to sign-in', async ({ page }) => {
  await signIn(page, 'admin@demo.local');
  await finishTwoFactorSetup(page, 'admin@demo.local');
  await signIn(page, 'admin@demo.local');
  await typeOtp(page, await nextCode('admin@demo.local'));
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Disbursement').click();
  await expect(menu.getByRole('link', { name: 'Master Balance' })).toBeVisible();
  await expect(menu.getByText('Settlement')).toHaveCount(0);
  await expect(menu.getByText('Management')).toHaveCount(0);
  await menu.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/disbursement\/account$/);
  await expect(page.getByRole('heading', { name: 'Disbursement Account' })).toBeVisible();
  await screenshot(page, '09-admin-shell');

  // The same session is ended from elsewhere (another tab's logout, an admin's reset).
  const response = await page.request.post('/api/backoffice/auth/logout', { headers: asPage(page) });
  expect(response.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
