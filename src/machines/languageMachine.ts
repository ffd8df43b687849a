import { assign, fromPromise, setup } from 'xstate';
import { loadCatalogs, type Catalogs } from '../i18n/catalogs';
import { setFormatsLanguage, type Language } from '../i18n/language';
import { storedLanguage } from '../i18n/storedLanguage';
import { asEnglish, setCurrentTranslate } from '../i18n/translate';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

interface LanguageContext {
  /** The language shown. */
  language: Language;
  /** Its catalogs; English needs none. */
  catalogs: Catalogs;
  /** Chosen while its catalog loads: shown once it has. */
  pending: Language | null;
}

export type LanguageEvent =
  | { type: 'CHOOSE_LANGUAGE'; language: Language }
  /** At sign-in: the person's saved choice, if they made one (else the browser's stays). */
  | { type: 'SAVED_LANGUAGE'; language: Language | null };

const ENGLISH: Catalogs = { messages: {}, translate: asEnglish };

/**
 * The language the app speaks (issue 48): chosen on the login page, in User Settings, or by the person's saved
 * choice at sign-in. It loads the chosen language's catalog first and only then switches, so no screen shows a
 * mix; a catalog that cannot load keeps the language shown. The choice is remembered in this browser and followed
 * by `<html lang>` and by how figures and dates are written.
 */
export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as { language?: Language },
  },
  actors: {
    loadCatalogs: fromPromise<Catalogs, { language: Language }>(({ input }) => loadCatalogs(input.language)),
  },
  actions: {
    show: assign((_, params: { language: Language; catalogs: Catalogs }) => ({ ...params, pending: null })),
    follow: ({ context }) => {
      setFormatsLanguage(context.language);
      setCurrentTranslate(context.catalogs.translate);
      storedLanguage.save(context.language);
      if (typeof document !== 'undefined') document.documentElement.lang = context.language;
    },
  },
  guards: {
    isEnglish: ({ context }) => context.pending === 'en',
    changes: ({ context }, language: Language | null) =>
      language != null && language !== (context.pending ?? context.language),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: 'en', catalogs: ENGLISH, pending: input.language ?? storedLanguage.load() }),
  initial: 'choosing',
  on: {
    CHOOSE_LANGUAGE: {
      guard: { type: 'changes', params: ({ event }) => event.language },
      target: '.choosing',
      actions: assign({ pending: ({ event }) => event.language }),
    },
    SAVED_LANGUAGE: {
      guard: { type: 'changes', params: ({ event }) => event.language },
      target: '.choosing',
      actions: assign({ pending: ({ event }) => event.language }),
    },
  },
  states: {
    choosing: {
      always: [
        {
          guard: 'isEnglish',
          target: 'showing',
          actions: { type: 'show', params: () => ({ language: 'en' as Language, catalogs: ENGLISH }) },
        },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadCatalogs',
        src: 'loadCatalogs',
        input: ({ context }) => ({ language: context.pending! }),
        onDone: {
          target: 'showing',
          actions: {
            type: 'show',
            params: ({ context, event }) => ({ language: context.pending!, catalogs: event.output }),
          },
        },
        onError: { target: 'showing', actions: assign({ pending: null }) },
      },
    },
    showing: { entry: 'follow' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const languageGuardWords: GuardWords<typeof languageMachine> = {
  isEnglish: msg({ defaultMessage: "English is chosen: the code's own words, no catalog to load.", id: 'PXm9kF' }),
  changes: msg({
    defaultMessage: 'A language is chosen (or saved by the person signing in) and it is not the one shown or loading.',
    id: 'Xst9si',
  }),
};
