import { expect, test } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

/**
 * Issue 44, sessions one can see and end: the same user signed in from two browsers sees both in
 * User Settings, this one marked; "Sign out everywhere else" from the second signs the first out,
 * which lands on the sign-in page at its next request. Only the screens are driven: how the browser
 * keeps its session is not this spec's business.
 */
const EMAIL = 'admin@demo.local';

test('signing out everywhere else from a second browser signs the first out at its next request', async ({
  browser,
}) => {
  // Two sign-ins spend two authenticator steps: the second may wait for the clock.
  test.setTimeout(240_000);
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await signInAs(first, EMAIL);
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInAs(second, EMAIL);

  await second.goto('/dashboard/settings/user');
  const sessions = second.getByRole('table', { name: 'Your sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByText('This session')).toHaveCount(1);
  await expect(sessions.getByText('Chrome on Linux')).toHaveCount(2);
  // The other session has its own Sign out, named for it; this one has none.
  await expect(sessions.getByRole('button', { name: /^Sign out Chrome on Linux, signed in / })).toHaveCount(1);
  await screenshot(second, '19-sessions');

  await second.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = second.getByRole('alertdialog');
  await expect(dialog).toContainText('Every other session of your account is signed out at once');
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(second.getByText('1 other session has been signed out')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(second.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();

  // The first browser, at its next navigation, is on the sign-in page.
  await first.goto('/dashboard/settings/user');
  await expect(first).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(first.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // The second is still signed in.
  await second.reload();
  await expect(second.getByRole('table', { name: 'Your sessions' }).getByText('This session')).toBeVisible();

  await firstContext.close();
  await secondContext.close();
});
