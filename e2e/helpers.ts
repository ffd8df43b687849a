import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

export const DEMO_PASSWORD = 'Demo-Password-1!';

/** The code an authenticator app would show now (offsetSteps: that many 30 s steps later). */
export const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

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

/** On User Settings without two-factor: set it up from the secret the page shows. Returns the secret. */
export async function finishTwoFactorSetup(page: Page): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Authentication code').fill(await codeFor(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByText('OTP has been validated. You will be redirected to login page to reconfirm.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  return secret;
}
