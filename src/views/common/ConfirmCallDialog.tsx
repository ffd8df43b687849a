import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useT } from '../../i18n/useT';
import type { ConfirmCallActor } from '../../machines/confirmCallMachine';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The one ConfirmDialog rendering a confirm-then-call actor (a decision): every button is enabled
 * as the actor can take its event, so no state name is read here. Busy while the call is under way
 * (nothing can be cancelled then); 'Failed' with the server's words while a refusal may be retried.
 * The Reason field is there while the actor takes SET_REASON (its spec has a reason rule), with
 * the actor's words under it when Confirm was refused; it stays, disabled, while the reason typed
 * is being sent, so the person sees what they confirmed.
 */
export function ConfirmCallDialog({
  actor,
  title,
  verb,
  busyVerb,
  busyLabel,
  cancelLabel,
  modalType,
  reasonField = true,
  children,
}: {
  actor: ConfirmCallActor;
  /** The question's title, where the screen names its action instead ('Settle All Transactions'). */
  title?: string;
  verb: string;
  /** The confirm button's words while the call is under way ('Working…'); without them it keeps `verb`. */
  busyVerb?: string;
  /** A spinner's words while the call is under way ('Starting the settlement…'), where the screen shows one. */
  busyLabel?: string;
  /** The cancelling button's words ('Keep it' where Cancel would read as the decision itself). */
  cancelLabel?: string;
  /** 'alert' (the default) blocks a click outside; 'modal' lets it cancel, as an approval's question always has. */
  modalType?: 'alert' | 'modal';
  /** False where this question needs no reason though the actor's rule takes one (an approval's Approve). */
  reasonField?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const s = useSelector(actor, (snapshot) => snapshot);
  const canCancel = s.can({ type: 'CANCEL' });
  const failed = s.can({ type: 'RETRY' });
  const busy = s.status === 'active' && !canCancel;
  const asksReason = s.can({ type: 'SET_REASON', value: '' });
  const showsReason = reasonField && (asksReason || (busy && s.context.reason !== ''));
  return (
    <ConfirmDialog
      title={failed ? t({ defaultMessage: 'Failed', id: 'vXCeIi' }) : title}
      modalType={modalType}
      busy={busy}
      busyLabel={busyLabel}
      confirmLabel={verb}
      busyConfirmLabel={busyVerb}
      cancelLabel={cancelLabel}
      reason={
        showsReason
          ? {
              value: s.context.reason,
              error: s.context.reasonError,
              onChange: (value) => actor.send({ type: 'SET_REASON', value }),
            }
          : undefined
      }
      held={s.context.held}
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
