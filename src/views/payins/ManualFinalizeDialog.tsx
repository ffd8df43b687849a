import { DialogContent, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { FormDialog } from '../common/FormDialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';
import { DateTimeField } from '../common/DateTimeField';
import { FormErrors } from '../common/FormErrors';
import { FormActions } from '../common/FormActions';
import { HeldAhead } from '../common/HeldAhead';
import { DATE_TIME_HINT } from '../../services/businessClock';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** SUPER ADMIN's manual finalize, as the page machine's child runs it: correlation ID (read-only), RRN, paid time. */
export function ManualFinalizeDialog({ actor }: { actor: ActorRefFrom<typeof manualFinalizeMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const submitting = s.matches('submitting');
  const messages = s.context.failure ? [s.context.failure] : s.context.errors;
  return (
    <FormDialog
      title="Finalize Transaction"
      busy={submitting}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      <DialogContent className={styles.content}>
        <FormErrors errors={messages} />
        <Field label="Correlation ID">
          <Input value={s.context.correlationId} readOnly />
        </Field>
        <Field label="RRN" required>
          <Input
            value={s.context.rrn}
            disabled={submitting}
            onChange={(_, d) => actor.send({ type: 'SET_RRN', value: d.value })}
          />
        </Field>
        <DateTimeField
          label="Paid time"
          required
          value={s.context.paidTime}
          disabled={submitting}
          hint={`${DATE_TIME_HINT}; seconds are sent as :00`}
          onChange={(value) => actor.send({ type: 'SET_PAID_TIME', value })}
        />
        <HeldAhead held={s.context.heldAhead} />
      </DialogContent>
      <FormActions
        busy={submitting}
        onCancel={() => actor.send({ type: 'CANCEL' })}
        submit="Finalize"
        busyText="Finalizing…"
      />
    </FormDialog>
  );
}
