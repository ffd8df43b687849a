import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  roleManagementMachine as roleListMachine,
  userManagementMachine as userListMachine,
  type ManagementPage,
} from '../../machines/managementPageMachine';
import type { ManagementListParams } from '../../services/api';
import type { RoleRow, UserRow } from '../../services/managementRules';
import { auditor, budi, roles, tree } from './managementFixtures';

const superAdmin = { type: 'SUPER ADMIN' as const, modules: [] };

const meta = { current_page: 1, last_page: 3, total: 40, per_page: 15 };
const page: ManagementPage<UserRow> = { rows: [budi], meta, roles };

describe('management page machines: the list, as the user gets it', () => {
  it('asks with what is set, from page 1 at 15 rows, and the last request wins', async () => {
    const asked: ManagementListParams[] = [];
    const pending: Array<(v: ManagementPage<UserRow>) => void> = [];
    const actor = createActor(
      userListMachine.provide({
        actors: {
          load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(({ input }) => {
            asked.push(input);
            return new Promise((r) => pending.push(r));
          }),
        },
      }),
      { input: { user: superAdmin, roles } },
    ).start();
    expect(asked[0]).toEqual({ page: 1, limit: 15, search: '', type: '', role_id: null, client_id: null });
    actor.send({ type: 'SET_SEARCH', value: 'bud' });
    expect(asked).toHaveLength(1);
    actor.send({ type: 'SEARCH' });
    actor.send({ type: 'SET_CLIENT', value: 2 });
    expect(asked.at(-1)).toEqual({ page: 1, limit: 15, search: 'bud', type: '', role_id: null, client_id: 2 });
    pending[0]({ rows: [], meta, roles: [] });
    pending.at(-1)!(page);
    const s = await waitFor(actor, (x) => x.matches({ list: 'showing' }));
    expect(s.context.rows).toEqual([budi]);
    actor.send({ type: 'PAGE', page: 3 });
    actor.send({ type: 'PAGE_SIZE', limit: 30 });
    expect(asked.at(-1)).toMatchObject({ page: 1, limit: 30 });
  });

  it('clears a role of another type when the type filter changes', () => {
    const actor = createActor(
      userListMachine.provide({
        actors: { load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(() => new Promise(() => {})) },
      }),
      { input: { user: superAdmin, roles } },
    ).start();
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
    const actor = createActor(
      roleListMachine.provide({
        actors: {
          load: fromPromise<ManagementPage<RoleRow>, ManagementListParams>(async ({ input }) => {
            asked.push(input);
            return { rows: [auditor], meta };
          }),
        },
      }),
      { input: { user: superAdmin } },
    ).start();
    const s = await waitFor(actor, (x) => x.matches({ list: 'showing' }));
    expect(s.context.rows).toEqual([auditor]);
    actor.send({ type: 'SET_SEARCH', value: 'Aud' });
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (x) => x.matches({ list: 'showing' }));
    expect(asked.at(-1)).toMatchObject({ search: 'Aud', page: 1, limit: 15 });
  });

  it('gives an ADMIN no type filter, and only the modules they hold to grant', () => {
    const actor = createActor(
      roleListMachine.provide({
        actors: { load: fromPromise<ManagementPage<RoleRow>, ManagementListParams>(() => new Promise(() => {})) },
      }),
      {
        input: {
          user: { type: 'ADMIN', modules: ['transactions', 'disbursement', 'disbursement-account'] },
          modules: tree,
        },
      },
    ).start();
    const s = actor.getSnapshot();
    expect(s.can({ type: 'SET_TYPE', value: 'CLIENT' })).toBe(false);
    expect(s.context.seesTypes).toBe(false);
    expect(s.context.tree.map((m) => [m.id, m.children.map((c) => c.id)])).toEqual([
      ['transactions', []],
      ['disbursement', ['disbursement-account']],
    ]);
  });
});
