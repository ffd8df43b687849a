import { useState } from 'react';
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
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../machines/loginMachine';
import { useSaid, useT } from '../i18n/useT';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function CredentialsForm({ actor }: { actor: ActorRefFrom<typeof loginMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { email, password, error, notice, submitting, canSubmit, canEdit } = useSelector(
    actor,
    (s) => ({
      email: s.context.email,
      password: s.context.password,
      error: s.context.error,
      notice: s.context.notice,
      submitting: s.matches('submittingCredentials'),
      canSubmit: s.can({ type: 'SUBMIT' }),
      canEdit: s.can({ type: 'EDIT_EMAIL', value: '' }),
    }),
    shallowEqual,
  );
  const [showPassword, setShowPassword] = useState(false);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'SUBMIT' });
      }}
      aria-labelledby="sign-in-title"
    >
      <div className={styles.heading}>
        <Title2 as="h1" id="sign-in-title">
          {t({ defaultMessage: 'Sign In', id: 'Ub+AGc' })}
        </Title2>
        <Text>{t({ defaultMessage: 'Use your work email and password.', id: 'wD3Q3g' })}</Text>
      </div>
      {notice && (
        <MessageBar intent="info">
          <MessageBarBody>{said(notice)}</MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{said(error)}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t({ defaultMessage: 'Email', id: 'sy+pv5' })} required>
        <Input
          type="email"
          autoComplete="username"
          value={email}
          disabled={!canEdit}
          autoFocus
          onChange={(_, d) => actor.send({ type: 'EDIT_EMAIL', value: d.value })}
        />
      </Field>
      <Field label={t({ defaultMessage: 'Password', id: '5sg7KC' })} required>
        <Input
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          disabled={!canEdit}
          onChange={(_, d) => actor.send({ type: 'EDIT_PASSWORD', value: d.value })}
          contentAfter={
            <Button
              appearance="transparent"
              size="small"
              type="button"
              aria-pressed={showPassword}
              aria-label={
                showPassword
                  ? t({ defaultMessage: 'Hide password', id: 'K3fWTv' })
                  : t({ defaultMessage: 'Show password', id: 'JHTwdB' })
              }
              icon={showPassword ? <EyeOffRegular /> : <EyeRegular />}
              onClick={() => setShowPassword((v) => !v)}
            />
          }
        />
      </Field>
      <Button
        appearance="primary"
        type="submit"
        size="large"
        disabled={!canSubmit}
        icon={submitting ? <Spinner size="tiny" /> : undefined}
      >
        {submitting
          ? t({ defaultMessage: 'Signing in…', id: 's4yZXg' })
          : t({ defaultMessage: 'Sign In', id: 'Ub+AGc' })}
      </Button>
    </form>
  );
}
