import { expect, test, type Browser } from '@playwright/test';
import { expectClean } from './axe';
import { asPage, DEMO_PASSWORD, nextCode, remember, screenshot, signIn, signInAs, stepNow } from './helpers';

/**
 * Issue 44: recovery codes. Set-up shows ten codes once (Copy, Download, 'I have saved these codes'); a
 * code signs in instead of the authenticator, once; the user is then asked for a new authenticator.
 * The user is made here, over the API by the demo SUPER ADMIN: every demo user may already have set up
 * two-factor in an earlier spec of the run.
 */
const EMAIL = 'rita.recovery@demo.local';
const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

async function makeSuperAdmin(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAs(admin, 'superadmin@demo.local');
  const roles = await (await admin.request.get('/api/backoffice/master/roles')).json();
  const role = (roles.data as Array<{ id: number; type: string }>).find((r) => r.type === 'SUPER ADMIN')!;
  const created = await admin.request.post('/api/backoffice/management/create-user', {
    headers: asPage(admin),
    data: { type: 'SUPER ADMIN', role_id: role.id, name: 'Rita Recovery', email: EMAIL, password: DEMO_PASSWORD },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

test('set-up shows ten codes once; a code signs in once and asks for a new authenticator', async ({
  page,
  browser,
}) => {
  await makeSuperAdmin(browser);
  await signIn(page, EMAIL);
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  remember(EMAIL, secret, stepNow() - 2);
  await page.getByLabel('Authentication code').fill(await nextCode(EMAIL));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  await expect(dialog).toBeVisible();
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of codes) expect(code).toMatch(CODE);
  await screenshot(page, '18-recovery-codes');
  await expectClean(page, 'recovery codes dialog');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  // Escape does not close it: only saying the codes are saved does.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(
    page.getByText('OTP has been validated. You will be redirected to login page to reconfirm.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // Signed out: the authenticator is "lost"; a recovery code, typed in lower case, signs in instead.
  await signIn(page, EMAIL);
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Recovery code' });
  await expect(field).toBeFocused();
  await expectClean(page, 'recovery code step');
  await field.fill(codes[0].toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/settings\/user$/);
  await expect(page.getByRole('alert').filter({ hasText: 'You signed in with a recovery code.' })).toHaveText(
    'You signed in with a recovery code. Set up a new authenticator.',
  );
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Payments List')).toBeVisible();
  await screenshot(page, '18-recovery-sign-in');

  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);

  // The same code again: refused, and the field is there to try another.
  await signIn(page, EMAIL);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid recovery code' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Recovery code' })).toHaveValue('');
});
