import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/react';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { roleManagementMachine, type ManagementPage } from '../../machines/managementPageMachine';
import { roleFormMachine } from '../../machines/managementFormMachine';
import { alerts, type Alert } from '../../services/alerts';
import { ApiError } from '../../services/http';
import type { RoleRow } from '../../services/managementRules';
import { RoleManagementPage } from '../../views/management/RoleManagementPage';
import { makeUser } from '../fixtures';
import { auditor, empty, tree } from '../machines/managementFixtures';
import { buildModel, doneEvent, errorEvent } from '../machines/modelCoverage';
import {
  buttonIn,
  choose,
  expectedListAndForm,
  FormCalls,
  labelOf,
  labelOfValue,
  nextListWorld,
  readListAndForm,
  startWorld,
  typeFilterText,
  type ManagementWorld,
} from './managementPageModel';
import { CLIENTS, click, drivePath, drivenPaths, region, type PageModel } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';

const TITLE = 'Role Management';
const meta = { current_page: 1, last_page: 2, total: 20, per_page: 15 };
const loaded: ManagementPage<RoleRow> = { rows: [auditor, empty], meta };
const SAVED = 'Role Auditor has been successfully updated';
const input = { user: { type: 'SUPER ADMIN' as const, modules: [] }, modules: tree, clients: CLIENTS };

// --- The model: what a SUPER ADMIN (or the server) can bring about in each state. ---------------

function eventsFor(s: AnyMachineSnapshot): AnyEventObject[] {
  const c = s.context;
  if (s.matches({ list: 'loading' }))
    return [
      doneEvent('load', loaded),
      ...(s.matches({ dialog: 'closed' }) ? [errorEvent('load', new ApiError(500, 'Database unavailable'))] : []),
    ];
  if (s.matches({ dialog: 'form' })) {
    // A new role's form is left by Cancel; an edit is saved (filling a new role is the view and form tests' part).
    return [
      doneEvent('form', { saved: false, message: null }),
      ...(c.target ? [doneEvent('form', { saved: true, message: SAVED })] : []),
    ];
  }
  if (c.loadError) return [{ type: 'SEARCH' }];
  const events: AnyEventObject[] = [{ type: 'NEW' }, { type: 'EDIT', row: auditor }];
  if (c.filter.search === '') events.push({ type: 'SET_SEARCH', value: 'Aud' });
  else events.push({ type: 'SEARCH' });
  if (c.applied.type === '') events.push({ type: 'SET_TYPE', value: 'CLIENT' });
  if (c.page === 1 && c.limit === 15) events.push({ type: 'PAGE', page: 2 }, { type: 'PAGE_SIZE', limit: 30 });
  return events;
}

const model = buildModel(roleManagementMachine, {
  inputs: [input],
  events: eventsFor,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.filter.search,
      s.context.applied,
      s.context.page,
      s.context.limit,
      s.context.loadError != null,
      s.context.rows.length,
      s.context.target?.id ?? null,
    ]),
});

// --- The screen: which state it shows, read from the DOM alone. ---------------------------------

type World = ManagementWorld;
const table = () => within(region(TITLE)).getByRole('table', { name: 'Roles' });

function readScreen(): string {
  const { list, dialog } = readListAndForm(table(), ['New Role', 'Edit Role']);
  return labelOf(list, dialog ?? 'another dialog');
}

let seen: Alert[] = [];

const pageModel: PageModel<World> = {
  title: TITLE,
  start: startWorld,
  initial: () => labelOf('loading', 'closed'),
  label: labelOfValue,
  readScreen,
  // Written from the spec (section 2): the type select and Search reload at once, typing waits for Enter;
  // a save announces the server's words and reloads.
  expectedAfter(state, event) {
    const expected = expectedListAndForm(state, event);
    if (!expected) throw new Error(`no expectation for ${event.type}`);
    return expected;
  },
  nextWorld: nextListWorld,
  checkScreen(state, w) {
    const dialog = state.split('/')[1];
    const page = within(region(TITLE));
    expect(seen).toEqual(w.alerts);
    expect(page.getByRole('textbox', { name: /Search Role Name/ })).toHaveValue(w.typed);
    // A SUPER ADMIN has the type filter and the Type column.
    expect(page.getByRole('combobox', { name: 'Filter by User Type' })).toHaveTextContent(typeFilterText(w.type));
    if (w.failed) expect(page.getByText('Database unavailable')).toBeInTheDocument();
    else expect(page.queryByText('Database unavailable')).toBeNull();
    if (w.loaded) {
      expect(
        within(table())
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toContain('Type');
      expect(within(table()).getByText('Reads the books')).toBeInTheDocument();
    }
    // New waits for the first answer (it brings the role options); the row buttons work only with no dialog open.
    const newButton = page.getByRole('button', { name: 'New Role' });
    if ((w.loaded || w.failed) && dialog === 'closed') expect(newButton).not.toHaveAttribute('aria-disabled', 'true');
    else expect(newButton).toHaveAttribute('aria-disabled', 'true');
    if (w.loaded) {
      const row = within(table()).getByText('Reads the books').closest('tr')!;
      if (dialog === 'closed') expect(buttonIn(row, 'Edit')).toBeEnabled();
      else expect(buttonIn(row, 'Edit')).toBeDisabled();
    }
  },
  async perform(event) {
    const page = within(region(TITLE));
    switch (event.type) {
      case 'SET_SEARCH':
        return act(async () => {
          fireEvent.change(page.getByRole('textbox', { name: /Search Role Name/ }), { target: { value: event.value } });
        });
      case 'SEARCH':
        return click(page.getByRole('button', { name: 'Search' }));
      case 'SET_TYPE':
        return choose(TITLE, 'Filter by User Type', typeFilterText(event.value));
      case 'PAGE':
        return click(page.getByRole('button', { name: 'Next page' }));
      case 'PAGE_SIZE':
        return choose(TITLE, 'Rows per page', String(event.limit));
      case 'NEW':
        return click(page.getByRole('button', { name: 'New Role' }));
      case 'EDIT':
        return click(buttonIn(within(table()).getByText(event.row.description).closest('tr')!, 'Edit'));
      default:
        throw new Error(`cannot perform ${event.type}`);
    }
  },
};

describe('roleManagement machine, driven through the Role Management screen', () => {
  let stop = () => {};
  beforeEach(() => {
    seen = [];
    stop = alerts.subscribe((a) => seen.push(a));
  });
  afterEach(() => stop());

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(drivenPaths(roleManagementMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path) => {
      const calls = new FormCalls();
      const logic = roleManagementMachine.provide({
        actors: { load: calls.logic(), form: roleFormMachine.provide({ actors: { save: calls.logic() } }) },
      });
      const user = makeUser({ type: 'SUPER ADMIN', otp_verified: true });
      // The module tree comes with the session: an edited role keeps the modules it holds.
      await drivePath(pageModel, path, calls, (clients) =>
        renderWithSession(<RoleManagementPage logic={logic} />, user, { modules: tree, banks: [], clients, roles: [] }),
      );
    },
    30_000,
  );
});
