import { assign, fromPromise, setup } from 'xstate';
import { api, type ManagementListParams } from '../services/api';
import { messageOf } from '../services/http';
import type { RoleRow, UserRow } from '../services/managementRules';
import type { RoleOption, UserTypeName } from '../services/schemas';
import type { PageMeta } from '../services/withdrawalRules';
import type { GuardWords } from './registry';

/** The filter bar of User Management and Role Management (roles use search and type only). */
export interface ManagementFilter {
  search: string;
  type: UserTypeName | '';
  roleId: number | null;
  clientId: number | null;
}

export interface ManagementPage<Row> {
  rows: Row[];
  meta: PageMeta;
  /** The user list reloads the role options with each page, so a role made a moment ago is offered. */
  roles?: RoleOption[];
}

interface ListContext<Row> {
  filter: ManagementFilter;
  /** What the table shows; the search text joins it on Enter, the selects at once. */
  applied: ManagementFilter;
  page: number;
  limit: number;
  rows: Row[];
  meta: PageMeta | null;
  roles: RoleOption[];
  loadError: string | null;
}

export type ManagementListEvent =
  | { type: 'SET_SEARCH'; value: string }
  | { type: 'SEARCH' }
  | { type: 'SET_TYPE'; value: UserTypeName | '' }
  | { type: 'SET_ROLE'; value: number | null }
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'REFRESH' };

export const emptyFilter = (): ManagementFilter => ({ search: '', type: '', roleId: null, clientId: null });

export const paramsOf = (filter: ManagementFilter, page: number, limit: number): ManagementListParams => ({
  page, limit, search: filter.search, type: filter.type, role_id: filter.roleId, client_id: filter.clientId,
});

/**
 * One paged list with the Generic paged table's sizes (spec section 2), specialised per resource by
 * the `load` actor. Every change of what is asked restarts the load, so the last request wins.
 */
function createManagementListMachine<Row>(id: string, noun: string) {
  return setup({
    types: {
      context: {} as ListContext<Row>,
      events: {} as ManagementListEvent,
      input: {} as { roles?: RoleOption[] },
    },
    actors: {
      load: fromPromise<ManagementPage<Row>, ManagementListParams>(async () => { throw new Error(`${id}: load is provided per list`); }),
    },
    actions: {
      applyFilter: assign(({ context }) => ({ applied: { ...context.filter }, page: 1 })),
    },
    guards: {
      /** The role select offers the roles of the chosen type only. */
      roleFitsType: ({ context, event }) => {
        if (event.type !== 'SET_ROLE' || event.value == null || !context.filter.type) return true;
        return context.roles.find((r) => r.id === event.value)?.type === context.filter.type;
      },
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      filter: emptyFilter(), applied: emptyFilter(), page: 1, limit: 15, rows: [], meta: null, roles: input.roles ?? [], loadError: null,
    }),
    initial: 'loading',
    on: {
      SET_SEARCH: { actions: assign({ filter: ({ context, event }) => ({ ...context.filter, search: event.value }) }) },
      SEARCH: { target: '.loading', reenter: true, actions: 'applyFilter' },
      SET_TYPE: {
        target: '.loading',
        reenter: true,
        // A role of another type would filter everything out.
        actions: [
          assign({
            filter: ({ context, event }) => {
              const role = context.roles.find((r) => r.id === context.filter.roleId);
              return { ...context.filter, type: event.value, roleId: event.value && role && role.type !== event.value ? null : context.filter.roleId };
            },
          }),
          'applyFilter',
        ],
      },
      SET_ROLE: { guard: 'roleFitsType', target: '.loading', reenter: true, actions: [assign({ filter: ({ context, event }) => ({ ...context.filter, roleId: event.value }) }), 'applyFilter'] },
      SET_CLIENT: { target: '.loading', reenter: true, actions: [assign({ filter: ({ context, event }) => ({ ...context.filter, clientId: event.value }) }), 'applyFilter'] },
      PAGE: { target: '.loading', reenter: true, actions: assign({ page: ({ event }) => event.page }) },
      PAGE_SIZE: { target: '.loading', reenter: true, actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
      REFRESH: { target: '.loading', reenter: true },
    },
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => paramsOf(context.applied, context.page, context.limit),
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => ({
              rows: event.output.rows, meta: event.output.meta, roles: event.output.roles ?? context.roles, loadError: null,
            })),
          },
          onError: { target: 'ready', actions: assign({ loadError: ({ event }) => messageOf(event.error, `The ${noun} could not be loaded.`) }) },
        },
      },
      ready: {},
    },
  });
}

/** User Management's table; the role options come along (a failed option load keeps the ones held). */
export const userListMachine = createManagementListMachine<UserRow>('userList', 'users').provide({
  actors: {
    load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(async ({ input }) => {
      const [page, roles] = await Promise.all([api.users(input), api.roles().catch(() => undefined)]);
      return { ...page, roles };
    }),
  },
});

export const roleListMachine = createManagementListMachine<RoleRow>('roleList', 'roles').provide({
  actors: { load: fromPromise<ManagementPage<RoleRow>, ManagementListParams>(({ input }) => api.roleList(input)) },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these (both lists share them). */
export const managementListGuardWords: GuardWords<typeof userListMachine> = {
  roleFitsType: 'A role filter is taken only when the role is of the chosen user type (or no type is chosen).',
};
