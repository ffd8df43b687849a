import { createContext, useContext } from 'react';
import { createIntl, IntlContext, type IntlShape } from 'react-intl';
import { asEnglish, type Translate } from './translate';

const silent = () => {};

/** English with no catalog: the code's default messages, as a screen rendered outside IntlRoot (a view test) shows. */
export const englishIntl: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en', messages: {}, onError: silent });

/**
 * A view's words (issue 48): `const t = useT(); t({ defaultMessage: 'Search' })`, ICU messages with plurals
 * ('{count, plural, one {# pay-in} other {# pay-ins}}'); the id is filled in by `eslint --fix` (formatjs/enforce-id)
 * and `formatjs extract` puts every one in the catalogs.
 */
export function useT(): IntlShape['formatMessage'] {
  return (useContext(IntlContext) ?? englishIntl).formatMessage;
}

/** Translates a text made outside views (a machine's alert, a rule's or the server's message) by its English. */
export const SaidContext = createContext<Translate>(asEnglish);
export const useSaid = (): Translate => useContext(SaidContext);
