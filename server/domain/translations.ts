import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../src/i18n/language.ts';
import { asEnglish, makeTranslate, type Catalog, type Translate } from '../../src/i18n/translate.ts';

/**
 * The server's texts in the two languages (issue 48): written in English (declared with msg(), so the catalogs hold
 * them) and translated by their English with the shared catalogs, src/i18n/en.json and the Indonesian parts
 * src/i18n/id/*.json, read once. Answers are translated as they leave (server/http/language.ts); what is not an
 * answer's message (a work order on the bell, an e-mail) is translated where it is sent, in its reader's language.
 */

const I18N = fileURLToPath(new URL('../../src/i18n/', import.meta.url));

const readCatalog = (path: string): Catalog => JSON.parse(readFileSync(path, 'utf8')) as Catalog;

function loadTranslations(): Record<Language, Translate> {
  const english = readCatalog(`${I18N}en.json`);
  const parts = readdirSync(`${I18N}id`)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readCatalog(`${I18N}id/${name}`));
  return { en: asEnglish, id: indonesian(english, Object.assign({}, ...parts)) };
}

// Around each value a message's placeholder takes, so that a value that is itself a message (an approval's action
// label in 'Withdrawal of Rp. 150,000 by Sari waits for your approval', a refusal inside another) is translated too.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = /\uE000([^\uE000\uE001]*)\uE001/g;
const marked = (catalog: Catalog): Catalog =>
  Object.fromEntries(
    Object.entries(catalog).map(([id, text]) => [id, text.replace(/\{(\w+)\}/g, `${OPEN}{$1}${CLOSE}`)]),
  );

// The English 'Rp. 1,250,000' a message was made with, as Bahasa Indonesia writes it: 'Rp 1.250.000'.
const ENGLISH_RUPIAH = /Rp\. (\d{1,3}(?:,\d{3})*)(?![\d,])/g;
const rupiahInIndonesian = (text: string) =>
  text.replace(ENGLISH_RUPIAH, (_, digits: string) => `Rp ${digits.replace(/,/g, '.')}`);

/**
 * The Indonesian of a server text: the catalog's, with the values it was made with translated where they are messages
 * themselves; for several refusals joined by '; ' (parseInput's message lists
 * every field's), each one's; amounts as Indonesian writes them.
 */
function indonesian(english: Catalog, catalog: Catalog): Translate {
  const plain = makeTranslate(english, catalog);
  const withValues = makeTranslate(english, marked(catalog));
  const translate = (text: string) => withValues(text).replace(MARKED, (_, value: string) => plain(value));
  return (text) => {
    let said = translate(text);
    if (said === text && text.includes('; ')) said = text.split('; ').map(translate).join('; ');
    return rupiahInIndonesian(said);
  };
}

let translations: Record<Language, Translate> | undefined;

/** A language's translation of the server's English texts (the catalogs are read on first use, once). */
export function translatorFor(language: Language): Translate {
  translations ??= loadTranslations();
  return translations[language];
}

/** A text in the given language: English as it is, else by the catalogs (a text no catalog holds stays English). */
export const inLanguage = (language: Language, text: string): string => translatorFor(language)(text);
