import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { oneShotActionMachine } from '../../machines/oneShotActionMachine';
import { alerts } from '../../services/alerts';

/**
 * Runs one action: asks 'Are you sure?' first when given a question, shows the server's answer
 * as an alert ('Failed' on refusal), then tells the page whether anything may have changed.
 */
export function OneShotAction({ question, confirmLabel = 'Confirm', run, onFinished }: {
  question?: string; confirmLabel?: string; run: () => Promise<string>; onFinished: (changed: boolean) => void;
}) {
  const actor = useActorRef(oneShotActionMachine.provide({ actors: { run: fromPromise(run) } }), { input: { confirm: question != null } });
  const state = useSelector(actor, (s) => s.value);
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status !== 'done' || !s.output) return;
      if (!s.output.cancelled) alerts.show({ title: s.output.failed ? 'Failed' : 'Success', message: s.output.message ?? '', intent: s.output.failed ? 'error' : 'success' });
      onFinished(!s.output.cancelled && !s.output.failed);
    });
    return () => sub.unsubscribe();
  }, [actor, onFinished]);
  if (!question || (state !== 'confirming' && state !== 'running')) return null;
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogContent>{question}</DialogContent>
          <DialogActions>
            <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={state === 'running'}>Cancel</Button>
            <Button appearance="primary" onClick={() => actor.send({ type: 'CONFIRM' })} disabled={state === 'running'}>{state === 'running' ? 'Working…' : confirmLabel}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
