import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, MailRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { exportMachine } from '../../machines/exportMachine';
import { alerts } from '../../services/alerts';
import type { TransactionFilterParams } from '../../services/api';

const useStyles = makeStyles({ choices: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' } });

/** Export of the search as it stands: download the .xlsx now, or have it e-mailed. */
export function ExportDialog({ filter, total, onClose }: { filter: TransactionFilterParams; total: number; onClose: () => void }) {
  const styles = useStyles();
  const actor = useActorRef(exportMachine, { input: { filter } });
  const s = useSelector(actor, (snapshot) => snapshot);
  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      if (snapshot.matches('finished')) alerts.show({ title: snapshot.context.failed ? 'Failed' : 'Success', message: snapshot.context.message ?? '', intent: snapshot.context.failed ? 'error' : 'success' });
      onClose();
    });
    return () => sub.unsubscribe();
  }, [actor, onClose]);
  const busy = s.matches('downloading') || s.matches('sending');
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open && !busy) actor.send({ type: 'CANCEL' }); }}>
      <DialogSurface style={{ maxWidth: 520 }}>
        <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'SEND' }); }}>
          <DialogBody>
            <DialogTitle>Export</DialogTitle>
            <DialogContent>
              <Text block style={{ marginBottom: 12 }}>{total.toLocaleString('en-US')} payments match the current search.</Text>
              {s.matches('choosing') && (
                <div className={styles.choices}>
                  <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => actor.send({ type: 'DOWNLOAD' })}>Download .xlsx</Button>
                  <Button icon={<MailRegular />} onClick={() => actor.send({ type: 'CHOOSE_EMAIL' })}>Send by e-mail</Button>
                </div>
              )}
              {s.matches('downloading') && <Spinner label="Preparing the file…" />}
              {(s.matches('enteringEmail') || s.matches('sending')) && (
                <Field label="Input Your Email Address" required validationMessage={s.context.error ?? undefined} validationState={s.context.error ? 'error' : 'none'}>
                  <Input type="email" value={s.context.email} disabled={busy} autoFocus onChange={(_, d) => actor.send({ type: 'SET_EMAIL', value: d.value })} />
                </Field>
              )}
            </DialogContent>
            <DialogActions>
              {s.matches('enteringEmail') && <Button onClick={() => actor.send({ type: 'BACK' })}>Back</Button>}
              <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>Cancel</Button>
              {(s.matches('enteringEmail') || s.matches('sending')) && <Button appearance="primary" type="submit" disabled={busy}>{s.matches('sending') ? 'Sending…' : 'Send'}</Button>}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
