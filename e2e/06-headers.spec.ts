import { expect, test } from '@playwright/test';
import { screenshot, signInAs } from './helpers';

/**
 * Issue 10, part 3: the Content-Security-Policy is strict and no page breaks under it. Every page
 * of the SUPER ADMIN's menu is opened with a listener for CSP violations; none may fire.
 */
// Every page of the spec's route table that a SUPER ADMIN may open.
const PAGES = [
  '/dashboard/transactions',
  '/dashboard/payin',
  '/dashboard/disbursement/transactions',
  '/dashboard/disbursement/account',
  '/dashboard/disbursement/master-balance',
  '/dashboard/balance',
  '/dashboard/settlement',
  '/dashboard/management/user',
  '/dashboard/management/role',
];

test('the security headers are sent, and no page breaks under the Content-Security-Policy', async ({
  page,
  request,
}) => {
  const login = await request.get('/login');
  const csp = login.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(login.headers()['permissions-policy']).toContain('camera=()');
  expect(login.headers()['x-frame-options']).toBe('DENY');
  // HEAD answers a page route as GET does.
  const head = await request.head('/login');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('text/html');

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await signInAs(page, 'superadmin@demo.local');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.goto('/dashboard/settings/user');
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  await screenshot(page, 'csp-user-settings');
  expect(violations).toEqual([]);
});
