import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { languageMachine } from '../machines/languageMachine';
import { SaidContext } from '../i18n/useT';
import { SessionContext } from './SessionContext';

const silent = () => {};

/**
 * The app in the language the language machine shows (issue 48): react-intl's messages for views, and the
 * translation of texts made elsewhere. A change of language renders again whatever reads either, so figures and
 * dates, written by plain functions beside them, follow.
 */
export function IntlRoot({ children }: { children: ReactNode }) {
  const actor = SessionContext.useSelector((s) => s.children.language) as
    ActorRefFrom<typeof languageMachine> | undefined;
  const shown = useSelector(actor, (s) => s?.context) ?? null;
  const language = shown?.language ?? 'en';
  return (
    <IntlProvider
      locale={language}
      defaultLocale="en"
      messages={shown?.catalogs.messages ?? {}}
      onError={language === 'en' ? silent : undefined}
    >
      <SaidContext.Provider value={shown?.catalogs.translate ?? ((text: string) => text)}>
        {children}
      </SaidContext.Provider>
    </IntlProvider>
  );
}
