import { expect, test, type Page } from '@playwright/test';
import { nextCode, screenshot, signInAs } from './helpers';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const unreadOf = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);

test("a client's withdrawal is counted at once on the bells, completed from the work order, shown resolved", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'superadmin@demo.local');
  const second = await (await browser.newContext()).newPage();
  await signInAs(second, 'superadmin2@demo.local');
  await expect(bell(admin)).toBeVisible();
  await expect(bell(second)).toBeVisible();
  const before = await unreadOf(admin);

  const client = await (await browser.newContext()).newPage();
  await signInAs(client, 'client@demo.local');
  await client.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Payments Balance' }).click();
  await expect(client.getByRole('group', { name: 'Available Balance' })).toContainText('Rp.');
  await client.getByRole('button', { name: 'Request Widthdrawal' }).click();
  const dialog = client.getByRole('dialog', { name: 'Request Widthdrawal' });
  await dialog.getByRole('combobox', { name: 'Bank Name' }).click();
  await client.getByRole('option', { name: 'BCA', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Account Number' }).fill('7100012345');
  await dialog.getByRole('textbox', { name: 'Beneficary Account Name' }).fill('Budi Santoso');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('40000');
  await dialog.getByRole('textbox', { name: 'OTP' }).fill(await nextCode('client@demo.local'));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);

  // The SUPER ADMIN's bell counts it at once, without a reload.
  await expect.poll(() => unreadOf(admin), { timeout: 5_000 }).toBe(before + 1);
  await bell(admin).click();
  // Named as people name it (issue 26): the amount and the bank, never a code.
  const asked = /Withdrawal of Rp\. 40,000 to BCA.* is waiting for your decision/;
  const item = admin.getByRole('list', { name: 'Work orders' }).getByRole('button', { name: asked }).first();
  await expect(item).toContainText('Open');
  await screenshot(admin, '50-bell-work-order');
  await item.click();
  await expect(admin).toHaveURL(/\/work-order-detail\?wo=WD-[0-9A-F]{8}$/);
  await expect(admin.getByRole('group', { name: 'Status' })).toContainText('Open');
  await screenshot(admin, '51-work-order-detail');

  // The second SUPER ADMIN got the same work order, still open.
  await bell(second).click();
  const theirs = second.getByRole('list', { name: 'Work orders' }).getByRole('button', { name: asked }).first();
  await expect(theirs).toContainText('Open');
  await second.keyboard.press('Escape');
  const secondBefore = await unreadOf(second);

  await admin.getByRole('group', { name: 'Work order actions' }).getByRole('button', { name: 'Complete' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Complete' }).click();
  await expect(admin.getByRole('group', { name: 'Status' })).toContainText('Resolved at');
  await expect(admin.getByRole('group', { name: 'Message' })).toContainText('Completed by superadmin@demo.local');
  await expect(
    admin.getByRole('group', { name: 'Work order actions' }).getByRole('button', { name: 'Complete' }),
  ).toHaveCount(0);
  await screenshot(admin, '52-work-order-resolved');

  // Live on the second SUPER ADMIN's bell: one fewer to count, resolved, saying who did what.
  await expect.poll(() => unreadOf(second), { timeout: 5_000 }).toBe(secondBefore - 1);
  await bell(second).click();
  await expect(
    second
      .getByRole('list', { name: 'Work orders' })
      .getByRole('button', { name: /Completed by superadmin@demo\.local/ })
      .first(),
  ).toContainText('Resolved');
  await screenshot(second, '53-second-admin-resolved');
});
