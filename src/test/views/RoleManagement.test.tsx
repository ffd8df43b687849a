import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleRow } from '../../services/managementRules';
import type { UserTypeName } from '../../services/schemas';
import { RoleManagementPage } from '../../views/management/RoleManagementPage';
import { makeUser } from '../fixtures';
import { auditor, empty, tree } from '../machines/managementFixtures';
import { renderWithSession } from './renderWithSession';
import { InIndonesian } from './indonesianCatalog';

const api = vi.hoisted(() => ({ roleList: vi.fn(), createRole: vi.fn(), editRole: vi.fn() }));
vi.mock('../../services/api', () => ({ api }));

const meta = { current_page: 1, last_page: 1, total: 2, per_page: 15 };
const allModules = tree.flatMap((m) => [m.id, ...m.children.map((c) => c.id)]);

beforeEach(() => vi.clearAllMocks());

function open(type: UserTypeName, rows: RoleRow[] = [auditor, empty], modules = allModules) {
  api.roleList.mockResolvedValue({ rows, meta });
  const user = makeUser({ type, otp_verified: true, modules });
  return renderWithSession(<RoleManagementPage />, user, { modules: tree, banks: [], clients: [], roles: [] });
}

const table = () => screen.findByRole('table', { name: 'Roles' });
const rowOf = async (text: string) => within(await table()).getByRole('row', { name: new RegExp(text) });
const moduleGroup = (dialog: HTMLElement, title: string) => within(dialog).getByRole('group', { name: title });

async function newRole() {
  await userEvent.click(await screen.findByRole('button', { name: 'New Role' }));
  return screen.findByRole('dialog', { name: 'New Role' });
}

describe('Role Management', () => {
  // Created At is business time (Asia/Jakarta) whatever the browser's zone: run under TZ=UTC this fails
  // on a formatter that reads the browser's clock.
  it('lists roles with Type for SUPER ADMIN, module count, and creation time (DD MMM YYYY HH:mm:ss)', async () => {
    open('SUPER ADMIN');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Type', 'Total Modules', 'Created At', 'Actions']);
    const cells = within(await rowOf('Auditor'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The fixture is 03:04:05 UTC: 10:04:05 in Jakarta.
    expect(cells).toEqual(['Auditor', 'Reads the books', 'ADMIN', '2', '20 Nov 2026 10:04:05', 'Edit']);
    // 23:59:58 UTC on 2 Jan is already the next day in Jakarta; a client role's type name is not shown.
    expect(
      within(await rowOf('Nobody'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nobody', 'No access yet', '', '0', '03 Jan 2026 06:59:58', 'Edit']);
    expect(screen.getByRole('combobox', { name: 'Filter by User Type' })).toBeInTheDocument();
  });

  it('shows a role without modules with 0 in red', async () => {
    open('ADMIN');
    const zero = within(await rowOf('Nobody')).getByText('0');
    expect(zero.style.color).toContain('colorPaletteRedForeground1');
    expect(within(await rowOf('Auditor')).getByText('2').style.color).toBe('');
  });

  it('hides the Type column and the type filter from an ADMIN, and gives them no type choice', async () => {
    open('ADMIN');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Type');
    expect(screen.queryByRole('combobox', { name: 'Filter by User Type' })).toBeNull();
    const dialog = await newRole();
    expect(within(dialog).queryByRole('combobox', { name: 'User Type' })).toBeNull();
  });

  it('searches role names on Enter', async () => {
    open('ADMIN');
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: /Search Role Name/ }), 'Aud{Enter}');
    await waitFor(() =>
      expect(api.roleList).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Aud', page: 1, limit: 15 })),
    );
  });

  it('lists every error of an empty New Role form under Error!', async () => {
    open('SUPER ADMIN');
    const dialog = await newRole();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Error!');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Role Name is required',
      'User Type is required',
      'Description is required',
      'At least 1 selected Module is required',
    ]);
  });

  it("locks required children on, and selects a module's children with 'Select all'", async () => {
    open('SUPER ADMIN');
    const dialog = await newRole();
    const disbursement = moduleGroup(dialog, 'Disbursement');
    const required = within(disbursement).getByRole('checkbox', { name: /Disbursement List/ });
    expect(required).toBeDisabled();
    expect(required).not.toBeChecked();
    await userEvent.click(within(disbursement).getByRole('checkbox', { name: 'Disbursement Account' }));
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    const selectAll = within(disbursement).getByRole('switch', { name: 'Select all' });
    expect(selectAll).not.toBeChecked();
    await userEvent.click(selectAll);
    expect(
      within(disbursement)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    expect(selectAll).toBeChecked();
    await userEvent.click(selectAll);
    expect(
      within(disbursement)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
  });

  it('creates a role, shows the server’s message and reloads the list', async () => {
    api.createRole.mockResolvedValue({ status: 'success', message: 'Role Viewer has been successfully created' });
    open('SUPER ADMIN');
    const dialog = await newRole();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Role Name' }), 'Viewer');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'User Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Client user' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Sees payments');
    await userEvent.click(within(moduleGroup(dialog, 'Payments List')).getByRole('switch', { name: 'Select all' }));
    const loads = api.roleList.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role Viewer has been successfully created')).toBeInTheDocument();
    expect(api.createRole).toHaveBeenCalledWith({
      name: 'Viewer',
      description: 'Sees payments',
      type: 'CLIENT',
      modules: ['transactions'],
    });
    await waitFor(() => expect(api.roleList.mock.calls.length).toBeGreaterThan(loads));
  });

  it('edits a role from its stored modules without a type field', async () => {
    api.editRole.mockResolvedValue({ status: 'success', message: 'Role Auditor has been successfully updated' });
    open('SUPER ADMIN');
    await userEvent.click(within(await rowOf('Auditor')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    expect(within(dialog).getByRole('textbox', { name: 'Role Name' })).toHaveValue('Auditor');
    expect(within(dialog).queryByRole('combobox', { name: 'User Type' })).toBeNull();
    expect(
      within(moduleGroup(dialog, 'Disbursement')).getByRole('checkbox', { name: 'Disbursement Account' }),
    ).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role Auditor has been successfully updated')).toBeInTheDocument();
    expect(api.editRole).toHaveBeenCalledWith({
      id: 5,
      name: 'Auditor',
      description: 'Reads the books',
      modules: ['disbursement', 'disbursement-transactions', 'disbursement-account'],
    });
  });

  it('offers an ADMIN only the modules they hold', async () => {
    open('ADMIN', [auditor], ['transactions', 'disbursement', 'disbursement-transactions']);
    const dialog = await newRole();
    const selection = within(dialog).getByRole('group', { name: 'Modules Selection' });
    const titles = within(selection)
      .getAllByRole('group')
      .map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent);
    expect(titles).toEqual(['Payments List', 'Disbursement']);
    expect(within(moduleGroup(dialog, 'Disbursement')).getAllByRole('checkbox')).toHaveLength(1);
  });
});

describe('Role Management in Bahasa Indonesia (issue 48)', () => {
  it('speaks it: the table, the filters and New Role with its module selection; names and types stay', async () => {
    api.roleList.mockResolvedValue({ rows: [auditor, empty], meta });
    const user = makeUser({ type: 'SUPER ADMIN', otp_verified: true, modules: allModules });
    renderWithSession(
      <InIndonesian>
        <RoleManagementPage />
      </InIndonesian>,
      user,
      { modules: tree, banks: [], clients: [], roles: [] },
    );
    const list = await screen.findByRole('table', { name: 'Peran' });
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nama', 'Deskripsi', 'Tipe', 'Total Modul', 'Dibuat Pada', 'Aksi']);
    expect(within(list).getByRole('row', { name: /Auditor/ })).toHaveTextContent('ADMIN');
    expect(screen.getByRole('combobox', { name: 'Filter berdasarkan Tipe Pengguna' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Peran Baru' }));
    const dialog = await screen.findByRole('dialog', { name: 'Peran Baru' });
    expect(within(dialog).getByRole('textbox', { name: 'Nama Peran' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Pilihan Modul' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('switch', { name: 'Pilih semua' }).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeInTheDocument();
  });
});
