import { expect, test, type Page } from '@playwright/test';
import { WCAG_AND_BEST_PRACTICE, expectClean } from './axe';
import { screenshot, signInAs } from './helpers';

/**
 * Issue 28: the auditor's seat. An AUDITOR reads every page of every client and acts on nothing: no
 * row actions, a ledger whose debits equal its credits, a withdrawal's journal reached from its audit
 * path, and an audit log that proves it was not edited.
 */
test('AUDITOR reads without acting: no row actions, the trial balance, a journal from an audit path, Verify', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Something for the auditor to check: a SUPER ADMIN rejects a PENDING withdrawal (the seed leaves one per client).
  const admin = await browser.newPage();
  await signInAs(admin, 'superadmin2@demo.local');
  await admin.goto('/dashboard/balance');
  // A client no other flow decides for, so its PENDING withdrawal is still there whatever ran before.
  await admin.getByRole('combobox', { name: 'Client' }).click();
  await admin.getByRole('option', { name: 'PT Garuda Edukasi Indonesia' }).click();
  await expect(admin.getByRole('combobox', { name: 'Client' })).toHaveText(/PT Garuda Edukasi Indonesia/);
  const adminHistory = admin.getByRole('table', { name: 'Withdrawal History' });
  const pending = adminHistory
    .getByRole('row')
    .filter({ hasText: 'PENDING' })
    .filter({ has: admin.getByRole('button', { name: 'Reject' }) })
    .first();
  await pending.getByRole('button', { name: 'Reject' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);
  await admin.close();

  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'auditor@demo.local');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Reads only: no Master Balance (an adjustment screen) and no Management.
  await expect(menu.getByRole('link', { name: 'Ledger' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Management' })).toHaveCount(0);

  // User Settings: their two-factor is set, and no Reset (issue 45: an AUDITOR can never take it).
  await page.goto('/dashboard/settings/user');
  await expect(page.getByText('2FA Verification Set')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset', exact: true })).toHaveCount(0);

  // Disbursement List: every client's rows, none with an action, and no void upload.
  await page.goto('/dashboard/disbursement/transactions');
  const disbursements = page.locator('table[aria-label="Disbursements"]');
  await expect(disbursements.getByRole('row').nth(1)).toBeVisible();
  await expect(
    disbursements.getByRole('button', { name: /Finalize|Reject|Refresh|Invoice|withdrawable/i }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Void/i })).toHaveCount(0);
  await screenshot(page, '90-auditor-disbursements');

  // Payments Balance: the history, but no request and no decisions.
  await menu.getByRole('link', { name: 'Payments Balance' }).click();
  const history = page.getByRole('table', { name: 'Withdrawal History' });
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  await expect(history.getByRole('button', { name: /Complete|Reject/ })).toHaveCount(0);
  // Each amount links to the withdrawal's journal.
  await expect(history.getByRole('link').first()).toHaveAttribute(
    'href',
    /\/dashboard\/ledger\?reference=[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole('button', { name: 'Request Widthdrawal' })).toHaveCount(0);

  // The Ledger: the trial balance, debits equal to credits.
  await menu.getByRole('link', { name: 'Ledger' }).click();
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Trial balance' }).getByRole('row').nth(1)).toBeVisible();
  const totals = page.getByLabel('Totals');
  await expect(totals).toContainText(/Debits Rp\. [\d,]+ = Credits Rp\. [\d,]+/);
  const [, debits, credits] = /Debits (Rp\. [\d,]+) = Credits (Rp\. [\d,]+)/.exec((await totals.textContent())!)!;
  expect(debits).toBe(credits);
  await screenshot(page, '91-auditor-ledger');

  // The Audit Log: a decided withdrawal's path, and its journal from there.
  await menu.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Action' }).fill('withdrawal.decide');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toContainText('withdrawal.decide');
  await table.getByRole('row').nth(1).getByRole('button', { name: 'Path' }).click();
  const path = page.getByRole('dialog', { name: 'Entity path' });
  await expect(path).toBeVisible();
  await path.getByRole('link', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ledger\?reference=/);
  const journal = page.getByRole('dialog', { name: 'Journal' });
  await expect(journal).toBeVisible();
  await expect(journal.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, '92-auditor-journal');
  await journal.getByRole('button', { name: 'Close' }).click();

  // Approvals: the requests and the policy, read only.
  await menu.getByRole('link', { name: 'Approvals' }).click();
  await page.getByRole('tab', { name: 'Policy' }).click();
  await expect(page.getByRole('table', { name: 'Approval policy' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mode for Withdrawal or transfer to disburse' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // The chain: Verify says it is intact.
  await menu.getByRole('link', { name: 'Audit Log' }).click();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The audit chain is intact \([\d,]+ rows\)\./)).toBeVisible();
  await screenshot(page, '93-auditor-verify');
});

/** The element lies wholly inside the window as it is scrolled now. */
async function inView(page: Page, name: string) {
  const box = (await page.getByRole('heading', { name, level: 2 }).boundingBox())!;
  const { height } = page.viewportSize()!;
  expect(box.y, `${name} starts below the window's top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name} ends above the window's bottom`).toBeLessThanOrEqual(height);
}

/**
 * Issue 43: the Ledger reads well for an AUDITOR at 1366x768: its heading and the Trial balance section,
 * an account's statement opened in view (not 2,700 px below it), 'As of' before the first posting said
 * in words, a client's daily proof agreeing with the ledger and exported, and nothing axe finds, best
 * practices included.
 */
test('AUDITOR on the Ledger: a statement opens in view, the daily proof of a client and day, axe clean', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'auditor@demo.local');
  await page.goto('/dashboard/ledger');
  await expect(page).toHaveTitle('Ledger · Nusa Payments Back Office');
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  const trial = page.getByRole('region', { name: 'Trial balance' });
  await expect(trial.getByRole('heading', { name: 'Trial balance', level: 2 })).toBeVisible();
  await expect(trial.getByText(/The ledger is kept by posting time/)).toBeVisible();
  const table = trial.getByRole('table', { name: 'Trial balance' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // The last account of the last client, far down the page: its statement opens in view, its heading focused.
  const last = table.getByRole('button').last();
  const account = (await last.textContent())!;
  await last.click();
  const heading = page.getByRole('heading', { name: new RegExp(`^Statement of ${account} · `), level: 2 });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('table', { name: 'Statement' }).getByRole('row').nth(1)).toBeVisible();
  await inView(page, (await heading.textContent())!);
  // What the window shows (not the whole page): the statement, where the click left the reader.
  await page.screenshot({ path: 'test-results/screens/94-ledger-statement-window-1366.png' });
  await screenshot(page, '94-ledger-statement-1366');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, '94-ledger-statement-1440');
  await page.setViewportSize({ width: 1366, height: 768 });

  // 'As of' before anything was posted says so, rather than Rp. 0 everywhere in silence.
  await trial.getByLabel('As of date', { exact: true }).fill('2020-01-01');
  await trial.getByLabel('As of date', { exact: true }).press('Tab');
  await trial.getByLabel('As of time', { exact: true }).fill('09:00');
  await trial.getByLabel('As of time', { exact: true }).press('Tab');
  await trial.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(
    trial.getByText(
      /^No postings before \d{4}-\d{2}-\d{2} \d{2}:\d{2}: the ledger is kept by posting time, so as of 2020-01-01 09:00/,
    ),
  ).toBeVisible();
  await expect(trial.getByLabel('Totals')).toHaveText('Debits Rp. 0 = Credits Rp. 0 as of 2020-01-01 09:00');

  // A client's daily proof today (the demo's postings were made as the server started): it agrees with the ledger.
  const proof = page.getByRole('region', { name: 'Daily proof', exact: true });
  await proof.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: 'PT Garuda Edukasi Indonesia' }).click();
  await expect(proof.getByRole('combobox', { name: 'Day' })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await proof.getByRole('button', { name: 'Show proof' }).click();
  const sheet = proof.getByRole('table', { name: /^Daily proof of PT Garuda Edukasi Indonesia on \d{4}-\d{2}-\d{2}$/ });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row', { name: /^Opening balance/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /^Pay-ins finalized/ })).toBeVisible();
  await expect(sheet.getByRole('row').last()).toHaveText(/^Closing equals the ledger(Yes){5}$/);
  await expect(proof.getByText(/every closing balance equals the ledger's own balance/)).toBeVisible();
  await proof.scrollIntoViewIfNeeded();
  await screenshot(page, '95-ledger-daily-proof-1366');
  // Nothing on the page scrolls sideways at 1366 px: the table fits its card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  const fits = await sheet.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth);
  expect(fits, 'the daily proof fits without scrolling sideways').toBe(true);

  const download = page.waitForEvent('download');
  await proof.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('Daily Proof.xlsx');

  await expectClean(page, 'the Ledger (statement and daily proof open)', undefined, WCAG_AND_BEST_PRACTICE);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, '95-ledger-daily-proof-1440');
});
