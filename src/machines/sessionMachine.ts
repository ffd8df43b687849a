import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { landingPath, visibleModules } from '../services/navigation';
import type { BankOption, ClientOption, CurrentUser, ModuleItem, RoleOption } from '../services/schemas';
import { sessionStore } from '../services/sessionStore';
import type { GuardWords } from './registry';

export interface Options {
  modules: ModuleItem[];
  banks: BankOption[];
  clients: ClientOption[];
  roles: RoleOption[];
}

interface SessionContext {
  user: CurrentUser | null;
  options: Options | null;
  landingPath: string;
  error: string | null;
}

type SessionEvent =
  | { type: 'SIGNED_IN'; user: CurrentUser }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_ENDED' }
  | { type: 'RETRY' }
  | { type: 'ACCESS_CHANGED' };

const emptyContext = (): SessionContext => ({ user: null, options: null, landingPath: '/login', error: null });

/**
 * The signed-in user for the whole app: who they are, the option lists loaded after the OTP step,
 * and where they land. Logout clears the user, the token, the cached options and modules.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { stored: CurrentUser | null },
  },
  actors: {
    loadOptions: fromPromise<Options>(async () => {
      const [modules, banks, clients, roles] = await Promise.all([api.modules(), api.banks(), api.clients(), api.roles()]);
      return { modules, banks, clients, roles };
    }),
    endSession: fromPromise(async () => { await api.logout().catch(() => undefined); }),
    refreshUser: fromPromise<{ user: CurrentUser; modules: ModuleItem[] }>(async () => {
      const [user, modules] = await Promise.all([api.me(), api.modules()]);
      return { user, modules };
    }),
  },
  actions: {
    store: ({ context }) => { if (context.user) sessionStore.save(context.user); },
    forget: () => sessionStore.clear(),
    clear: assign(emptyContext),
  },
  guards: {
    hasStoredUser: ({ context }) => context.user != null,
    isVerified: ({ context }) => context.user?.otp_verified === true,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...emptyContext(), user: input.stored }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isVerified', target: 'loadingOptions' },
        { guard: 'hasStoredUser', target: 'awaitingTwoFactor' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      entry: ['forget', 'clear'],
      on: {
        SIGNED_IN: { target: 'restoring', actions: [assign({ user: ({ event }) => event.user }), 'store'] },
      },
    },
    /** Signed in without a verified OTP: only the two-factor settings are reachable. */
    awaitingTwoFactor: {
      on: { LOGOUT: 'signingOut', SESSION_ENDED: 'signedOut' },
    },
    loadingOptions: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: {
          target: 'signedIn',
          actions: assign({
            options: ({ event }) => event.output,
            landingPath: ({ context, event }) => landingPath(visibleModules(event.output.modules, context.user!)),
            error: null,
          }),
        },
        onError: { target: 'optionsFailed', actions: assign({ error: 'The menu could not be loaded.' }) },
      },
      on: { SESSION_ENDED: 'signedOut' },
    },
    optionsFailed: {
      on: { RETRY: 'loadingOptions', LOGOUT: 'signingOut', SESSION_ENDED: 'signedOut' },
    },
    signedIn: {
      on: { LOGOUT: 'signingOut', SESSION_ENDED: 'signedOut', ACCESS_CHANGED: 'refreshing' },
    },
    /** A role or client change: the menu, landing path and allowed paths follow without signing in again. */
    refreshing: {
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: {
          target: 'signedIn',
          actions: [
            assign({
              user: ({ event }) => event.output.user,
              options: ({ context, event }) => ({ ...context.options!, modules: event.output.modules }),
              landingPath: ({ event }) => landingPath(visibleModules(event.output.modules, event.output.user)),
            }),
            'store',
          ],
        },
        // The current menu stays; the server refuses whatever is no longer granted anyway.
        onError: 'signedIn',
      },
      on: { LOGOUT: 'signingOut', SESSION_ENDED: 'signedOut', ACCESS_CHANGED: 'refreshing' },
    },
    signingOut: {
      invoke: { id: 'endSession', src: 'endSession', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const sessionGuardWords: GuardWords<typeof sessionMachine> = {
  hasStoredUser: 'A user is stored from an earlier sign-in in this browser.',
  isVerified: 'The stored user has passed the OTP step (otp_verified): their option lists are loaded and they land in the app.',
};
