import { assign, fromPromise, raise, setup, type AnyStateMachine } from 'xstate';
import { api, type ManagementListParams } from '../services/api';
import { alerts, type Alert } from '../services/alerts';
import { messageOf } from '../services/http';
import type { RoleRow, UserRow } from '../services/managementRules';
import { visibleModules } from '../services/navigation';
import { isCompanionPage } from '../services/pages';
import type { CurrentUser, ModuleItem, RoleOption, UserTypeName } from '../services/schemas';
import { AUTHENTICATOR_RESET } from '../services/successTexts';
import { choosesType, type FormOutput, type ManagementFormInput } from './managementForm';
import { roleFormMachine, userFormMachine } from './managementFormMachine';
import type { GuardWords } from './guardWords';
import type { PageMeta } from '../services/paging';
import { msg } from '../i18n/msg';

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

export interface ManagementPageContext<Row> {
  ownType: UserTypeName;
  /** The signed-in user's e-mail, lower case (null when unknown): their own row. */
  ownEmail: string | null;
  /** A SUPER ADMIN sees every type: the Type column and the type filter (spec section 6). */
  seesTypes: boolean;
  /**
   * The modules this user may grant: a SUPER ADMIN holds them all; nobody grants one they do not hold (the server
   * refuses it).
   */
  tree: ModuleItem[];
  filter: ManagementFilter;
  /** What the table shows; the search text joins it on Enter, the selects at once. */
  applied: ManagementFilter;
  page: number;
  limit: number;
  rows: Row[];
  meta: PageMeta | null;
  roles: RoleOption[];
  loadError: string | null;
  /** The row the open dialog is about (none for New). */
  target: Row | null;
}

export type ManagementPageEvent<Row> =
  | { type: 'SET_SEARCH'; value: string }
  | { type: 'SEARCH' }
  | { type: 'SET_TYPE'; value: UserTypeName | '' }
  | { type: 'SET_ROLE'; value: number | null }
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RELOAD' }
  | { type: 'NEW' }
  | { type: 'EDIT'; row: Row }
  | { type: 'RESET_AUTHENTICATOR'; row: Row }
  | { type: 'END_SESSIONS'; row: Row }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface ManagementPageInput {
  /** `email` tells the user's own row apart (their own sessions end from User Settings, not here). */
  user: Pick<CurrentUser, 'type' | 'modules'> & { email?: string };
  /** The session's role options, shown until the first load brings fresh ones. */
  roles?: RoleOption[];
  /** The session's module tree. */
  modules?: ModuleItem[];
}

export const emptyFilter = (): ManagementFilter => ({ search: '', type: '', roleId: null, clientId: null });

export const paramsOf = (filter: ManagementFilter, page: number, limit: number): ManagementListParams => ({
  page,
  limit,
  search: filter.search,
  type: filter.type,
  role_id: filter.roleId,
  client_id: filter.clientId,
});

/** The signed-in user's own row of User Management (a role row has no e-mail, so is never one). */
export const isOwnRow = (context: { ownEmail: string | null }, row: unknown) =>
  context.ownEmail !== null && (row as Partial<UserRow>).email?.toLowerCase() === context.ownEmail;

const failed = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Failed', id: 'vXCeIi' }),
  message,
  intent: 'error',
});
const succeeded = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
  message,
  intent: 'success',
});

interface PageOptions<Row> {
  /** What a failed load says: 'The users could not be loaded.' */
  loadFailed: string;
  /** The user list filters by role and client too. */
  filtersByRoleAndClient: boolean;
  /** Users have an authenticator a manager may reset. */
  resetsAuthenticator: boolean;
  form: AnyStateMachine;
  formInput(context: ManagementPageContext<Row>): ManagementFormInput<Row, unknown>;
}

/**
 * A management screen (spec section 2): the paged list with the Generic paged table's sizes, and
 * one dialog at a time (New / Edit as the invoked form machine; the authenticator reset for
 * users). Every change of what is asked restarts the load, so the last request wins; a save
 * announces the server's words through the one alerts channel and reloads the list.
 */
function createManagementPageMachine<Row extends { id: number }>(id: string, options: PageOptions<Row>) {
  const { loadFailed, filtersByRoleAndClient, resetsAuthenticator } = options;
  const reloadOn = { target: '.loading', reenter: true } as const;
  // A user's row action after 'Are you sure?': the call, then the server's words and a reload, or the refusal.
  const confirmedUserCall = <Src extends 'removeAuthenticator' | 'endUserSessions'>(src: Src, fallback: string) =>
    ({
      invoke: {
        id: src,
        src,
        input: ({ context }: { context: ManagementPageContext<Row> }) => ({ userId: context.target!.id }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'announce', params: ({ event }: { event: { output: string } }) => succeeded(event.output) },
            'reload',
          ],
        },
        onError: {
          target: 'closed',
          actions: {
            type: 'announce',
            params: ({ event }: { event: { error: unknown } }) => failed(messageOf(event.error, fallback)),
          },
        },
      },
    }) as const;
  const resetStates = {
    confirmingReset: { on: { CONFIRM: 'resetting', CANCEL: 'closed' } },
    resetting: confirmedUserCall(
      'removeAuthenticator',
      msg({ defaultMessage: 'The authenticator could not be reset.', id: 'Ej8VwQ' }),
    ),
    // Issue 44: a SUPER ADMIN ends every session of a user, after 'Are you sure?'.
    confirmingEndSessions: { on: { CONFIRM: 'endingSessions', CANCEL: 'closed' } },
    endingSessions: confirmedUserCall(
      'endUserSessions',
      msg({ defaultMessage: 'The sessions could not be ended.', id: 'RODFrX' }),
    ),
  } as const;
  return setup({
    types: {
      context: {} as ManagementPageContext<Row>,
      events: {} as ManagementPageEvent<Row>,
      input: {} as ManagementPageInput,
    },
    actors: {
      load: fromPromise<ManagementPage<Row>, ManagementListParams>(async () => {
        throw new Error(`${id}: load is provided per page`);
      }),
      form: options.form,
      removeAuthenticator: fromPromise<string, { userId: number }>(
        async ({ input }) => (await api.removeAuthenticator(input.userId)).message || AUTHENTICATOR_RESET,
      ),
      endUserSessions: fromPromise<string, { userId: number }>(({ input }) => api.endUserSessions(input.userId)),
    },
    actions: {
      applyFilter: assign(({ context }) => ({ applied: { ...context.filter }, page: 1 })),
      announce: (_, alert: Alert) => alerts.show(alert),
      reload: raise({ type: 'RELOAD' }),
    },
    guards: {
      mayFilterByType: ({ context }) => context.seesTypes,
      roleFitsType: ({ context, event }) => {
        if (event.type !== 'SET_ROLE' || event.value == null || !context.filter.type) return true;
        return context.roles.find((r) => r.id === event.value)?.type === context.filter.type;
      },
      firstLoadSettled: ({ context }) => context.meta !== null || context.loadError !== null,
      hasAuthenticator: ({ event }) =>
        event.type === 'RESET_AUTHENTICATOR' && (event.row as Partial<UserRow>).two_factor_active === true,
      saved: ({ event }) => (event as unknown as { output: FormOutput }).output.saved,
      // The route is a SUPER ADMIN's; their own sessions end from User Settings, keeping the one in use.
      mayEndSessions: ({ context, event }) =>
        event.type === 'END_SESSIONS' && context.seesTypes && !isOwnRow(context, event.row),
    },
  }).createMachine({
    id,
    context: ({ input }) => {
      const superAdmin = choosesType(input.user.type);
      const modules = input.modules ?? [];
      return {
        ownType: input.user.type,
        ownEmail: input.user.email?.toLowerCase() ?? null,
        seesTypes: superAdmin,
        // A companion page (the Callbacks page) comes with its module: no role grants it, so none offers it.
        tree: (superAdmin ? modules : visibleModules(modules, input.user)).filter((m) => !isCompanionPage(m.id)),
        filter: emptyFilter(),
        applied: emptyFilter(),
        page: 1,
        limit: 15,
        rows: [],
        meta: null,
        roles: input.roles ?? [],
        loadError: null,
        target: null,
      };
    },
    type: 'parallel',
    states: {
      list: {
        initial: 'loading',
        on: {
          SET_SEARCH: {
            actions: assign({ filter: ({ context, event }) => ({ ...context.filter, search: event.value }) }),
          },
          SEARCH: { ...reloadOn, actions: 'applyFilter' },
          SET_TYPE: {
            guard: 'mayFilterByType',
            ...reloadOn,
            // A role of another type would filter everything out.
            actions: [
              assign({
                filter: ({ context, event }) => {
                  const role = context.roles.find((r) => r.id === context.filter.roleId);
                  return {
                    ...context.filter,
                    type: event.value,
                    roleId: event.value && role && role.type !== event.value ? null : context.filter.roleId,
                  };
                },
              }),
              'applyFilter',
            ],
          },
          ...(filtersByRoleAndClient
            ? {
                SET_ROLE: {
                  guard: 'roleFitsType',
                  ...reloadOn,
                  actions: [
                    assign({ filter: ({ context, event }) => ({ ...context.filter, roleId: event.value }) }),
                    'applyFilter',
                  ],
                },
                SET_CLIENT: {
                  ...reloadOn,
                  actions: [
                    assign({ filter: ({ context, event }) => ({ ...context.filter, clientId: event.value }) }),
                    'applyFilter',
                  ],
                },
              }
            : {}),
          PAGE: { ...reloadOn, actions: assign({ page: ({ event }) => event.page }) },
          PAGE_SIZE: { ...reloadOn, actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
          RELOAD: reloadOn,
        },
        states: {
          loading: {
            invoke: {
              id: 'load',
              src: 'load',
              input: ({ context }) => paramsOf(context.applied, context.page, context.limit),
              onDone: {
                target: 'showing',
                actions: assign(({ context, event }) => ({
                  rows: event.output.rows,
                  meta: event.output.meta,
                  roles: event.output.roles ?? context.roles,
                  loadError: null,
                })),
              },
              onError: {
                target: 'showing',
                actions: assign({
                  loadError: ({ event }) => messageOf(event.error, loadFailed),
                }),
              },
            },
          },
          showing: {},
        },
      },
      dialog: {
        initial: 'closed',
        states: {
          closed: {
            entry: assign({ target: null }),
            on: {
              // The user form's role options arrive with each load;
              // a form opened before then would miss a role just made.
              NEW: { guard: 'firstLoadSettled', target: 'form' },
              EDIT: { target: 'form', actions: assign({ target: ({ event }) => event.row }) },
              ...(resetsAuthenticator
                ? {
                    RESET_AUTHENTICATOR: {
                      guard: 'hasAuthenticator',
                      target: 'confirmingReset',
                      actions: assign({ target: ({ event }) => event.row }),
                    },
                    END_SESSIONS: {
                      guard: 'mayEndSessions',
                      target: 'confirmingEndSessions',
                      actions: assign({ target: ({ event }) => event.row }),
                    },
                  }
                : {}),
            },
          },
          form: {
            invoke: {
              id: 'form',
              src: 'form',
              input: ({ context }: { context: ManagementPageContext<Row> }) => options.formInput(context),
              onDone: [
                {
                  guard: 'saved',
                  target: 'closed',
                  actions: [
                    { type: 'announce', params: ({ event }) => succeeded((event.output as FormOutput).message ?? '') },
                    'reload',
                  ],
                },
                { target: 'closed' },
              ],
            },
          },
          // Typed as present on both pages (so a view may ask for them); only User Management has them.
          ...(resetsAuthenticator ? resetStates : ({} as typeof resetStates)),
        },
      },
    },
  });
}

/** User Management: its table loads the role options along (a failed option load keeps the ones held). */
export const userManagementMachine = createManagementPageMachine<UserRow>('userManagement', {
  loadFailed: msg({ defaultMessage: 'The users could not be loaded.', id: 'lLaYxp' }),
  filtersByRoleAndClient: true,
  resetsAuthenticator: true,
  form: userFormMachine,
  formInput: (c) => ({ ownType: c.ownType, options: c.roles, record: c.target }),
}).provide({
  actors: {
    load: fromPromise<ManagementPage<UserRow>, ManagementListParams>(async ({ input }) => {
      const [page, roles] = await Promise.all([api.users(input), api.roles().catch(() => undefined)]);
      return { ...page, roles };
    }),
  },
});

export const roleManagementMachine = createManagementPageMachine<RoleRow>('roleManagement', {
  loadFailed: msg({ defaultMessage: 'The roles could not be loaded.', id: 'buTpHv' }),
  filtersByRoleAndClient: false,
  resetsAuthenticator: false,
  form: roleFormMachine,
  formInput: (c) => ({ ownType: c.ownType, options: c.tree, record: c.target }),
}).provide({
  actors: { load: fromPromise<ManagementPage<RoleRow>, ManagementListParams>(({ input }) => api.roleList(input)) },
});

const commonWords = {
  mayFilterByType: msg({ defaultMessage: 'The type filter is for a SUPER ADMIN only (spec section 6).', id: 'ZZkKb1' }),
  roleFitsType: msg({
    defaultMessage: 'A role filter is taken only when the role is of the chosen user type (or no type is chosen).',
    id: 'HnxZfn',
  }),
  firstLoadSettled: msg({
    defaultMessage: 'New opens once the first load has settled (it brings the role options the user form offers).',
    id: 'zDulhu',
  }),
  saved: msg({
    defaultMessage: 'The form ended with a save: its message is announced and the list read again.',
    id: 'wtlVJo',
  }),
};

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const userManagementGuardWords: GuardWords<typeof userManagementMachine> = {
  ...commonWords,
  hasAuthenticator: msg({
    defaultMessage: 'Reset Authenticator only for a user whose two-factor authenticator is active.',
    id: '3uHXNS',
  }),
  mayEndSessions: msg({
    defaultMessage: "End sessions is a SUPER ADMIN's, for any user but themselves (theirs end from User Settings).",
    id: 'Dgok2y',
  }),
};

export const roleManagementGuardWords: GuardWords<typeof roleManagementMachine> = {
  ...commonWords,
  hasAuthenticator: msg({ defaultMessage: 'Roles have no authenticator: never taken here.', id: 'fIsTyE' }),
  mayEndSessions: msg({ defaultMessage: 'Roles have no sessions: never taken here.', id: 'ulJ7ND' }),
};
