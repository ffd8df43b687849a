import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { alerts, type Alert } from '../services/alerts';
import { api } from '../services/api';
import {
  CallbackUrlBody,
  type CallbackEndpoint,
  type RotatedSecret,
  type TestCallbackResult,
} from '../services/callbackRules';
import { ApiError, messageOf } from '../services/http';
import type { GuardWords } from './guardWords';

export const ENDPOINT_FAILED = msg({
  defaultMessage: "The client's callback endpoint could not be loaded.",
  id: 'Xabu5k',
});
const FAILED = msg({ defaultMessage: 'Something went wrong, please try again later.', id: 'K4qCn9' });

export interface CallbackEndpointInput {
  clientId: number;
  /** A SUPER ADMIN changes the endpoint; an AUDITOR only reads it (the server refuses their changes too). */
  acts: boolean;
}

export interface CallbackEndpointContext extends CallbackEndpointInput {
  endpoint: CallbackEndpoint | null;
  loadError: string | null;
  /** The URL as typed in the edit form, and why it cannot be saved (the rule's words or the server's). */
  urlText: string;
  urlError: string | null;
  /** The new secret, held only while it is shown (once) and dropped when the person has saved it. */
  secret: RotatedSecret | null;
  test: TestCallbackResult | null;
}

export type CallbackEndpointEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT_URL' }
  | { type: 'SET_URL'; value: string }
  | { type: 'SAVE_URL' }
  | { type: 'ROTATE' }
  | { type: 'CONFIRM' }
  | { type: 'SECRET_SAVED' }
  | { type: 'SEND_TEST' }
  | { type: 'CANCEL' };

const urlIssue = (text: string): string | null => {
  const parsed = v.safeParse(CallbackUrlBody, { callback_url: text });
  return parsed.success ? null : parsed.issues[0].message;
};

/** The server's word on the URL: its field error when it names one (a private address, http in production). */
const serverUrlError = (error: unknown) =>
  (error instanceof ApiError && error.errors.find((e) => e.field === 'callback_url')?.message) ||
  messageOf(error, FAILED);

const failure = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Failed', id: 'vXCeIi' }),
  message,
  intent: 'error',
});

/**
 * One client's callback endpoint (issue 47), opened from the Callbacks page: its URL, when its secret was
 * rotated and until when the previous one still signs. A SUPER ADMIN edits the URL (checked by the one rule,
 * then by the server, whose refusal is shown at the field), rotates the secret (asked first; the new one is
 * shown once, until 'I have saved it') and sends a test callback (its outcome shown in place). An AUDITOR
 * reads it only: none of the changes are accepted (`acts`).
 */
export const callbackEndpointMachine = setup({
  types: {
    context: {} as CallbackEndpointContext,
    events: {} as CallbackEndpointEvent,
    input: {} as CallbackEndpointInput,
  },
  actors: {
    loadEndpoint: fromPromise<CallbackEndpoint, { clientId: number }>(({ input }) =>
      api.callbackEndpoint(input.clientId),
    ),
    saveUrl: fromPromise<CallbackEndpoint, { clientId: number; url: string }>(({ input }) =>
      api.updateCallbackUrl(input.clientId, input.url),
    ),
    rotateSecret: fromPromise<RotatedSecret, { clientId: number }>(({ input }) =>
      api.rotateCallbackSecret(input.clientId),
    ),
    sendTest: fromPromise<TestCallbackResult, { clientId: number }>(({ input }) => api.testCallback(input.clientId)),
  },
  actions: {
    announce: (_, alert: Alert) => alerts.show(alert),
  },
  guards: {
    acts: ({ context }) => context.acts,
    urlIsValid: ({ context }) => urlIssue(context.urlText) == null,
  },
}).createMachine({
  id: 'callbackEndpoint',
  context: ({ input }) => ({
    ...input,
    endpoint: null,
    loadError: null,
    urlText: '',
    urlError: null,
    secret: null,
    test: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEndpoint',
        src: 'loadEndpoint',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'viewing', actions: assign({ endpoint: ({ event }) => event.output, loadError: null }) },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => messageOf(event.error, ENDPOINT_FAILED) }),
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    viewing: {
      on: {
        EDIT_URL: {
          guard: 'acts',
          target: 'editing',
          actions: assign({ urlText: ({ context }) => context.endpoint?.callback_url ?? '', urlError: null }),
        },
        ROTATE: { guard: 'acts', target: 'confirmingRotation' },
        SEND_TEST: { guard: 'acts', target: 'testing' },
      },
    },
    editing: {
      on: {
        SET_URL: { actions: assign({ urlText: ({ event }) => event.value, urlError: null }) },
        SAVE_URL: [
          { guard: 'urlIsValid', target: 'saving' },
          { actions: assign({ urlError: ({ context }) => urlIssue(context.urlText) }) },
        ],
        CANCEL: 'viewing',
      },
    },
    saving: {
      invoke: {
        id: 'saveUrl',
        src: 'saveUrl',
        input: ({ context }) => ({ clientId: context.clientId, url: context.urlText.trim() }),
        onDone: {
          target: 'viewing',
          actions: [
            assign({ endpoint: ({ event }) => event.output }),
            {
              type: 'announce',
              params: {
                title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
                message: msg({ defaultMessage: 'Callback URL saved', id: 'U4VPey' }),
                intent: 'success',
              },
            },
          ],
        },
        onError: { target: 'editing', actions: assign({ urlError: ({ event }) => serverUrlError(event.error) }) },
      },
    },
    // Rotation cannot be undone: merchants must take the new secret within the overlap, so it is asked first.
    confirmingRotation: { on: { CONFIRM: 'rotating', CANCEL: 'viewing' } },
    rotating: {
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'showingSecret', actions: assign({ secret: ({ event }) => event.output }) },
        onError: {
          target: 'viewing',
          actions: { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
        },
      },
    },
    // Shown this once: the only way on is 'I have saved it', which forgets it and reads the endpoint again.
    showingSecret: { on: { SECRET_SAVED: { target: 'loading', actions: assign({ secret: null }) } } },
    testing: {
      entry: assign({ test: null }),
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ clientId: context.clientId }),
        onDone: { target: 'viewing', actions: assign({ test: ({ event }) => event.output }) },
        onError: {
          target: 'viewing',
          actions: { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
        },
      },
    },
  },
});

export type CallbackEndpointActor = ActorRefFrom<typeof callbackEndpointMachine>;

export const callbackEndpointGuardWords: GuardWords<typeof callbackEndpointMachine> = {
  acts: msg({
    defaultMessage:
      'Only a SUPER ADMIN changes an endpoint (edits its URL, rotates its secret, sends a test); an AUDITOR reads it.',
    id: 'Oi3QSy',
  }),
  urlIsValid: msg({
    defaultMessage:
      'The URL is saved only when it reads as a full http(s) URL (the one rule, CallbackUrlBody); otherwise its ' +
      'problem is shown at the field.',
    id: 'UQRGCm',
  }),
};
