import {
  Button,
  DialogActions,
  DialogContent,
  Field,
  Input,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FormDialog } from './FormDialog';
import { ArrowDownloadRegular, MailRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { exportMachine } from '../../machines/exportMachine';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({ choices: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' } });

/**
 * The export dialog for a running exportMachine, whoever owns it: download the .xlsx now
 * ('Data Download'), or have it e-mailed ('Input Your Email Address').
 */
export function ExportDialogView({ actor, summary }: { actor: ActorRefFrom<typeof exportMachine>; summary: string }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const busy = s.matches('downloading') || s.matches('sending');
  const emailing = s.matches('enteringEmail') || s.matches('sending');
  return (
    <FormDialog
      title={t({ defaultMessage: 'Export', id: 'SVwJTM' })}
      busy={busy}
      onSubmit={() => actor.send({ type: 'SEND' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
      surfaceStyle={{ maxWidth: 520 }}
    >
      <DialogContent>
        <Text block style={{ marginBottom: 12 }}>
          {summary}
        </Text>
        {s.matches('choosing') && (
          <div className={styles.choices}>
            <Button
              appearance="primary"
              icon={<ArrowDownloadRegular />}
              onClick={() => actor.send({ type: 'DOWNLOAD' })}
            >
              {t({ defaultMessage: 'Download .xlsx', id: 'PJuoN6' })}
            </Button>
            <Button icon={<MailRegular />} onClick={() => actor.send({ type: 'CHOOSE_EMAIL' })}>
              {t({ defaultMessage: 'Send by e-mail', id: 'jfxFtp' })}
            </Button>
          </div>
        )}
        {s.matches('downloading') && <Spinner label={t({ defaultMessage: 'Preparing the file…', id: '7w3tcs' })} />}
        {emailing && (
          <Field
            label={t({ defaultMessage: 'Input Your Email Address', id: 'BRIjnE' })}
            required
            validationMessage={s.context.error ? said(s.context.error) : undefined}
            validationState={s.context.error ? 'error' : 'none'}
          >
            <Input
              type="email"
              value={s.context.email}
              disabled={busy}
              autoFocus
              onChange={(_, d) => actor.send({ type: 'SET_EMAIL', value: d.value })}
            />
          </Field>
        )}
      </DialogContent>
      <DialogActions>
        {s.matches('enteringEmail') && (
          <Button onClick={() => actor.send({ type: 'BACK' })}>{t({ defaultMessage: 'Back', id: 'cyR7Kh' })}</Button>
        )}
        <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
        </Button>
        {emailing && (
          <Button appearance="primary" type="submit" disabled={busy}>
            {s.matches('sending')
              ? t({ defaultMessage: 'Sending…', id: 'ff2VGL' })
              : t({ defaultMessage: 'Send', id: '9WRlF4' })}
          </Button>
        )}
      </DialogActions>
    </FormDialog>
  );
}
