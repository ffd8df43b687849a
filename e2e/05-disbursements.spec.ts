import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { focusPlace, screenshot, signInAs } from './helpers';

// Columns of the Disbursements table (spec section 3's fields, in the screen's order: the row's
// identity, pinned in view, leads; issue 26).
const COL = { correlationId: 2, status: 3, amount: 4, fee: 5, client: 7 } as const;
const cells = (page: Page, col: number) =>
  page.getByRole('table', { name: 'Disbursements' }).locator(`tbody tr td:nth-child(${col})`);

async function openDisbursementList(page: Page) {
  await page.goto('/dashboard/disbursement/transactions');
  await expect(page.getByRole('heading', { name: 'Disbursement List' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Disbursements' })).toHaveAttribute('aria-busy', 'false');
}

async function searchStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Disbursements' })).toHaveAttribute('aria-busy', 'false');
}

test('SUPER ADMIN rejects and finalizes PENDING disbursements, voids a FINALIZED one and exports', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'superadmin@demo.local');
  await openDisbursementList(page);
  // The last 7 days, every status.
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('All Status');
  await expect(page.getByRole('button', { name: 'Upload Void Transaction' })).toBeVisible();
  await screenshot(page, '50-disbursement-list');

  await searchStatus(page, 'PENDING');
  const table = page.getByRole('table', { name: 'Disbursements' });
  expect(new Set(await cells(page, COL.status).allTextContents())).toEqual(new Set(['PENDING']));
  const ids = await cells(page, COL.correlationId).allTextContents();
  expect(ids.length).toBeGreaterThanOrEqual(2);
  const [toReject, toFinalize] = ids;

  // Disbursement Account of the client whose disbursement is rejected, open in a second tab.
  const rejectRow = table.locator('tbody tr').filter({ hasText: toReject });
  const rupiahIn = async (col: number) =>
    Number((await rejectRow.locator(`td:nth-child(${col})`).textContent())!.replace(/\D/g, ''));
  const held = (await rupiahIn(COL.amount)) + (await rupiahIn(COL.fee));
  const clientName = (await rejectRow.locator(`td:nth-child(${COL.client})`).textContent())!.trim();
  const account = await page.context().newPage();
  await account.goto('/dashboard/disbursement/account');
  await account.getByRole('combobox', { name: 'Client' }).click();
  await account.getByRole('option', { name: clientName, exact: true }).click();
  const card = account.getByRole('group', { name: 'Disbursement Balance' });
  await expect(card).not.toContainText('-');
  const balanceBefore = Number((await card.textContent())!.replace(/\D/g, ''));

  // Reject one: 'Are you sure?' first, then the spec's success text, and it leaves the PENDING list.
  await table
    .locator('tbody tr')
    .filter({ hasText: toReject })
    .getByRole('button', { name: `Reject ${toReject}`, exact: true })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`Reject disbursement ${toReject}`);
  await screenshot(page, '51-disbursement-reject-confirm');
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Disbursement has been rejected').first()).toBeVisible();
  await expect(table.getByText(toReject)).toHaveCount(0);
  // The hold came back: the other tab's card rises by amount + fee, live, without a reload.
  await expect.poll(async () => Number((await card.textContent())!.replace(/\D/g, ''))).toBe(balanceBefore + held);
  await account.close();

  // Finalize another.
  await table
    .locator('tbody tr')
    .filter({ hasText: toFinalize })
    .getByRole('button', { name: `Finalize ${toFinalize}`, exact: true })
    .click();
  await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Finalize' }).click();
  await expect(page.getByText('Disbursement has been finalized').first()).toBeVisible();
  await expect(table.getByText(toFinalize)).toHaveCount(0);

  // Both show their new status when searched for.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(toReject);
  await searchStatus(page, 'All Status');
  await expect(table.locator('tbody tr').filter({ hasText: toReject })).toContainText('REJECTED');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(toFinalize);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody tr').filter({ hasText: toFinalize })).toContainText('FINALIZED');

  // Void the one just finalized, by a CSV written here, with a row that names nothing.
  const csv = `correlation_id\n${toFinalize}\nNO-SUCH-DISBURSEMENT-1\n`;
  await page.getByRole('button', { name: 'Upload Void Transaction' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Void Transaction' });
  await upload
    .getByLabel('Choose void file')
    .setInputFiles({ name: 'void.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(upload.getByLabel('Chosen file')).toContainText('void.csv');
  await upload.getByRole('button', { name: 'Upload' }).click();
  // Issue 25: nothing moves on the first click; the preview says what would, and Confirm applies it.
  const preview = page.getByRole('dialog', { name: 'Upload Void Transaction: Preview' });
  await expect(preview).toContainText('Void 1 disbursement returning Rp.');
  // Issue 45: the step that replaced the Upload button keeps the focus in the dialog (Escape and Tab still reach it).
  await expect.poll(() => focusPlace(page)).toBe('inside');
  await expect(
    preview.getByRole('table', { name: 'Void preview' }).locator('tbody tr').filter({ hasText: toFinalize }),
  ).toContainText('Will be voided');
  await screenshot(page, '52a-disbursement-void-preview');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  const results = page.getByRole('dialog', { name: 'Upload Void Transaction: Results' });
  const outcomes = results.getByRole('table', { name: 'Void results' }).locator('tbody tr');
  await expect(outcomes).toHaveCount(2);
  await expect(outcomes.filter({ hasText: toFinalize })).toContainText('Voided');
  await expect(outcomes.filter({ hasText: 'NO-SUCH-DISBURSEMENT-1' })).toContainText('Not found');
  await expect.poll(() => focusPlace(page)).toBe('inside');
  await screenshot(page, '52-disbursement-void-results');
  await results.getByRole('button', { name: 'Close' }).click();
  await expect(table.locator('tbody tr').filter({ hasText: toFinalize })).toContainText('VOIDED');

  // Export the last 7 days: a downloaded .xlsx named 'Data Download'.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download .xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Data Download.xlsx');
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 2).toString()).toBe('PK');
  await expect(page.getByText('File downloaded successfully').first()).toBeVisible();
});

test('at 1366 x 768 a SUPER ADMIN finalizes a PENDING disbursement by keyboard, its id in view (issue 26)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'superadmin@demo.local');
  await openDisbursementList(page);
  await searchStatus(page, 'PENDING');
  const table = page.getByRole('table', { name: 'Disbursements' });
  // Measured by its markup, not its role: while the modal question is open the page behind it is
  // hidden from assistive technology (as it should be), and the row must still be in view under it.
  const drawn = page.locator('table[aria-label="Disbursements"]');
  const scrollBox = drawn.locator('xpath=..');
  /** The row's id wholly on screen: inside the window and inside the table's scroll box, not scrolled off. */
  const inView = async (id: string) => {
    const cell = drawn.locator('tbody tr').filter({ hasText: id }).locator(`td:nth-child(${COL.correlationId})`);
    const [it, box] = [(await cell.boundingBox())!, (await scrollBox.boundingBox())!];
    return (
      it.x >= Math.max(0, box.x - 1) &&
      it.x + it.width <= Math.min(1366, box.x + box.width + 1) &&
      it.y >= 0 &&
      it.y + it.height <= 768
    );
  };
  const focusedName = () =>
    page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
    );

  // From the Search button the focus is on, Tab walks into the table, which is one Tab stop: Export, the void
  // upload, the Views and Columns menus (issue 29), the table's scroll box, then the first row.
  let presses = 0;
  while (
    !(await page.evaluate(() => !!document.activeElement?.closest('table[aria-label="Disbursements"]'))) &&
    presses < 8
  ) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses, 'Tab presses from Search into the table').toBeLessThanOrEqual(6);
  // The arrow keys move along the row's actions to its Finalize; its name says which row it acts on.
  for (let i = 0; i < 3 && !(await focusedName()).startsWith('Finalize '); i++) await page.keyboard.press('ArrowRight');
  const name = await focusedName();
  expect(name).toMatch(/^Finalize \S+$/);
  const id = name.slice('Finalize '.length);
  expect(await inView(id)).toBe(true);
  await screenshot(page, '54-disbursement-finalize-keyboard-1366');

  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`Finalize disbursement ${id}`);
  expect(await inView(id)).toBe(true);
  for (let i = 0; i < 4 && (await focusedName()) !== 'Finalize'; i++) await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('Finalize');
  await screenshot(page, '55-disbursement-finalize-confirm-1366');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Disbursement has been finalized').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(table.getByText(id)).toHaveCount(0);
  // The focus goes to the Finalize of the row that took its place, not to the top of the page.
  await expect.poll(focusedName).toMatch(/^Finalize \S+$/);
  expect(await focusedName()).not.toBe(name);
  expect(await inView((await focusedName()).slice('Finalize '.length))).toBe(true);
});

test("a client user sees only its own clients' disbursements, with no actions and no void upload", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'client@demo.local');
  await openDisbursementList(page);
  const table = page.getByRole('table', { name: 'Disbursements' });
  // Its clients are the ones the Client filter offers it.
  await page.getByRole('combobox', { name: 'Client' }).click();
  const offered = (await page.getByRole('option').allTextContents()).filter((c) => c !== 'All Clients');
  await page.keyboard.press('Escape');
  expect(offered.length).toBeGreaterThan(0);
  const shown = new Set(await cells(page, COL.client).allTextContents());
  expect(shown.size).toBeGreaterThan(0);
  for (const client of shown) expect(offered).toContain(client);

  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload Void Transaction' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await screenshot(page, '53-disbursement-list-client');
});
