import { useEffect } from 'react';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { loginMachine } from '../machines/loginMachine';
import { SETTINGS_PATH } from '../services/navigation';
import { LOGIN_YEAR, PRODUCT_NAME } from './brand';
import { BrandMark } from './BrandMark';
import { CredentialsForm } from './CredentialsForm';
import { OtpForm } from './OtpForm';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
    gap: tokens.spacingVerticalXL, padding: tokens.spacingHorizontalL,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground3} 60%)`,
  },
  card: { width: '100%', maxWidth: '420px', padding: tokens.spacingHorizontalXXL, boxShadow: tokens.shadow16 },
  footer: { color: tokens.colorNeutralForeground3 },
});

export function LoginPage() {
  const styles = useStyles();
  const session = SessionContext.useActorRef();
  const sessionState = SessionContext.useSelector((s) => ({ value: s.value, landing: s.context.landingPath }), (a, b) => a.value === b.value && a.landing === b.landing);
  const login = useActorRef(loginMachine);
  const step = useSelector(login, (s) => (s.matches('enteringOtp') || s.matches('submittingOtp') ? 'otp' : 'credentials'));

  useEffect(() => {
    const subscription = login.subscribe((snapshot) => {
      if (snapshot.status === 'done' && snapshot.output) session.send({ type: 'SIGNED_IN', user: snapshot.output });
    });
    return () => subscription.unsubscribe();
  }, [login, session]);

  if (sessionState.value === 'signedIn') return <Redirect to={sessionState.landing} replace />;
  if (sessionState.value === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;

  return (
    <main className={styles.page}>
      <BrandMark size="large" />
      <Card className={styles.card}>
        {step === 'otp' ? <OtpForm actor={login} /> : <CredentialsForm actor={login} />}
      </Card>
      <Text size={200} className={styles.footer}>© {LOGIN_YEAR} {PRODUCT_NAME}. All rights reserved.</Text>
    </main>
  );
}
