import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from './language';
import { asEnglish, makeIndonesian, type Catalog, type Translate } from './translate';

export interface Catalogs {
  /** react-intl's messages by id, parsed: none for English, whose words are the code's default messages. */
  messages: Record<string, MessageFormatElement[]>;
  /** For texts made outside views (machines, rules, the server's answers), translated by their English. */
  translate: Translate;
}

// Indonesian is kept in several files (one per part of the product) so that parts are translated side by side;
// they are one catalog. They and the English catalog load only when Indonesian is chosen: the login screen's
// entry chunk carries no catalog (its 200 kB budget). (Vite expands import.meta.glob; inside the function so
// that scripts run by tsx, which do not, can import this module.)
export async function loadCatalogs(language: Language): Promise<Catalogs> {
  if (language === 'en') return { messages: {}, translate: asEnglish };
  const parts = import.meta.glob<Catalog>('./id/*.json', { import: 'default' });
  const [english, said, indonesian, { parse }] = await Promise.all([
    import('./en.json').then((m) => m.default as Catalog),
    import('./said.json').then((m) => m.default as string[]),
    Promise.all(Object.values(parts).map((load) => load())).then((all): Catalog => Object.assign({}, ...all)),
    // The app's formatter has no parser (scripts/vitePrecompiledMessages.ts): the catalog is parsed here, once.
    import('@formatjs/icu-messageformat-parser'),
  ]);
  const messages = Object.fromEntries(Object.entries(indonesian).map(([id, text]) => [id, parse(text)]));
  return { messages, translate: makeIndonesian(english, indonesian, said) };
}
