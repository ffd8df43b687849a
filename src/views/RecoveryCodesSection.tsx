import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { recoveryCodesMachine } from '../machines/recoveryCodesMachine';
import type { twoFactorSetupMachine } from '../machines/twoFactorSetupMachine';
import { RECOVERY_CODE_SIGN_IN } from '../services/successTexts';
import { MachineDialog } from './common/MachineDialog';
import { useSaid, useT } from '../i18n/useT';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { SessionContext } from './SessionContext';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
});

/**
 * Recovery codes on User Settings (issue 44), beside the two-factor panel whose machine it reads: the
 * request for a new authenticator after a sign-in with a code, the codes set-up answered, and New
 * recovery codes (its own machine) while two-factor is active.
 */
export function RecoveryCodesSection({ setup }: { setup: ActorRefFrom<typeof twoFactorSetupMachine> }) {
  const said = useSaid();
  const mustReset = SessionContext.useSelector((s) => s.context.user?.must_reset_two_factor === true);
  const { settingUp, codes, active } = useSelector(
    setup,
    (s) => ({
      settingUp: s.matches('loadingSecret') || s.matches('awaitingCode') || s.matches('verifying'),
      codes: s.matches('showingCodes') ? s.context.codes : null,
      active: s.matches('active'),
    }),
    (a, b) => a.settingUp === b.settingUp && a.codes === b.codes && a.active === b.active,
  );
  return (
    <>
      {mustReset && settingUp && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{said(RECOVERY_CODE_SIGN_IN)}</MessageBarBody>
        </MessageBar>
      )}
      {codes && <RecoveryCodesDialog codes={codes} onSaved={() => setup.send({ type: 'CODES_SAVED' })} />}
      {active && <NewRecoveryCodes />}
    </>
  );
}

/** New recovery codes: its own machine (`logic` for tests), a current authenticator code, then the new set once. */
export function NewRecoveryCodes({ logic = recoveryCodesMachine }: { logic?: typeof recoveryCodesMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const actor = useActorRef(logic);
  const state = useSelector(actor, (s) => s);
  const { code, codes, error } = state.context;
  const asking = state.matches('askingCode') || state.matches('creating');
  return (
    <div className={styles.section}>
      <Text weight="semibold">{t({ defaultMessage: 'Recovery codes', id: 'a0PUqs' })}</Text>
      <Text>
        {t({ defaultMessage: 'A new set replaces your recovery codes: the old ones stop working.', id: 'pDxEpA' })}
      </Text>
      <Button onClick={() => actor.send({ type: 'START' })} disabled={!state.can({ type: 'START' })}>
        {t({ defaultMessage: 'New recovery codes', id: 'XnqlAf' })}
      </Button>
      {asking && (
        <MachineDialog busy={!state.can({ type: 'CANCEL' })} onDismiss={() => actor.send({ type: 'CANCEL' })}>
          <DialogSurface>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'SUBMIT' });
              }}
            >
              <DialogBody>
                <DialogTitle>{t({ defaultMessage: 'New recovery codes', id: 'XnqlAf' })}</DialogTitle>
                <DialogContent>
                  <Field
                    label={t({ defaultMessage: 'Code from your authenticator app', id: 'eT8Fef' })}
                    validationMessage={error ? said(error) : undefined}
                    validationState={error ? 'error' : 'none'}
                  >
                    <Input
                      value={code}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      autoFocus
                      disabled={!state.can({ type: 'CODE_CHANGE', value: '' })}
                      onChange={(_, d) => actor.send({ type: 'CODE_CHANGE', value: d.value })}
                    />
                  </Field>
                </DialogContent>
                <DialogActions>
                  <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={!state.can({ type: 'CANCEL' })}>
                    {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
                  </Button>
                  <Button appearance="primary" type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
                    {state.matches('creating')
                      ? t({ defaultMessage: 'Creating…', id: 'rQUSqe' })
                      : t({ defaultMessage: 'Create', id: 'VzzYJk' })}
                  </Button>
                </DialogActions>
              </DialogBody>
            </form>
          </DialogSurface>
        </MachineDialog>
      )}
      {state.matches('showingCodes') && (
        <RecoveryCodesDialog codes={codes} onSaved={() => actor.send({ type: 'CODES_SAVED' })} />
      )}
    </div>
  );
}
