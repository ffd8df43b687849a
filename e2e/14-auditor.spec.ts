import { expect, test } from '@playwright/test';
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
