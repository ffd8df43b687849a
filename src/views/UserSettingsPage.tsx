import {
  Button,
  Card,
  CardHeader,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Image,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled, ShieldKeyholeRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { twoFactorSetupMachine } from '../machines/twoFactorSetupMachine';
import { pageTitle } from '../services/pages';
import { OTP_DISABLED, OTP_VERIFIED } from '../services/successTexts';
import { MachineDialog } from './common/MachineDialog';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { SessionContext } from './SessionContext';
import { SessionsCard } from './settings/SessionsCard';
import { LanguageCard } from './settings/LanguageCard';
import { useSaid, useT } from '../i18n/useT';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(260px, 1fr)',
    gap: tokens.spacingHorizontalXL,
    marginTop: tokens.spacingVerticalL,
    alignItems: 'start',
  },
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  qr: {
    width: '200px',
    height: '200px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    letterSpacing: '2px',
    wordBreak: 'break-all',
  },
  verify: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  active: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorPaletteGreenForeground1,
  },
  links: { display: 'flex', gap: tokens.spacingHorizontalL },
});

/** The app stores' names: theirs, the same in every language. */
const APP_STORE = 'App Store';
const GOOGLE_PLAY = 'Google Play';

/** User Settings: the two-factor panel's machine tells the session when the user must sign in again. */
export function UserSettingsPage({ logic = twoFactorSetupMachine }: { logic?: typeof twoFactorSetupMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector((s) => s.context.user);
  const actor = useActorRef(logic, { input: { twoFactorActive: user?.two_factor_active ?? false, session, user } });
  const state = useSelector(actor, (s) => s);
  const can = (type: 'VERIFY' | 'RETRY' | 'RESET' | 'CONFIRM' | 'CANCEL') => state.can({ type });

  const { qrcode, secret, code, error } = state.context;
  return (
    <section aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {said(pageTitle('settings-user'))}
      </Title2>
      <div className={styles.grid}>
        <Card className={styles.card}>
          <CardHeader
            image={<ShieldKeyholeRegular fontSize={28} />}
            header={<Title3 as="h2">{t({ defaultMessage: 'Two-Factor Authentication', id: 'AJyYQz' })}</Title3>}
          />
          {error && !state.matches('awaitingCode') && (
            <MessageBar intent="error">
              <MessageBarBody>{said(error)}</MessageBarBody>
            </MessageBar>
          )}
          {state.matches('loadingSecret') && (
            <Spinner label={t({ defaultMessage: 'Preparing your QR code…', id: 'GCJJVT' })} />
          )}
          {state.matches('loadFailed') && (
            <Button disabled={!can('RETRY')} onClick={() => actor.send({ type: 'RETRY' })}>
              {t({ defaultMessage: 'Try again', id: 'FazwRl' })}
            </Button>
          )}
          {(state.matches('awaitingCode') || state.matches('verifying')) && (
            <ol className={styles.steps}>
              <li className={styles.step}>
                <Text weight="semibold">{t({ defaultMessage: 'Install an authenticator app', id: '6fbk8O' })}</Text>
                <Text>
                  {t({
                    defaultMessage:
                      'Use Google Authenticator, Microsoft Authenticator or any app that supports time-based codes.',
                    id: 'WU6INm',
                  })}
                </Text>
                <div className={styles.links}>
                  <Link
                    href="https://apps.apple.com/app/google-authenticator/id388497605"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {APP_STORE}
                  </Link>
                  <Link
                    href="https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {GOOGLE_PLAY}
                  </Link>
                </div>
              </li>
              <li className={styles.step}>
                <Text weight="semibold">{t({ defaultMessage: 'Scan the QR code', id: 'dChb0Y' })}</Text>
                {qrcode && (
                  <Image
                    className={styles.qr}
                    src={qrcode}
                    alt={t({ defaultMessage: 'QR code for your authenticator app', id: 'MBwRvF' })}
                  />
                )}
                <Text>{t({ defaultMessage: 'Cannot scan it? Enter this secret key in the app:', id: 'kHLDi6' })}</Text>
                <Text className={styles.secret} data-testid="totp-secret">
                  {secret}
                </Text>
              </li>
              <li className={styles.step}>
                <Text weight="semibold">
                  {t({ defaultMessage: 'Enter the 6-digit code from the app', id: '6HXy/Z' })}
                </Text>
                <form
                  className={styles.verify}
                  onSubmit={(e) => {
                    e.preventDefault();
                    actor.send({ type: 'VERIFY' });
                  }}
                >
                  <Field
                    label={t({ defaultMessage: 'Authentication code', id: 'odOTJw' })}
                    validationMessage={error ? said(error) : undefined}
                    validationState={error ? 'error' : 'none'}
                  >
                    <Input
                      value={code}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      disabled={!state.can({ type: 'CODE_CHANGE', value: '' })}
                      onChange={(_, d) => actor.send({ type: 'CODE_CHANGE', value: d.value })}
                    />
                  </Field>
                  <Button appearance="primary" type="submit" disabled={!can('VERIFY')}>
                    {state.matches('verifying')
                      ? t({ defaultMessage: 'Verifying…', id: '9UZKR3' })
                      : t({ defaultMessage: 'Verify', id: 'q5Xl0M' })}
                  </Button>
                </form>
              </li>
            </ol>
          )}
          {state.matches('verified') && (
            <MessageBar intent="success" role="status">
              <MessageBarBody>{said(OTP_VERIFIED)}</MessageBarBody>
            </MessageBar>
          )}
          {(state.matches('active') || state.matches('confirmingReset') || state.matches('disabling')) && (
            <>
              <Text className={styles.active} weight="semibold" size={400}>
                <CheckmarkCircleFilled /> {t({ defaultMessage: '2FA Verification Set', id: 'MJh+tv' })}
              </Text>
              <Text>
                {t({
                  defaultMessage: 'Your account asks for a code from your authenticator app at every sign-in.',
                  id: 'f8LZoT',
                })}
              </Text>
              {/* Issue 45: a read-only user (an AUDITOR) can never reset, so the button is not shown at all. */}
              {state.context.mayReset && (
                <div>
                  <Button onClick={() => actor.send({ type: 'RESET' })} disabled={!can('RESET')}>
                    {t({ defaultMessage: 'Reset', id: 'jm/spn' })}
                  </Button>
                </div>
              )}
            </>
          )}
          {state.matches('disabled') && (
            <MessageBar intent="success" role="status">
              <MessageBarBody>{said(OTP_DISABLED)}</MessageBarBody>
            </MessageBar>
          )}
          <RecoveryCodesSection setup={actor} />
        </Card>
        <Card className={styles.card}>
          <Title3 as="h2">{t({ defaultMessage: 'More Options Coming Soon', id: '5phJPT' })}</Title3>
          <Text>
            {t({ defaultMessage: 'Profile and notification preferences will be available here.', id: 'tY0qWf' })}
          </Text>
        </Card>
        {/* The sessions table in the wide column, where it does not scroll; the language beside it. */}
        <SessionsCard />
        <LanguageCard />
      </div>
      {(state.matches('confirmingReset') || state.matches('disabling')) && (
        <MachineDialog busy={!can('CANCEL')} onDismiss={() => actor.send({ type: 'CANCEL' })}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t({ defaultMessage: 'Are you sure?', id: '2oCaym' })}</DialogTitle>
              <DialogContent>
                {t({
                  defaultMessage:
                    'Two-factor authentication will be turned off and you will be signed out. You can set it up ' +
                    'again after signing in.',
                  id: 'islDAr',
                })}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={!can('CANCEL')}>
                  {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
                </Button>
                <Button appearance="primary" onClick={() => actor.send({ type: 'CONFIRM' })} disabled={!can('CONFIRM')}>
                  {state.matches('disabling')
                    ? t({ defaultMessage: 'Resetting…', id: '26SvXG' })
                    : t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </MachineDialog>
      )}
    </section>
  );
}
