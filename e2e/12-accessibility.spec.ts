import { expect, test, type Page } from '@playwright/test';
import { WCAG_AND_BEST_PRACTICE, expectClean as expectCleanOf } from './axe';
import { expectFocusTrapped, finishTwoFactorSetup, nextCode, screenshot, signIn, typeOtp } from './helpers';

/**
 * Issue 16: axe-core's WCAG 2.1 A/AA rules (and, since issue 45, its best practices) find nothing on any screen. The dashboard pages are
 * read from the menu each user sees, so a page added to the menu is checked without editing this.
 */

/** Issue 45: WCAG 2.1 AA and axe's best practices on every page and dialog. */
const expectClean = (page: Page, where: string) => expectCleanOf(page, where, undefined, WCAG_AND_BEST_PRACTICE);

/** The two screens operators use: a 1366x768 laptop and a 1440x900 one. */
const LAPTOP = { width: 1366, height: 768 };

/**
 * The dialogs of each screen, by the button that opens them: a name, or a pattern for a row's
 * action (its name ends in the row's id; the first row offering it is used). Each is opened,
 * checked and closed with Escape, for every user whose screen offers it.
 */
type Opener = string | RegExp | { open: string | RegExp; first: (page: Page) => Promise<void> };

/** The list narrowed to one status first, so a row offering the action is on the page. */
const withStatus = (status: string) => async (page: Page) => {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await settle(page);
};

/** The list searched first, so a bulk action has rows to count. */
const searched = async (page: Page) => {
  await page.getByRole('button', { name: 'Search' }).click();
  await settle(page);
};

/** An amount typed, so the form's submit opens its question. */
const typedAmount = async (page: Page) => {
  await page.getByRole('textbox', { name: 'Adjust Balance amount' }).fill('1000');
};

const DIALOGS: Record<string, readonly Opener[]> = {
  '/dashboard/transactions': [
    'Export',
    /^Invoice \S+$/,
    { open: 'Process Transactions', first: searched },
    { open: /^Finalize \S+$/, first: withStatus('PENDING') },
  ],
  '/dashboard/disbursement/transactions': [
    'Export',
    'Upload Void Transaction',
    /^Finalize \S+$/,
    /^Reject \S+$/,
    /^Generate invoice \S+$/,
  ],
  '/dashboard/disbursement/master-balance': [{ open: 'Update Balance', first: typedAmount }],
  '/dashboard/balance': ['Request Widthdrawal', 'Transfer to Disburse', /^Complete\b/],
  '/dashboard/settlement': ['Settle All Transactions'],
  '/dashboard/management/user': ['New User', 'Edit', /^End sessions of\b/],
  '/dashboard/management/role': ['New Role', 'Edit'],
  '/dashboard/audit-log': [/^Path\b/],
};

/** What a SUPER ADMIN's run must have opened: every kind of dialog the issue names. */
const SUPER_ADMIN_DIALOGS = [
  'Export',
  'Process Transactions',
  'Update Balance',
  'Reject',
  'Edit',
  'Finalize',
  'Invoice',
  'Upload Void Transaction',
  'Generate invoice',
  'Path',
  'New User',
  'New Role',
];

/** A page is checked once its content has come, not while it is still loading. */
async function settle(page: Page) {
  // A shared two-core machine can take its time over a lazy chunk and a 1000-row page.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('.fui-Spinner')).toHaveCount(0, { timeout: 60_000 });
}

/** The sign-in screens on the way in: login, two-factor set-up the first time, the OTP step. */
async function signInChecking(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expectClean(page, '/login');
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Enter OTP|User Settings/ })).toBeVisible();
  if (await page.getByRole('heading', { name: 'User Settings' }).isVisible()) {
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    await expectClean(page, `two-factor set-up (${email})`);
    await finishTwoFactorSetup(page, email);
    await signIn(page, email);
  }
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expectClean(page, `OTP step (${email})`);
  await typeOtp(page, await nextCode(email));
  await expect(page).toHaveURL(/\/dashboard\/(?!settings)/);
}

/** The menu's links with every category opened, Logout left out. */
async function menuPages(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/dashboard/')))];
}

/**
 * Opens the dialog, checks it, closes it with Escape; returns the opener's words, or null if this screen does not offer
 * it.
 */
async function checkDialog(page: Page, path: string, opener: Opener): Promise<string | null> {
  const name = typeof opener === 'string' ? opener : opener instanceof RegExp ? opener : opener.open;
  if (typeof opener === 'object' && !(opener instanceof RegExp)) await opener.first(page);
  const button = page
    .getByRole('main')
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first();
  // Row actions step aside while a dialog is open and come back after it closes.
  await button.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (!(await button.isVisible()) || !(await button.isEnabled())) return null;
  const words = typeof name === 'string' ? name : name.source.match(/^\^([A-Za-z ]+)/)![1].trim();
  const where = `${path}, '${words}' dialog`;
  await button.click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
  await expect(dialog).toBeVisible();
  // A dialog that loads (an invoice, a path) is checked once it has come.
  await expect(dialog.locator('.fui-Spinner')).toHaveCount(0, { timeout: 30_000 });
  await expectClean(page, where);
  await expectFocusTrapped(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return words;
}

/** Every menu page and each dialog it offers; returns the pages and the dialogs opened. */
async function checkEveryPage(page: Page, email: string, extra: string[] = []) {
  const pages = [...(await menuPages(page)), ...extra];
  expect(pages.length, `menu links of ${email}`).toBeGreaterThan(0);
  const opened: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await settle(page);
    await expectClean(page, `${path} (${email})`);
    for (const opener of DIALOGS[path] ?? []) {
      const name = await checkDialog(page, path, opener);
      if (name) opened.push(name);
    }
  }
  return { pages, opened };
}

/** Every workflow's chart page, from the Workflows list. */
async function checkEveryChart(page: Page) {
  await page.goto('/dashboard/workflows');
  const links = page.getByRole('table', { name: 'Workflows' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const ids = await links.allTextContents();
  for (const id of ids) {
    await page.goto(`/dashboard/workflows/${id}`);
    await settle(page);
    await expect(page.getByRole('group', { name: `${id} chart: zoom and pan` })).toBeVisible();
    await expectClean(page, `workflow chart ${id}`);
  }
  return ids;
}

test('a client user at 1366x768: login, two-factor set-up, OTP, every menu page and dialog clean, focus kept in each dialog', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(LAPTOP);
  await signInChecking(page, 'client@demo.local');
  const { pages, opened } = await checkEveryPage(page, 'client@demo.local');
  expect(pages).toContain('/dashboard/balance');
  expect(opened).toEqual(expect.arrayContaining(['Request Widthdrawal', 'Transfer to Disburse', 'Export']));
});

test('an ADMIN at 1366x768: every menu page and dialog clean, focus kept in each dialog', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(LAPTOP);
  await signInChecking(page, 'admin@demo.local');
  await checkEveryPage(page, 'admin@demo.local');
});

test('a SUPER ADMIN at 1440x900: each menu page, its dialogs (focus kept), each chart, the bell, a work order: clean', async ({
  page,
}) => {
  test.setTimeout(900_000);
  await signInChecking(page, 'superadmin@demo.local');
  const { pages, opened } = await checkEveryPage(page, 'superadmin@demo.local');
  expect(opened).toEqual(expect.arrayContaining(SUPER_ADMIN_DIALOGS));
  expect(await checkEveryChart(page)).toContain('disbursement');
  for (const path of [
    '/dashboard/settlement',
    '/dashboard/management/user',
    '/dashboard/management/role',
    '/dashboard/audit-log',
    '/dashboard/workflows',
    '/dashboard/settings/user',
    '/dashboard/approvals',
  ]) {
    expect(pages).toContain(path);
  }

  // The Approvals screen's Policy tab: each action's mode and threshold (typed through the money field).
  await page.goto('/dashboard/approvals');
  await page.getByRole('tab', { name: 'Policy' }).click();
  await expect(page.getByRole('table', { name: 'Approval policy' })).toBeVisible();
  await settle(page);
  await expectClean(page, 'approvals, Policy tab');

  // The bell's work orders, and the work order page one of them opens.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  const items = page.getByRole('list', { name: 'Work orders' });
  await expect(items).toBeVisible();
  await expectClean(page, 'notification bell');
  const first = items.getByRole('button').first();
  if (await first.isVisible()) {
    await first.click();
    await expect(page).toHaveURL(/work-order-detail\?wo=/);
    await settle(page);
    await expectClean(page, 'work order detail');
  }
});

test('Tab walks the shell in order, never resting on a hidden element: home link, the menu once, the page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInChecking(page, 'admin@demo.local');
  await page.goto('/dashboard/balance');
  await settle(page);
  await page.getByRole('link', { name: 'Nusa Payments Back Office', exact: true }).focus();
  const stops: Array<{ where: string; hidden: boolean; name: string }> = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return {
          where: el?.closest('nav, [role="navigation"]')
            ? 'menu'
            : el?.closest('main')
              ? 'main'
              : el?.closest('header')
                ? 'header'
                : (el?.tagName ?? 'none'),
          hidden: !!el?.closest('[aria-hidden="true"]'),
          name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40),
        };
      }),
    );
  }
  expect(
    stops.filter((s) => s.hidden),
    JSON.stringify(stops),
  ).toEqual([]);
  const where = stops.map((s) => s.where);
  // The menu is one Tab stop (arrow keys move inside it), then Tab goes on to the page.
  expect(
    where.filter((w) => w === 'menu'),
    JSON.stringify(stops),
  ).toHaveLength(1);
  expect(where.indexOf('main')).toBeGreaterThan(where.indexOf('menu'));
  // Back in the menu, the arrow keys move between its entries.
  const entry = stops.find((s) => s.where === 'menu')!.name;
  const menuEntry = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('nav, [role="navigation"]') ? (el.textContent?.trim() ?? '') : null;
    });
  await page.getByRole('link', { name: 'Nusa Payments Back Office', exact: true }).focus();
  for (let i = 0; i < 4 && (await menuEntry()) === null; i++) await page.keyboard.press('Tab');
  expect(await menuEntry()).toBe(entry);
  await page.keyboard.press('ArrowDown');
  await expect.poll(menuEntry).not.toBe(entry);
  expect(await menuEntry()).not.toBeNull();
  await screenshot(page, '70-shell-keyboard-in-menu');
});
