import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { roleListMachine, userListMachine, type ManagementPage } from '../../machines/managementListMachine';
import type { ManagementListParams } from '../../services/api';
import { ApiError } from '../../services/http';
import type { RoleRow, UserRow } from '../../services/managementRules';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import { auditor, budi, roles } from './managementFixtures';

const meta = { current_page: 1, last_page: 3, total: 40, per_page: 15 };
const page: ManagementPage<UserRow> = { rows: [budi], meta, roles };

describe('management list machine: model', () => {
  const model = buildModel(userListMachine, {
    inputs: [{ roles }],
    events: [
      doneEvent('load', page), errorEvent('load', new ApiError(500, 'down')),
      { type: 'SET_SEARCH', value: 'budi' }, { type: 'SEARCH' },
      { type: 'SET_TYPE', value: 'ADMIN' }, { type: 'SET_TYPE', value: 'CLIENT' }, { type: 'SET_TYPE', value: '' },
      { type: 'SET_ROLE', value: 1 }, { type: 'SET_ROLE', value: 4 }, { type: 'SET_ROLE', value: null }, { type: 'SET_CLIENT', value: 2 },
      { type: 'PAGE', page: 2 }, { type: 'PAGE_SIZE', limit: 50 }, { type: 'REFRESH' },
    ],
    // Search text is abstracted to 'typed but not applied'; the selects are kept as they are.
    serialize: (s) => JSON.stringify([
      s.value, s.context.filter.search !== s.context.applied.search, s.context.filter.type, s.context.filter.roleId, s.context.page > 1, s.context.loadError != null,
    ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    expect(s.value).toEqual(path.end.value);
    const { applied, filter } = s.context;
    // A role filter never contradicts the type filter.
    const role = roles.find((r) => r.id === filter.roleId);
    if (role && filter.type) expect(role.type).toBe(filter.type);
    // Selects apply at once; typed text only on Enter.
    expect([applied.type, applied.roleId, applied.clientId]).toEqual([filter.type, filter.roleId, filter.clientId]);
    if (s.context.loadError) expect(s.context.loadError).toBe('down');
  });
});

describe('management list machine: what the user gets', () => {
  it('asks with what is set, from page 1 at 15 rows, and the last request wins', async () => {
    const asked: ManagementListParams[] = [];
    const pending: Array<(v: ManagementPage<UserRow>) => void> = [];
    const actor = createActor(userListMachine.provide({
      actors: { load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(({ input }) => { asked.push(input); return new Promise((r) => pending.push(r)); }) },
    }), { input: { roles } }).start();
    expect(asked[0]).toEqual({ page: 1, limit: 15, search: '', type: '', role_id: null, client_id: null });
    actor.send({ type: 'SET_SEARCH', value: 'bud' });
    expect(asked).toHaveLength(1);
    actor.send({ type: 'SEARCH' });
    actor.send({ type: 'SET_CLIENT', value: 2 });
    expect(asked.at(-1)).toEqual({ page: 1, limit: 15, search: 'bud', type: '', role_id: null, client_id: 2 });
    pending[0]({ rows: [], meta, roles: [] });
    pending.at(-1)!(page);
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context.rows).toEqual([budi]);
    actor.send({ type: 'PAGE', page: 3 });
    actor.send({ type: 'PAGE_SIZE', limit: 30 });
    expect(asked.at(-1)).toMatchObject({ page: 1, limit: 30 });
  });

  it('clears a role of another type when the type filter changes', () => {
    const actor = createActor(userListMachine.provide({
      actors: { load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(() => new Promise(() => {})) },
    }), { input: { roles } }).start();
    actor.send({ type: 'SET_ROLE', value: 1 });
    actor.send({ type: 'SET_TYPE', value: 'ADMIN' });
    expect(actor.getSnapshot().context.filter.roleId).toBe(1);
    actor.send({ type: 'SET_TYPE', value: 'CLIENT' });
    expect(actor.getSnapshot().context.filter.roleId).toBeNull();
    actor.send({ type: 'SET_ROLE', value: 2 });
    expect(actor.getSnapshot().context.filter.roleId).toBeNull();
  });

  it('lists roles with the same filter and paging', async () => {
    const asked: ManagementListParams[] = [];
    const actor = createActor(roleListMachine.provide({
      actors: { load: fromPromise<ManagementPage<RoleRow>, ManagementListParams>(async ({ input }) => { asked.push(input); return { rows: [auditor], meta }; }) },
    }), { input: {} }).start();
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(s.context.rows).toEqual([auditor]);
    actor.send({ type: 'SET_SEARCH', value: 'Aud' });
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (x) => x.matches('ready'));
    expect(asked.at(-1)).toMatchObject({ search: 'Aud', page: 1, limit: 15 });
  });
});
