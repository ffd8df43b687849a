import { assign, fromPromise, setup } from 'xstate';
import { alerts } from '../services/alerts';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import type { SessionRow } from '../services/sessionRules';
import { msg } from '../i18n/msg';
import type { GuardWords } from './guardWords';

/**
 * User Settings' sessions card (issue 44): the person's live sessions, "Sign out" of one other session
 * and "Sign out everywhere else", each after 'Are you sure?'. Success and failure are said through the
 * one alerts channel; the list is read again after either, so it shows what the server now holds.
 */
export interface SessionsContext {
  /** Past the OTP step: only then are there sessions to list. */
  verified: boolean;
  sessions: SessionRow[];
  loadError: string | null;
  /** The session the open 'Sign out' dialog is about. */
  target: SessionRow | null;
}

export type SessionsEvent =
  { type: 'RETRY' } | { type: 'END'; id: number } | { type: 'END_OTHERS' } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const otherSession = (context: SessionsContext, id: number) =>
  context.sessions.find((s) => s.id === id && !s.current) ?? null;

export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
    // A sign-in still waiting for its authenticator code may not list sessions (the server says 403): no card then.
    input: {} as { verified: boolean },
  },
  actors: {
    load: fromPromise<SessionRow[]>(() => api.ownSessions()),
    endOne: fromPromise<string, { id: number }>(({ input }) => api.endOwnSession(input.id)),
    endOthers: fromPromise<string>(() => api.endOtherSessions()),
  },
  actions: {
    saidDone: (_, message: string) => alerts.success(message),
    saidFailed: (_, message: string) => alerts.error(message),
  },
  guards: {
    isOtherSession: ({ context, event }) => event.type === 'END' && otherSession(context, event.id) !== null,
    hasOtherSessions: ({ context }) => context.sessions.some((s) => !s.current),
    verified: ({ context }) => context.verified,
  },
}).createMachine({
  id: 'sessions',
  context: ({ input }) => ({ verified: input.verified, sessions: [], loadError: null, target: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'verified', target: 'loading' }, { target: 'hidden' }],
    },
    hidden: {},
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'showing', actions: assign({ sessions: ({ event }) => event.output, loadError: null }) },
        onError: {
          target: 'loadFailed',
          actions: assign({
            loadError: ({ event }) =>
              messageOf(event.error, msg({ defaultMessage: 'Your sessions could not be loaded.', id: 'oV1k3P' })),
          }),
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    showing: {
      entry: assign({ target: null }),
      on: {
        END: {
          guard: 'isOtherSession',
          target: 'confirmingOne',
          actions: assign({ target: ({ context, event }) => otherSession(context, event.id) }),
        },
        END_OTHERS: { guard: 'hasOtherSessions', target: 'confirmingOthers' },
      },
    },
    confirmingOne: { on: { CONFIRM: 'endingOne', CANCEL: 'showing' } },
    endingOne: {
      invoke: {
        id: 'endOne',
        src: 'endOne',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: { target: 'loading', actions: { type: 'saidDone', params: ({ event }) => event.output } },
        onError: {
          target: 'loading',
          actions: {
            type: 'saidFailed',
            params: ({ event }) =>
              messageOf(event.error, msg({ defaultMessage: 'The session could not be signed out.', id: '4YLGRK' })),
          },
        },
      },
    },
    confirmingOthers: { on: { CONFIRM: 'endingOthers', CANCEL: 'showing' } },
    endingOthers: {
      invoke: {
        id: 'endOthers',
        src: 'endOthers',
        onDone: { target: 'loading', actions: { type: 'saidDone', params: ({ event }) => event.output } },
        onError: {
          target: 'loading',
          actions: {
            type: 'saidFailed',
            params: ({ event }) =>
              messageOf(
                event.error,
                msg({ defaultMessage: 'The other sessions could not be signed out.', id: 'GXJVnW' }),
              ),
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const sessionsGuardWords: GuardWords<typeof sessionsMachine> = {
  isOtherSession: msg({
    defaultMessage:
      'Sign out is offered for a listed session other than the one in use (this one signs out from the header).',
    id: 'eAKiyB',
  }),
  hasOtherSessions: msg({
    defaultMessage: 'Sign out everywhere else is offered only while another session is listed.',
    id: 'ohySLb',
  }),
  verified: msg({
    defaultMessage:
      'The card shows once the sign-in has passed the OTP step (before it, two-factor set-up is all there is).',
    id: 'OEhpj9',
  }),
};
