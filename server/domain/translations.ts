import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../src/i18n/language.ts';
import { asEnglish, makeIndonesian, type Catalog, type Translate } from '../../src/i18n/translate.ts';

/**
 * The server's texts in the two languages (issue 48): written in English (declared with msg(), so the catalogs hold
 * them) and translated by their English with the shared catalogs, src/i18n/en.json and the Indonesian parts
 * src/i18n/id/*.json, read once. Answers are translated as they leave (server/http/language.ts); what is not an
 * answer's message (a work order on the bell, an e-mail) is translated where it is sent, in its reader's language.
 */

const I18N = fileURLToPath(new URL('../../src/i18n/', import.meta.url));

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

function loadTranslations(): Record<Language, Translate> {
  const english = readJson<Catalog>(`${I18N}en.json`);
  const parts = readdirSync(`${I18N}id`)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readJson<Catalog>(`${I18N}id/${name}`));
  const said = readJson<string[]>(`${I18N}said.json`);
  return { en: asEnglish, id: makeIndonesian(english, Object.assign({}, ...parts), said) };
}

let translations: Record<Language, Translate> | undefined;

/** A language's translation of the server's English texts (the catalogs are read on first use, once). */
export function translatorFor(language: Language): Translate {
  translations ??= loadTranslations();
  return translations[language];
}

/** A text in the given language: English as it is, else by the catalogs (a text no catalog holds stays English). */
export const inLanguage = (language: Language, text: string): string => translatorFor(language)(text);
