import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const DEMO_PASSWORD = 'Demo-Password-1!';

// The server's data folder is new for every run, and so is this record of the users' authenticators.
const STORE = 'data/e2e/authenticators.json';
type Store = Record<string, { secret: string; lastStep: number }>;
const load = (): Store => (existsSync(STORE) ? JSON.parse(readFileSync(STORE, 'utf8')) : {});
const save = (store: Store) => writeFileSync(STORE, JSON.stringify(store));
export const stepNow = () => Math.floor(Date.now() / 30_000);

export const knownSecret = (email: string) => load()[email]?.secret;

export function remember(email: string, secret: string, lastStep: number) {
  const store = load();
  store[email] = { secret, lastStep };
  save(store);
}

/**
 * The next code the user's authenticator shows that the server has not seen yet: the server
 * accepts each time step once, within +/-1 step, so after a code is spent this may wait for the clock.
 */
export async function nextCode(email: string): Promise<string> {
  const store = load();
  const entry = store[email];
  if (!entry) throw new Error(`no authenticator set up for ${email}`);
  const step = Math.max(stepNow(), entry.lastStep + 1);
  if (step > stepNow() + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 1_000));
  entry.lastStep = step;
  save(store);
  return generate({ secret: entry.secret, epoch: step * 30 });
}

/** Codes the server would accept right now: a test of a wrong code must avoid them. */
export async function currentlyValidCodes(email: string): Promise<Set<string>> {
  const secret = knownSecret(email)!;
  const now = stepNow();
  return new Set(await Promise.all([now - 1, now, now + 1].map((s) => generate({ secret, epoch: s * 30 }))));
}

/** The business day `offset` days from today ('YYYY-MM-DD'), on the clock the demo server runs on. */
export const businessDay = (offset = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * Headers for `page.request` calls made as the page's signed-in user. `page.request` shares the
 * context's cookies, so the HttpOnly session cookie goes by itself (no script can read it); a change
 * must also name the app's own origin, as the browser does, or the server refuses it (CSRF check).
 */
export const asPage = (page: Page) => ({ origin: new URL(page.url()).origin });

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.keyboard.press('Enter');
}

export async function typeOtp(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** On User Settings without two-factor: set it up from the secret the page shows, as a user with an app would. */
export async function finishTwoFactorSetup(page: Page, email: string): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  remember(email, secret, stepNow() - 2);
  await page.getByLabel('Authentication code').fill(await nextCode(email));
  await page.keyboard.press('Enter');
  await saveRecoveryCodes(page);
  await expect(
    page.getByText('OTP has been validated. You will be redirected to login page to reconfirm.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  return secret;
}

/** The recovery codes dialog (issue 44), shown once after set-up or on demand: reads the ten codes and closes it. */
export async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  await expect(dialog).toBeVisible();
  const codes = await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(dialog).toBeHidden();
  return codes.map((c) => c.trim());
}

/** Signs a demo user all the way in, setting two-factor up first if this run has not yet. */
export async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /Enter OTP|User Settings/ })).toBeVisible();
  if (await page.getByRole('heading', { name: 'User Settings' }).isVisible()) {
    await finishTwoFactorSetup(page, email);
    await signIn(page, email);
  }
  await typeOtp(page, await nextCode(email));
  await expect(page).toHaveURL(/\/dashboard\/(?!settings)/);
}

/** Where the focus is: inside the open dialog on top (the last one in the page), or what it rests on outside. */
export const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const dialogs = document.querySelectorAll('[role=dialog],[role=alertdialog]');
    const top = dialogs[dialogs.length - 1];
    const el = document.activeElement as HTMLElement | null;
    if (top && el && el !== top && top.contains(el)) return 'inside';
    return `outside: ${el?.tagName ?? 'none'} '${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40)}'`;
  });

/**
 * Issue 45: an open dialog keeps the focus. It starts on one of its controls, and 30 Tab then 30
 * Shift+Tab presses never leave it (they wrap at its ends, never reaching the page behind).
 */
export async function expectFocusTrapped(page: Page, where: string) {
  await expect.poll(() => focusPlace(page), { message: `${where}: the dialog opens with the focus` }).toBe('inside');
  for (const key of ['Tab', 'Shift+Tab']) {
    const left: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(key);
      const place = await focusPlace(page);
      if (place !== 'inside') left.push(`${key} #${i + 1}: ${place}`);
    }
    expect.soft(left, `${where}: the focus leaves the dialog`).toEqual([]);
  }
}
