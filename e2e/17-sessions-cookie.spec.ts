import { expect, test } from '@playwright/test';
import { asPage, signInAs } from './helpers';

/**
 * Issue 44: the browser's session is an HttpOnly cookie. Signed in, no script on the page can read
 * the token: not in document.cookie, not in localStorage or sessionStorage. Another site cannot make
 * a change with the cookie (the Origin check), and logging out clears it.
 */
test('the session is an HttpOnly, SameSite=Strict cookie no script can read, refused from another origin, cleared at logout', async ({
  page,
  context,
}) => {
  await signInAs(page, 'admin@demo.local');
  const session = (await context.cookies()).find((c) => c.name === 'session');
  expect(session, 'the session cookie').toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
  expect(session!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // What a script on the page can read holds no token.
  const readable = await page.evaluate(() => {
    const values = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    return { cookie: document.cookie, stored: [...values(localStorage), ...values(sessionStorage)] };
  });
  expect(readable.cookie).not.toContain(session!.value);
  expect(readable.cookie).not.toContain('session=');
  for (const entry of readable.stored) {
    expect(entry).not.toContain(session!.value);
    expect(entry).not.toContain('"token"');
  }

  // A change sent with the cookie from another origin, or naming none, is refused; the session stays.
  const evil = await page.request.post('/api/backoffice/auth/logout', { headers: { origin: 'http://evil.example' } });
  expect(evil.status()).toBe(403);
  expect(await evil.json()).toMatchObject({
    status: 'failed',
    message: 'This request did not come from the app. Please reload the page and try again.',
  });
  expect((await page.request.post('/api/backoffice/auth/logout')).status()).toBe(403);
  const me = await page.request.get('/api/backoffice/user/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).data).not.toHaveProperty('token');
  // The app's own origin passes (the page itself makes its changes so).
  const own = await page.request.patch('/api/v1/notification/read-all', { headers: asPage(page) });
  expect(own.status()).toBe(200);

  // The page reloads signed in (the cookie answers), then Logout clears the cookie.
  await page.goto('/dashboard/settings/user');
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'session')).toBe(false);
  expect((await page.request.get('/api/backoffice/user/me')).status()).toBe(401);
});
