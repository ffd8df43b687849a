import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { api } from '../services/api';
import { setFailureHandlers } from '../services/http';
import { goTo, landingPath, SETTINGS_PATH, visibleModules } from '../services/navigation';
import type { BankOption, ClientOption, CurrentUser, ModuleItem, RoleOption } from '../services/schemas';
import { sessionStore } from '../services/sessionStore';
import type { Language } from '../i18n/language';
import { msg } from '../i18n/msg';
import { languageMachine } from './languageMachine';
import { loginMachine } from './loginMachine';
import type { GuardWords } from './guardWords';

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
  /**
   * Signed in just now (not restored from an earlier visit): once the options load, the user is taken to the landing
   * path.
   */
  arriving: boolean;
  /** What the sign-in page tells a user sent back to it (two-factor set up or turned off). */
  notice: string | null;
}

/** Two-factor set up or turned off: the server ended every session, so the user signs in again, told why. */
export interface ReauthenticateEvent {
  type: 'REAUTHENTICATE';
  notice: string;
}

type SessionEvent =
  | { type: 'LOGOUT' }
  | { type: 'SESSION_ENDED' }
  | { type: 'FORBIDDEN' }
  | ReauthenticateEvent
  | { type: 'RETRY' }
  | { type: 'ACCESS_CHANGED' }
  /** The login page's switch or User Settings: the language machine shows it. */
  | { type: 'CHOOSE_LANGUAGE'; language: Language };

const emptyContext = (): SessionContext => ({
  user: null,
  options: null,
  landingPath: '/login',
  error: null,
  arriving: false,
  notice: null,
});
const noFailureHandlers = { onUnauthorized: () => {}, onForbidden: () => {} };

/** Where the user lands: User Settings while they must set up a new authenticator (a recovery code signed them in). */
const landingOf = (modules: ModuleItem[], user: CurrentUser) =>
  user.must_reset_two_factor ? SETTINGS_PATH : landingPath(visibleModules(modules, user));

/**
 * The signed-in user for the whole app: who they are, the option lists loaded after the OTP step,
 * and where they land. While signed out it runs the login machine and takes the user it signs in;
 * it moves the user itself (to the landing path, to two-factor set-up, back to /login). Logout clears
 * the user (the server clears the session cookie), the cached options and modules. Any call's 401 ends the session, a 403 goes
 * back to the landing path (spec section 6).
 */
// How a signed-in session ends, whether or not its two-factor is verified yet: Log Out, the server
// ending it (401), or a sign-in asked again with the reason shown on the sign-in page.
const signedInEnds = {
  LOGOUT: 'signingOut',
  SESSION_ENDED: { target: 'signedOut', actions: 'goToSignIn' },
  REAUTHENTICATE: { target: 'signedOut', actions: ['keepNotice', 'goToSignIn'] },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { stored: CurrentUser | null },
    children: {} as { login: 'login'; httpFailures: 'httpFailures'; language: 'language' },
  },
  actors: {
    language: languageMachine,
    login: loginMachine,
    httpFailures: fromCallback<SessionEvent>(({ sendBack }) => {
      setFailureHandlers({
        onUnauthorized: () => sendBack({ type: 'SESSION_ENDED' }),
        onForbidden: () => sendBack({ type: 'FORBIDDEN' }),
      });
      return () => setFailureHandlers(noFailureHandlers);
    }),
    loadOptions: fromPromise<Options>(async () => {
      const [modules, banks, clients, roles] = await Promise.all([
        api.modules(),
        api.banks(),
        api.clients(),
        api.roles(),
      ]);
      return { modules, banks, clients, roles };
    }),
    endSession: fromPromise(async () => {
      await api.logout().catch(() => undefined);
    }),
    refreshUser: fromPromise<{ user: CurrentUser; modules: ModuleItem[] }>(async () => {
      const [user, modules] = await Promise.all([api.me(), api.modules()]);
      return { user, modules };
    }),
  },
  actions: {
    store: ({ context }) => {
      if (context.user) sessionStore.save(context.user);
    },
    forget: () => sessionStore.clear(),
    // The notice set on the way out is kept: the sign-in page shows it.
    clear: assign(({ context }) => ({ ...emptyContext(), notice: context.notice })),
    keepOptions: assign(({ context }, options: Options) => ({
      options,
      landingPath: landingOf(options.modules, context.user!),
      error: null,
    })),
    goToLanding: ({ context }) => goTo(context.landingPath),
    goToSettings: () => goTo(SETTINGS_PATH),
    goToSignIn: () => goTo('/login'),
    // A person's saved language (User Settings) is theirs on any browser, from the sign-in on.
    speakSaved: sendTo('language', ({ context }) => ({
      type: 'SAVED_LANGUAGE' as const,
      language: context.user?.language ?? null,
    })),
    forwardLanguage: sendTo('language', ({ event }) => event),
    keepNotice: assign({ notice: ({ event }) => (event.type === 'REAUTHENTICATE' ? event.notice : null) }),
  },
  guards: {
    hasStoredUser: ({ context }) => context.user != null,
    isVerified: ({ context }) => context.user?.otp_verified === true,
    signedInVerified: (_, user: CurrentUser) => user.otp_verified,
    arriving: ({ context }) => context.arriving,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...emptyContext(), user: input.stored }),
  invoke: [
    { id: 'httpFailures', src: 'httpFailures' },
    { id: 'language', src: 'language', input: {} },
  ],
  on: {
    FORBIDDEN: { actions: 'goToLanding' },
    CHOOSE_LANGUAGE: { actions: 'forwardLanguage' },
  },
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
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ notice: context.notice }),
        onDone: [
          {
            guard: { type: 'signedInVerified', params: ({ event }) => event.output },
            target: 'loadingOptions',
            actions: [
              assign({ user: ({ event }) => event.output, arriving: true, notice: null }),
              'store',
              'speakSaved',
            ],
          },
          // Without two-factor the user is stored as is and sent to set it up (spec section 4, login flow).
          {
            target: 'awaitingTwoFactor',
            actions: [
              assign({ user: ({ event }) => event.output, notice: null }),
              'store',
              'speakSaved',
              'goToSettings',
            ],
          },
        ],
      },
    },
    /** Signed in without a verified OTP: only the two-factor settings are reachable. */
    awaitingTwoFactor: {
      on: {
        ...signedInEnds,
      },
    },
    loadingOptions: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: [
          // Just signed in: off the sign-in page to where the user lands.
          // A restored session stays on the page it was opened at.
          {
            guard: 'arriving',
            target: 'signedIn',
            actions: [{ type: 'keepOptions', params: ({ event }) => event.output }, 'goToLanding'],
          },
          { target: 'signedIn', actions: { type: 'keepOptions', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'optionsFailed',
          actions: assign({ error: msg({ defaultMessage: 'The menu could not be loaded.', id: 'PX4n01' }) }),
        },
      },
      on: { SESSION_ENDED: { target: 'signedOut', actions: 'goToSignIn' } },
    },
    optionsFailed: {
      on: {
        RETRY: 'loadingOptions',
        LOGOUT: 'signingOut',
        SESSION_ENDED: { target: 'signedOut', actions: 'goToSignIn' },
      },
    },
    signedIn: {
      entry: assign({ arriving: false }),
      on: {
        ...signedInEnds,
        ACCESS_CHANGED: 'refreshing',
      },
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
              landingPath: ({ event }) => landingOf(event.output.modules, event.output.user),
            }),
            'store',
          ],
        },
        // The current menu stays; the server refuses whatever is no longer granted anyway.
        onError: 'signedIn',
      },
      on: {
        LOGOUT: 'signingOut',
        SESSION_ENDED: { target: 'signedOut', actions: 'goToSignIn' },
        ACCESS_CHANGED: 'refreshing',
      },
    },
    signingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'signedOut', actions: 'goToSignIn' },
        onError: { target: 'signedOut', actions: 'goToSignIn' },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const sessionGuardWords: GuardWords<typeof sessionMachine> = {
  hasStoredUser: msg({ defaultMessage: 'A user is stored from an earlier sign-in in this browser.', id: '++2hVE' }),
  isVerified: msg({
    defaultMessage:
      'The stored user has passed the OTP step (otp_verified): their option lists are loaded and they land in the app.',
    id: 'odxxxD',
  }),
  signedInVerified: msg({
    defaultMessage:
      'The user the sign-in returned has passed the OTP step: their option lists load next; otherwise they are sent ' +
      'to set two-factor up.',
    id: 'moFqsd',
  }),
  arriving: msg({
    defaultMessage:
      'The user signed in just now (not a restored session): once the options are loaded they are taken to their ' +
      'landing path.',
    id: 'IRTBar',
  }),
};
