import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ConfirmCallActor } from '../../machines/confirmCallMachine';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The one ConfirmDialog rendering a confirm-then-call actor (a decision): every button is enabled
 * as the actor can take its event, so no state name is read here. Busy while the call is under way
 * (nothing can be cancelled then); 'Failed' with the server's words while a refusal may be retried.
 */
export function ConfirmCallDialog({
  actor,
  title = 'Are you sure?',
  verb,
  busyVerb,
  busyLabel,
  children,
}: {
  actor: ConfirmCallActor;
  /** The question's title, where the screen names its action instead ('Settle All Transactions'). */
  title?: string;
  verb: string;
  /** The confirm button's words while the call is under way ('Working…'). */
  busyVerb: string;
  /** A spinner's words while the call is under way ('Starting the settlement…'), where the screen shows one. */
  busyLabel?: string;
  children: ReactNode;
}) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const canCancel = s.can({ type: 'CANCEL' });
  const failed = s.can({ type: 'RETRY' });
  return (
    <ConfirmDialog
      title={failed ? 'Failed' : title}
      busy={s.status === 'active' && !canCancel}
      busyLabel={busyLabel}
      confirmLabel={verb}
      busyConfirmLabel={busyVerb}
      error={failed ? s.context.error : null}
      canConfirm={s.can({ type: 'CONFIRM' })}
      canCancel={canCancel}
      canRetry={failed}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      {children}
    </ConfirmDialog>
  );
}
