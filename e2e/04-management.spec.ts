import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, finishTwoFactorSetup, nextCode, screenshot, signIn, signInAs, typeOtp } from './helpers';

const NEW_USER = 'rina.reports@demo.local';

async function openManagement(page: Page, child: 'User' | 'Role', heading: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (!(await menu.getByRole('link', { name: child, exact: true }).isVisible()))
    await menu.getByText('Management', { exact: true }).click();
  await menu.getByRole('link', { name: child, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

async function choose(page: Page, field: ReturnType<Page['getByRole']>, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('SUPER ADMIN makes a role and a user, who sees only those menus; an authenticator reset ends the session', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'superadmin@demo.local');

  // A role with two modules.
  await openManagement(admin, 'Role', 'Role Management');
  await admin.getByRole('button', { name: 'New Role' }).click();
  const roleDialog = admin.getByRole('dialog', { name: 'New Role' });
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog.getByRole('alert')).toContainText('At least 1 selected Module is required');
  await roleDialog.getByRole('textbox', { name: /^Role Name/ }).fill('Reports Reader');
  await choose(admin, roleDialog.getByRole('combobox', { name: /^User Type/ }), 'Client user');
  await roleDialog.getByRole('textbox', { name: /^Description/ }).fill('Payments List and Payments Balance only');
  await expect(roleDialog.getByRole('group', { name: 'Settlement' })).toHaveCount(0);
  for (const module of ['Payments List', 'Payments Balance']) {
    await roleDialog.getByRole('group', { name: module }).getByRole('switch', { name: 'Select all' }).click();
  }
  await screenshot(admin, '40-new-role');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Role Reports Reader has been successfully created', { exact: true })).toBeVisible();
  const roleRow = admin.getByRole('table', { name: 'Roles' }).getByRole('row', { name: /Reports Reader/ });
  // Client users' type name is not shown (spec section 1): the Type cell stays empty.
  await expect(roleRow.getByRole('cell').nth(2)).toHaveText('');
  await expect(roleRow).not.toContainText('CLIENT');
  await expect(roleRow.getByRole('cell').nth(3)).toHaveText('2');
  await screenshot(admin, '41-role-management');

  // A user with that role.
  await openManagement(admin, 'User', 'User Management');
  await admin.getByRole('button', { name: 'New User' }).click();
  const userDialog = admin.getByRole('dialog', { name: 'New User' });
  await userDialog.getByRole('button', { name: 'Save' }).click();
  const errors = userDialog.getByRole('alert');
  for (const message of [
    'User Type is required',
    'Role is required',
    'Name is required',
    'Email is required',
    'Password is required',
  ])
    await expect(errors).toContainText(message);
  await choose(admin, userDialog.getByRole('combobox', { name: /^User Type/ }), 'Client user');
  await choose(admin, userDialog.getByRole('combobox', { name: /^Role\s*\*?$/ }), 'Reports Reader');
  await userDialog.getByRole('textbox', { name: /^Name/ }).fill('Rina Reports');
  await userDialog.getByRole('combobox', { name: /^Clients/ }).click();
  await admin.getByRole('menuitemcheckbox', { name: 'PT Sinar Nusantara Retail' }).click();
  await admin.keyboard.press('Escape');
  await userDialog.getByRole('textbox', { name: /^Email/ }).fill('rina.reports@demo');
  await userDialog.getByRole('textbox', { name: /^Password\s*\*?$/ }).fill(DEMO_PASSWORD);
  await userDialog.getByRole('textbox', { name: /^Password Confirmation/ }).fill('not the same password');
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(errors).toContainText('Email is invalid');
  await expect(errors).toContainText('Password and Password Confirmation does not match');
  await userDialog.getByRole('textbox', { name: /^Email/ }).fill(NEW_USER);
  await userDialog.getByRole('textbox', { name: /^Password Confirmation/ }).fill(DEMO_PASSWORD);
  await screenshot(admin, '42-new-user');
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('User Rina Reports has been successfully created', { exact: true })).toBeVisible();
  const userRow = admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Rina Reports/ });
  await expect(userRow).toContainText('Not Set');
  await expect(userRow).toContainText('Active');

  // The new user sets two-factor up and sees only what the role grants.
  const user = await (await browser.newContext()).newPage();
  await signIn(user, NEW_USER);
  await expect(user.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  await finishTwoFactorSetup(user, NEW_USER);
  await signIn(user, NEW_USER);
  await typeOtp(user, await nextCode(NEW_USER));
  await expect(user).toHaveURL(/\/dashboard\/transactions$/);
  const menu = user.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Payments List' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Payments Balance' })).toBeVisible();
  for (const hidden of ['Payin Detail', 'Disbursement', 'Settlement', 'Management'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await screenshot(user, '43-new-user-menus');
  await user.goto('/dashboard/management/user');
  await expect(user).toHaveURL(/\/404$/);
  await expect(user.getByText('404 Not Found')).toBeVisible();
  await user.goto('/dashboard/balance');
  await expect(user.getByRole('heading', { name: 'Payments Balance' })).toBeVisible();

  // SUPER ADMIN takes Payments Balance out of the role: that ends the user's sessions (issue 44), so their open page
  // is sent to sign in at once; signed in again, the menu is the role as it is now.
  await openManagement(admin, 'Role', 'Role Management');
  await admin
    .getByRole('table', { name: 'Roles' })
    .getByRole('row', { name: /Reports Reader/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const editRole = admin.getByRole('dialog', { name: 'Edit Role' });
  await editRole.getByRole('group', { name: 'Payments Balance' }).getByRole('switch', { name: 'Select all' }).click();
  await editRole.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Role Reports Reader has been successfully updated', { exact: true })).toBeVisible();
  await expect(user).toHaveURL(/\/login$/, { timeout: 15_000 });
  await signIn(user, NEW_USER);
  await typeOtp(user, await nextCode(NEW_USER));
  await expect(user).toHaveURL(/\/dashboard\/transactions$/);
  await expect(menu.getByRole('link', { name: 'Payments List' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Payments Balance' })).toHaveCount(0);
  await user.goto('/dashboard/balance');
  await expect(user).toHaveURL(/\/404$/);
  await user.goto('/dashboard/transactions');
  await expect(user.getByRole('heading', { name: 'Payments List' })).toBeVisible();

  // SUPER ADMIN resets the authenticator: the user's open page is sent to sign in.
  await openManagement(admin, 'User', 'User Management');
  await expect(admin.getByRole('heading', { name: 'User Management' })).toBeVisible();
  const activeRow = admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Rina Reports/ });
  await expect(activeRow).toContainText('Active');
  await activeRow.getByRole('button', { name: 'Reset Authenticator' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(admin.getByText('Authenticator has been reset successfully.', { exact: true })).toBeVisible();
  await expect(activeRow).toContainText('Not Set');
  await expect(user).toHaveURL(/\/login$/, { timeout: 15_000 });
  await screenshot(admin, '44-user-management');
});
