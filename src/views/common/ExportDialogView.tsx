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

const useStyles = makeStyles({ choices: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' } });

/**
 * The export dialog for a running exportMachine, whoever owns it: download the .xlsx now
 * ('Data Download'), or have it e-mailed ('Input Your Email Address').
 */
export function ExportDialogView({ actor, summary }: { actor: ActorRefFrom<typeof exportMachine>; summary: string }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const busy = s.matches('downloading') || s.matches('sending');
  const emailing = s.matches('enteringEmail') || s.matches('sending');
  return (
    <FormDialog
      title="Export"
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
              Download .xlsx
            </Button>
            <Button icon={<MailRegular />} onClick={() => actor.send({ type: 'CHOOSE_EMAIL' })}>
              Send by e-mail
            </Button>
          </div>
        )}
        {s.matches('downloading') && <Spinner label="Preparing the file…" />}
        {emailing && (
          <Field
            label="Input Your Email Address"
            required
            validationMessage={s.context.error ?? undefined}
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
        {s.matches('enteringEmail') && <Button onClick={() => actor.send({ type: 'BACK' })}>Back</Button>}
        <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          Cancel
        </Button>
        {emailing && (
          <Button appearance="primary" type="submit" disabled={busy}>
            {s.matches('sending') ? 'Sending…' : 'Send'}
          </Button>
        )}
      </DialogActions>
    </FormDialog>
  );
}
