import { assign, fromPromise, setup } from 'xstate';
import { isLanguage, type Language } from '../i18n/language';
import { msg } from '../i18n/msg';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import type { GuardWords } from './guardWords';

export interface LanguageSettingInput {
  /** The session's CHOOSE_LANGUAGE: the app speaks the saved language at once. */
  onSaved?: (language: Language) => void;
}

interface LanguageSettingContext {
  onSaved: (language: Language) => void;
  /** The language being saved. */
  chosen: Language | null;
  /** 'Language saved.' once the server kept the choice. */
  notice: string | null;
  /** The server's refusal (or why the call failed), shown in place. */
  error: string | null;
}

export type LanguageSettingEvent = { type: 'CHOOSE'; language: Language };

export const LANGUAGE_SAVED = msg({ defaultMessage: 'Language saved.', id: 'mUg4IK' });

/**
 * User Settings' "Language" card (issue 48): the person's language, saved for them (PUT /user/language) so that
 * every browser they sign in on speaks it. Any user may save their own, an AUDITOR too: it changes only their own
 * reading. Once saved, the session's language machine shows it; a refusal is said in place and the language shown
 * stays.
 */
export const languageSettingMachine = setup({
  types: {
    context: {} as LanguageSettingContext,
    events: {} as LanguageSettingEvent,
    input: {} as LanguageSettingInput,
  },
  actors: {
    saveLanguage: fromPromise<unknown, { language: Language }>(({ input }) => api.saveLanguage(input.language)),
  },
  actions: {
    tellSession: ({ context }) => context.onSaved(context.chosen!),
  },
  guards: {
    speaks: ({ event }) => isLanguage(event.language),
  },
}).createMachine({
  id: 'languageSetting',
  context: ({ input }) => ({ onSaved: input.onSaved ?? (() => {}), chosen: null, notice: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CHOOSE: {
          guard: 'speaks',
          target: 'saving',
          actions: assign({ chosen: ({ event }) => event.language, notice: null, error: null }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.chosen! }),
        onDone: { target: 'idle', actions: [assign({ notice: LANGUAGE_SAVED }), 'tellSession'] },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) =>
              messageOf(event.error, msg({ defaultMessage: 'The language could not be saved.', id: '6namo5' })),
          }),
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const languageSettingGuardWords: GuardWords<typeof languageSettingMachine> = {
  speaks:
    'The chosen language is one the app speaks (English or Bahasa Indonesia): any signed-in user may save their ' +
    'own, an AUDITOR too.',
};
