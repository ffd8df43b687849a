import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../machines/loginMachine';
import { useSaid, useT } from '../i18n/useT';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  code: { fontFamily: tokens.fontFamilyMonospace, letterSpacing: '1px' },
});

/** A recovery code's shape, the same in every language. */
const CODE_SHAPE = 'xxxx-xxxx-xxxx';

/** The OTP step with a recovery code instead of the authenticator (issue 44): one field, single use. */
export function RecoveryCodeForm({ actor }: { actor: ActorRefFrom<typeof loginMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { code, error, submitting, canBack, canSubmit, canType, canSwitch } = useSelector(
    actor,
    (s) => ({
      code: s.context.recoveryCode,
      error: s.context.error,
      submitting: s.matches('submittingRecoveryCode'),
      canBack: s.can({ type: 'BACK' }),
      canSubmit: s.can({ type: 'SUBMIT' }),
      canType: s.can({ type: 'RECOVERY_CODE_CHANGE', value: '' }),
      canSwitch: s.can({ type: 'USE_AUTHENTICATOR' }),
    }),
    shallowEqual,
  );

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="recovery-title"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
    >
      <div className={styles.header}>
        <Button
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          aria-label={t({ defaultMessage: 'Back', id: 'cyR7Kh' })}
          onClick={() => actor.send({ type: 'BACK' })}
          disabled={!canBack}
        />
        <Title2 as="h1" id="recovery-title">
          {t({ defaultMessage: 'Use a recovery code', id: '5BmWE8' })}
        </Title2>
      </div>
      <Text id="recovery-help">
        {t({
          defaultMessage:
            'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.',
          id: 'K5OdT9',
        })}
      </Text>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{said(error)}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t({ defaultMessage: 'Recovery code', id: 'e4C1p0' })} required>
        <Input
          className={styles.code}
          value={code}
          placeholder={CODE_SHAPE}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          aria-describedby="recovery-help"
          disabled={!canType}
          onChange={(_, d) => actor.send({ type: 'RECOVERY_CODE_CHANGE', value: d.value })}
        />
      </Field>
      <Button
        appearance="primary"
        type="submit"
        disabled={!canSubmit}
        icon={submitting ? <Spinner size="tiny" /> : undefined}
      >
        {submitting ? t({ defaultMessage: 'Checking…', id: 'PfxzLv' }) : t({ defaultMessage: 'Sign In', id: 'Ub+AGc' })}
      </Button>
      <Button appearance="transparent" onClick={() => actor.send({ type: 'USE_AUTHENTICATOR' })} disabled={!canSwitch}>
        {t({ defaultMessage: 'Use the authenticator app instead', id: 'ZRm1Rv' })}
      </Button>
    </form>
  );
}
