import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, MessageBarTitle,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  native: { fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase300, padding: '6px 8px', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** SUPER ADMIN's manual finalize, as the page machine's child runs it: correlation ID (read-only), RRN, paid time. */
export function ManualFinalizeDialog({ actor }: { actor: ActorRefFrom<typeof manualFinalizeMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const submitting = s.matches('submitting');
  const messages = s.context.failure ? [s.context.failure] : s.context.errors;
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open && !submitting) actor.send({ type: 'CANCEL' }); }}>
      <DialogSurface>
        <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'SUBMIT' }); }}>
          <DialogBody>
            <DialogTitle>Finalize Transaction</DialogTitle>
            <DialogContent className={styles.content}>
              {messages.length > 0 && (
                <MessageBar intent="error" layout="multiline" role="alert">
                  <MessageBarBody><MessageBarTitle>Error!</MessageBarTitle><ul className={styles.errors}>{messages.map((m) => <li key={m}>{m}</li>)}</ul></MessageBarBody>
                </MessageBar>
              )}
              <Field label="Correlation ID"><Input value={s.context.correlationId} readOnly /></Field>
              <Field label="RRN" required>
                <Input value={s.context.rrn} disabled={submitting} onChange={(_, d) => actor.send({ type: 'SET_RRN', value: d.value })} />
              </Field>
              <Field label="Paid time" required hint="Asia/Jakarta; seconds are sent as :00">
                <input className={styles.native} type="datetime-local" step={60} value={s.context.paidTime.replace(' ', 'T')} disabled={submitting}
                  onChange={(e) => actor.send({ type: 'SET_PAID_TIME', value: e.target.value.replace('T', ' ').slice(0, 16) })} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={submitting}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={submitting}>{submitting ? 'Finalizing…' : 'Finalize'}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
