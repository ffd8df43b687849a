import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe';
import { asPage, screenshot, signInAs } from './helpers';

/** A figure card's rupiah, read from its text ('Previous BalanceRp. 1,250,000' -> 1250000). */
const figure = async (page: Page, name: string) =>
  Number((await page.getByRole('group', { name }).textContent())!.replace(/\D/g, ''));
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const WAITING = 'Waiting for approval by another SUPER ADMIN';

/** Asks the API as the page's own signed-in user (its session cookie, shared by page.request). */
async function decideAsPage(page: Page, id: number, decision: string) {
  const res = await page.request.patch(`/api/backoffice/approvals/${id}`, {
    headers: asPage(page),
    data: { decision },
  });
  return { status: res.status(), body: await res.json() };
}

test("a large adjustment waits for another SUPER ADMIN, approved from the bell; moves once; maker can't act", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const maker = await (await browser.newContext()).newPage();
  await signInAs(maker, 'superadmin@demo.local');
  const checker = await (await browser.newContext()).newPage();
  await signInAs(checker, 'superadmin2@demo.local');

  // 1. Typed the Indonesian way with zero cents: exactly Rp. 250,000, in figures and words.
  await maker.goto('/dashboard/disbursement/master-balance');
  const client = maker.getByRole('combobox', { name: 'Client' });
  await expect(client).not.toHaveText('');
  const clientName = (await client.textContent())!.trim();
  await expect(maker.getByRole('group', { name: 'Previous Balance' })).toContainText('Rp.');
  const before = await figure(maker, 'Previous Balance');
  const amount = maker.getByRole('textbox', { name: 'Adjust Balance amount' });
  await amount.fill('250.000,00');
  await expect(amount).toHaveValue('250.000,00');
  await expect(maker.getByText('Reads as Rp. 250,000 (dua ratus lima puluh ribu rupiah)')).toBeVisible();
  await expect(maker.getByRole('group', { name: 'After Balance' })).toContainText(
    `Rp. ${(before + 250_000).toLocaleString('en-US')}`,
  );
  await screenshot(maker, '80-amount-read-back');

  // 2. Rp. 150,000,000 is at the policy's threshold: it waits, and nothing moves.
  await amount.fill('150.000.000');
  await maker.getByRole('button', { name: 'Update Balance' }).click();
  const confirm = maker.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Rp. 150,000,000 (seratus lima puluh juta rupiah)');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(maker.getByRole('region', { name: 'Master Disbursement Balance' }).getByText(WAITING)).toBeVisible();
  expect(await figure(maker, 'Previous Balance')).toBe(before);
  await screenshot(maker, '81-adjustment-waiting');

  // 5. The maker's own request offers only Cancel, and the server refuses the maker's Approve.
  await maker.goto('/dashboard/approvals');
  const requests = maker.getByRole('table', { name: 'Approval requests' });
  const own = requests
    .locator('tbody tr')
    .filter({ hasText: clientName })
    .filter({ hasText: 'Rp. 150,000,000' })
    .first();
  await expect(own).toBeVisible();
  const cancel = own.getByRole('button', { name: /^Cancel request #\d+$/ });
  await expect(cancel).toBeVisible();
  await expect(own.getByRole('button', { name: /^Approve request/ })).toHaveCount(0);
  const id = Number((await cancel.getAttribute('aria-label'))!.match(/#(\d+)/)![1]);
  await screenshot(maker, '82-approvals-maker');
  const refused = await decideAsPage(maker, id, 'APPROVE');
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('The maker of a change cannot approve it');

  // 3. The second SUPER ADMIN opens it from the bell and approves it.
  await expect(bell(checker)).toBeVisible();
  await bell(checker).click();
  const item = checker
    .getByRole('list', { name: 'Work orders' })
    .getByRole('button', { name: new RegExp(`APR-${id}\\b`) })
    .first();
  await expect(item).toContainText('Open');
  await item.click();
  await expect(checker).toHaveURL(new RegExp(`/work-order-detail\\?wo=APR-${id}$`));
  const panel = checker.getByLabel('Approval request');
  await expect(panel).toContainText('seratus lima puluh juta rupiah');
  await screenshot(checker, '83-approval-work-order');
  await panel.getByRole('group', { name: 'Approval actions' }).getByRole('button', { name: 'Approve' }).click();
  const sure = checker.getByRole('dialog', { name: 'Are you sure?' });
  await expect(sure).toContainText('Rp. 150,000,000 (seratus lima puluh juta rupiah)');
  await expectClean(checker, 'the approval decision dialog');
  await sure.getByRole('button', { name: 'Confirm' }).click();
  await expect(checker.getByText('The change has been approved and applied').first()).toBeVisible();
  await expect(
    panel.getByRole('group', { name: 'Approval actions' }).getByRole('button', { name: 'Approve' }),
  ).toHaveCount(0);

  // 4. The Disbursement Account card has risen by exactly the amount, once.
  await checker.goto('/dashboard/disbursement/account');
  await expect(checker.getByRole('combobox', { name: 'Client' })).toHaveText(clientName);
  await expect.poll(() => figure(checker, 'Disbursement Balance')).toBe(before + 150_000_000);
  // A second approval of the same request moves nothing more.
  const again = await decideAsPage(checker, id, 'APPROVE');
  expect(again.status).toBe(409);
  await checker.reload();
  await expect.poll(() => figure(checker, 'Disbursement Balance')).toBe(before + 150_000_000);
  await screenshot(checker, '84-balance-risen-once');

  // The maker's open screen follows live: the request is no longer pending.
  await maker.goto('/dashboard/approvals');
  await expect(maker.getByRole('button', { name: `Cancel request #${id}` })).toHaveCount(0);
});

test('void upload set to always wait: preview warns, Confirm holds it, another SUPER ADMIN approves: voided', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const maker = await (await browser.newContext()).newPage();
  await signInAs(maker, 'superadmin@demo.local');
  const checker = await (await browser.newContext()).newPage();
  await signInAs(checker, 'superadmin2@demo.local');

  // The Policy tab: 'Void upload' waits always.
  const setVoidMode = async (mode: string, threshold?: string) => {
    await maker.goto('/dashboard/approvals');
    await maker.getByRole('tab', { name: 'Policy' }).click();
    await maker.getByRole('combobox', { name: 'Mode for Void upload' }).selectOption(mode);
    if (threshold) await maker.getByRole('textbox', { name: 'Threshold for Void upload' }).fill(threshold);
    await maker.getByRole('button', { name: 'Save' }).click();
    await expect(maker.getByText('Approval policy has been saved').first()).toBeVisible();
  };
  await setVoidMode('always');
  await screenshot(maker, '85-approval-policy');
  try {
    // A FINALIZED disbursement of the last 7 days.
    await maker.goto('/dashboard/disbursement/transactions');
    const table = maker.getByRole('table', { name: 'Disbursements' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await maker.getByRole('combobox', { name: 'Status' }).click();
    await maker.getByRole('option', { name: 'FINALIZED', exact: true }).click();
    await maker.getByRole('button', { name: 'Search' }).click();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    // The Correlation ID column, second after Transaction Time (issue 26).
    const target = (await table.locator('tbody tr td:nth-child(2)').first().textContent())!.trim();
    const row = table.locator('tbody tr').filter({ hasText: target });

    await maker.getByRole('button', { name: 'Upload Void Transaction' }).click();
    const upload = maker.getByRole('dialog', { name: 'Upload Void Transaction' });
    await upload
      .getByLabel('Choose void file')
      .setInputFiles({ name: 'void.csv', mimeType: 'text/csv', buffer: Buffer.from(`correlation_id\n${target}\n`) });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const preview = maker.getByRole('dialog', { name: 'Upload Void Transaction: Preview' });
    await expect(preview).toContainText('Void 1 disbursement returning Rp.');
    await expect(preview).toContainText("This waits for a second SUPER ADMIN's approval before anything moves.");
    await screenshot(maker, '86-void-preview-needs-approval');
    await expectClean(maker, 'the void upload preview');
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await expect(maker.getByText(WAITING).first()).toBeVisible();
    await expect(preview).toHaveCount(0);
    await expect(row).toContainText('FINALIZED');

    // The second SUPER ADMIN approves it on the Approvals screen.
    await checker.goto('/dashboard/approvals');
    const pending = checker
      .getByRole('table', { name: 'Approval requests' })
      .locator('tbody tr')
      .filter({ hasText: 'Void upload' })
      .first();
    await expect(pending).toContainText('Pending approval');
    await pending.getByRole('button', { name: /^Approve request #\d+$/ }).click();
    const sure = checker.getByRole('dialog', { name: 'Are you sure?' });
    await expect(sure).toContainText(`of void.csv, returning Rp.`);
    await sure.getByRole('button', { name: 'Confirm' }).click();
    await expect(checker.getByText('The change has been approved and applied').first()).toBeVisible();

    // Voided once: the maker's list shows it after a new search.
    await maker.getByRole('combobox', { name: 'Status' }).click();
    await maker.getByRole('option', { name: 'VOIDED', exact: true }).click();
    await maker.getByRole('button', { name: 'Search' }).click();
    await expect(table.locator('tbody tr').filter({ hasText: target })).toContainText('VOIDED');
  } finally {
    // Back to the default: from Rp. 100,000,000 returned.
    await setVoidMode('threshold', '100.000.000');
  }
});

test('an ADMIN whose adjustment was held follows it on Approvals (their own only, no Policy) and cancels it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin@demo.local');
  // Rp. 120,000,000 is past the adjustment's threshold: it waits for a SUPER ADMIN.
  await page.goto('/dashboard/disbursement/master-balance');
  const client = page.getByRole('combobox', { name: 'Client' });
  await expect(client).not.toHaveText('');
  const clientName = (await client.textContent())!.trim();
  await expect(page.getByRole('group', { name: 'Previous Balance' })).toContainText('Rp.');
  const before = await figure(page, 'Previous Balance');
  await page.getByRole('textbox', { name: 'Adjust Balance amount' }).fill('120.000.000');
  await page.getByRole('button', { name: 'Update Balance' }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('region', { name: 'Master Disbursement Balance' }).getByText(WAITING)).toBeVisible();

  // The menu leads an ADMIN to Approvals; the page shows their requests and no Policy tab.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\/dashboard\/approvals$/);
  await expect(page.getByRole('tab', { name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Policy' })).toHaveCount(0);
  const own = page
    .getByRole('table', { name: 'Approval requests' })
    .locator('tbody tr')
    .filter({ hasText: clientName })
    .filter({ hasText: 'Rp. 120,000,000' })
    .first();
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /^Approve request/ })).toHaveCount(0);
  await screenshot(page, '86-approvals-admin-maker');
  const cancel = own.getByRole('button', { name: /^Cancel request #\d+$/ });
  const id = Number((await cancel.getAttribute('aria-label'))!.match(/#(\d+)/)![1]);
  await cancel.click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The change has been cancelled').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel request #${id}` })).toHaveCount(0);
  // Nothing moved.
  await page.goto('/dashboard/disbursement/master-balance');
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveText(clientName);
  await expect.poll(() => figure(page, 'Previous Balance')).toBe(before);
});
