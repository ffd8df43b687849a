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
});

/**
 * /login: the session's login machine while signed out; the session moves the user on once signed in.
 * A user who opens /login already signed in is sent where they belong.
 */
export function LoginPage() {
  const styles = useStyles();
  const session = SessionContext.useActorRef();
  const { value, landing, error, canRetry, login } = SessionContext.useSelector(
    (s) => ({
      value: typeof s.value === 'string' ? s.value : '',
      landing: s.context.landingPath,
      error: s.context.error,
      canRetry: s.can({ type: 'RETRY' }),
      login: s.children.login,
    }),
    shallowEqual,
  );

  if (value === 'signedIn') return <Redirect to={landing} replace />;
  if (value === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;

  return (
    <main className={styles.page}>
      <BrandMark size="large" />
      <Card className={styles.card}>
        {login ? (
          <LoginSteps login={login} />
        ) : value === 'optionsFailed' ? (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
            <MessageBarActions>
              <Button disabled={!canRetry} onClick={() => session.send({ type: 'RETRY' })}>
                Try again
              </Button>
            </MessageBarActions>
          </MessageBar>
        ) : (
          <Spinner label="Signing in…" />
        )}
      </Card>
      <Text size={200} className={styles.footer}>
        © {LOGIN_YEAR} {PRODUCT_NAME}. All rights reserved.
      </Text>
    </main>
  );
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
