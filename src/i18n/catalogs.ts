import type { Language } from './language';
import { asEnglish, makeTranslate, type Catalog, type Translate } from './translate';

export interface Catalogs {
  /** react-intl's messages by id: none for English, whose words are the code's default messages. */
  messages: Catalog;
  /** For texts made outside views (machines, rules, the server's answers), translated by their English. */
  translate: Translate;
}

// Indonesian is kept in several files (one per part of the product) so that parts are translated side by side;
// they are one catalog. They and the English catalog load only when Indonesian is chosen: the login screen's
// entry chunk carries no catalog (its 200 kB budget). (Vite expands import.meta.glob; inside the function so
// that scripts run by tsx, which do not, can import this module.)
export async function loadCatalogs(language: Language): Promise<Catalogs> {
  if (language === 'en') return { messages: {}, translate: asEnglish };
  const indonesianParts = import.meta.glob<Catalog>('./id/*.json', { import: 'default' });
  const [english, parts] = await Promise.all([
    import('./en.json').then((m) => m.default as Catalog),
    Promise.all(Object.values(indonesianParts).map((load) => load())),
  ]);
  const messages: Catalog = Object.assign({}, ...parts);
  return { messages, translate: makeTranslate(english, messages) };
}
