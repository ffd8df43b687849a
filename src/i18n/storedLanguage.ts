import { DEFAULT_LANGUAGE, isLanguage, type Language } from './language';

// The login page's choice, remembered in this browser (issue 48); a signed-in person's saved choice wins over it.
const KEY = 'language';

export const storedLanguage = {
  load(): Language {
    try {
      const value = globalThis.localStorage?.getItem(KEY);
      return isLanguage(value) ? value : DEFAULT_LANGUAGE;
    } catch {
      return DEFAULT_LANGUAGE;
    }
  },
  save(language: Language) {
    try {
      globalThis.localStorage?.setItem(KEY, language);
    } catch {
      // A browser that keeps nothing (private mode, storage full) just asks again next time.
    }
  },
};
