import {
  Button,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Redirect } from 'wouter';
import type { loginMachine } from '../machines/loginMachine';
import { SETTINGS_PATH } from '../services/navigation';
import { LOGIN_YEAR, PRODUCT_NAME } from './brand';
import { BrandMark } from './BrandMark';
import { CredentialsForm } from './CredentialsForm';
import { OtpForm } from './OtpForm';
import { RecoveryCodeForm } from './RecoveryCodeForm';
import { SessionContext } from './SessionContext';
import { LanguageSwitch } from './common/LanguageSwitch';
import { useSaid, useT } from '../i18n/useT';
import type { languageMachine } from '../machines/languageMachine';
import type { Language } from '../i18n/language';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
    backgroundImage:
      `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ` + `${tokens.colorNeutralBackground3} 60%)`,
  },
  card: { width: '100%', maxWidth: '420px', padding: tokens.spacingHorizontalXXL, boxShadow: tokens.shadow16 },
  footer: { color: tokens.colorNeutralForeground3 },
  language: { width: '100%', maxWidth: '420px', display: 'flex', justifyContent: 'flex-end' },
});

/**
 * /login: the session's login machine while signed out; the session moves the user on once signed in.
 * A user who opens /login already signed in is sent where they belong.
 */
export function LoginPage() {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const session = SessionContext.useActorRef();
  const { value, landing, error, canRetry, login, language } = SessionContext.useSelector(
    (s) => ({
      value: typeof s.value === 'string' ? s.value : '',
      landing: s.context.landingPath,
      error: s.context.error,
      canRetry: s.can({ type: 'RETRY' }),
      login: s.children.login,
      language: s.children.language as ActorRefFrom<typeof languageMachine> | undefined,
    }),
    shallowEqual,
  );

  if (value === 'signedIn') return <Redirect to={landing} replace />;
  if (value === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;

  return (
    <main className={styles.page}>
      <BrandMark size="large" />
      {language && (
        <div className={styles.language}>
          <ShownLanguage
            actor={language}
            onChoose={(chosen) => session.send({ type: 'CHOOSE_LANGUAGE', language: chosen })}
          />
        </div>
      )}
      <Card className={styles.card}>
        {login ? (
          <LoginSteps login={login} />
        ) : value === 'optionsFailed' ? (
          <MessageBar intent="error">
            <MessageBarBody>{error && said(error)}</MessageBarBody>
            <MessageBarActions>
              <Button disabled={!canRetry} onClick={() => session.send({ type: 'RETRY' })}>
                {t({ defaultMessage: 'Try again', id: 'FazwRl' })}
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : (
          <Spinner label={t({ defaultMessage: 'Signing in…', id: 's4yZXg' })} />
        )}
      </Card>
      <Text size={200} className={styles.footer}>
        {t(
          { defaultMessage: '© {year} {product}. All rights reserved.', id: 'KfaI/K' },
          { year: LOGIN_YEAR, product: PRODUCT_NAME },
        )}
      </Text>
    </main>
  );
}

/** The switch shows the language being shown (or loading): the language machine's. */
function ShownLanguage({
  actor,
  onChoose,
}: {
  actor: ActorRefFrom<typeof languageMachine>;
  onChoose: (language: Language) => void;
}) {
  const shown = useSelector(actor, (s) => s.context.pending ?? s.context.language);
  return <LanguageSwitch language={shown} onChoose={onChoose} />;
}

function LoginSteps({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const step = useSelector(login, (s) =>
    s.matches('enteringOtp') || s.matches('submittingOtp')
      ? 'otp'
      : s.matches('enteringRecoveryCode') || s.matches('submittingRecoveryCode')
        ? 'recoveryCode'
        : 'credentials',
  );
  if (step === 'otp') return <OtpForm actor={login} />;
  if (step === 'recoveryCode') return <RecoveryCodeForm actor={login} />;
  return <CredentialsForm actor={login} />;
}
