import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import english from '../../i18n/en.json';
import said from '../../i18n/said.json';
import { makeIndonesian, type Catalog } from '../../i18n/translate';
import { SaidContext } from '../../i18n/useT';

/** The Indonesian catalog as the app loads it: every part in src/i18n/id, one catalog (issue 48). */
export const indonesian: Catalog = Object.assign(
  {},
  ...Object.values(import.meta.glob<Catalog>('../../i18n/id/*.json', { eager: true, import: 'default' })),
);

/** Texts made outside views said in Bahasa Indonesia, as the app's catalogs (src/i18n/catalogs.ts) say them. */
export const indonesianSaid = makeIndonesian(english as Catalog, indonesian, said);

/** A screen shown in Bahasa Indonesia, as IntlRoot shows it once the language machine has loaded the catalogs. */
export function InIndonesian({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="id" defaultLocale="en" messages={indonesian}>
      <SaidContext.Provider value={indonesianSaid}>{children}</SaidContext.Provider>
    </IntlProvider>
  );
}
