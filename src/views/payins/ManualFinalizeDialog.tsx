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
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** SUPER ADMIN's manual finalize, as the page machine's child runs it: correlation ID (read-only), RRN, paid time. */
export function ManualFinalizeDialog({ actor }: { actor: ActorRefFrom<typeof manualFinalizeMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const submitting = s.matches('submitting');
  const messages = (s.context.failure ? [s.context.failure] : s.context.errors).map(said);
  return (
    <FormDialog
      title={t({ defaultMessage: 'Finalize Transaction', id: 'O0lCMV' })}
      busy={submitting}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      <DialogContent className={styles.content}>
        <FormErrors errors={messages} />
        <Field label={t({ defaultMessage: 'Correlation ID', id: 'p849eW' })}>
          <Input value={s.context.correlationId} readOnly />
        </Field>
        <Field label={t({ defaultMessage: 'RRN', id: 'HEg9SA' })} required>
          <Input
            value={s.context.rrn}
            disabled={submitting}
            onChange={(_, d) => actor.send({ type: 'SET_RRN', value: d.value })}
          />
        </Field>
        <DateTimeField
          label={t({ defaultMessage: 'Paid time', id: 'mybGmU' })}
          required
          value={s.context.paidTime}
          disabled={submitting}
          hint={t(
            { defaultMessage: '{format}; seconds are sent as :00', id: 'PDg/SP' },
            { format: said(DATE_TIME_HINT) },
          )}
          onChange={(value) => actor.send({ type: 'SET_PAID_TIME', value })}
        />
        <HeldAhead held={s.context.heldAhead} />
      </DialogContent>
      <FormActions
        busy={submitting}
        onCancel={() => actor.send({ type: 'CANCEL' })}
        submit={t({ defaultMessage: 'Finalize', id: 'J9w6+G' })}
        busyText={t({ defaultMessage: 'Finalizing…', id: 'E4/eVG' })}
      />
    </FormDialog>
  );
}
