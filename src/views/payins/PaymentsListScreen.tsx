import { Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';
import { PAYMENT_ROW_ACTIONS, type paymentsListMachine } from '../../machines/paymentsListMachine';
import type { uploadMachine } from '../../machines/uploadMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import type { TransactionRow } from '../../services/payinQuery';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ListScreen } from '../common/ListScreen';
import { CheckTransactionsDialog } from './CheckTransactionsDialog';
import { ManualFinalizeDialog } from './ManualFinalizeDialog';
import { PAYMENT_FILTERS, PaymentsFilterButtons } from './PaymentsFilters';
import { ProcessTransactionsDialog, type ProcessStep } from './ProcessTransactionsDialog';
import { PayinRowActions } from './PayinRowActions';
import { PayinTable } from './PayinTable';
import { useSaid, useT } from '../../i18n/useT';

export type PaymentsListActor = ActorRefFrom<typeof paymentsListMachine>;

const PROCESS_STEPS: readonly ProcessStep[] = ['previewing', 'confirming', 'running', 'nothingToProcess', 'failed'];

/** The Payments List: the shared list screen with the pay-in's own buttons and dialogs. */
export function PaymentsListScreen({ actor, clients }: { actor: PaymentsListActor; clients: ClientOption[] }) {
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { target, offersProcess, offersCheck } = s.context;
  const addQuestion = (row: TransactionRow) =>
    t(
      { defaultMessage: 'Add {amount} of {id} to the withdrawable balance? This cannot be undone.', id: 'weavgo' },
      { amount: formatRupiah(row.amount - row.fee_amount), id: row.correlation_id },
    );
  const processStep = PROCESS_STEPS.find((step) => s.matches({ dialog: { processing: step } }));

  return (
    <ListScreen
      actor={actor}
      s={s}
      clients={clients}
      title={said(pageTitle('transactions'))}
      filters={{
        ...PAYMENT_FILTERS,
        label: said(PAYMENT_FILTERS.label),
        methodLabel: said(PAYMENT_FILTERS.methodLabel),
      }}
      filterButtons={
        <PaymentsFilterButtons
          process={offersProcess ? s.can({ type: 'OPEN_PROCESS' }) : null}
          check={offersCheck ? s.can({ type: 'OPEN_CHECK' }) : null}
          send={actor.send}
        />
      }
      Table={PayinTable}
      rowActions={PAYMENT_ROW_ACTIONS}
      RowActions={PayinRowActions}
      refreshTitle={t({ defaultMessage: 'Refresh status', id: 's1u1Vq' })}
      addQuestion={addQuestion}
      addBusyLabel={t({ defaultMessage: 'Working…', id: 'hsvAwB' })}
      noun="payments"
    >
      {s.matches({ dialog: 'resendingCallback' }) && target && (
        <ConfirmDialog
          title={t({ defaultMessage: 'Resend callback', id: 'aKvTlB' })}
          busy
          busyLabel={t({ defaultMessage: 'Sending…', id: 'ff2VGL' })}
        >
          <Text>
            {t(
              { defaultMessage: 'Sending the callback of {id} to its merchant again.', id: 'KNXKHa' },
              { id: target.correlation_id },
            )}
          </Text>
        </ConfirmDialog>
      )}
      {processStep && (
        <ProcessTransactionsDialog
          step={processStep}
          preview={s.context.bulkPreview}
          error={s.context.processError && said(s.context.processError)}
          canPreviewAgain={s.can({ type: 'PREVIEW_AGAIN' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          onPreviewAgain={() => actor.send({ type: 'PREVIEW_AGAIN' })}
          onClose={() => actor.send({ type: 'CLOSE' })}
        />
      )}
      {s.matches({ dialog: 'finalizing' }) && s.children.manualFinalize && (
        <ManualFinalizeDialog actor={s.children.manualFinalize as ActorRefFrom<typeof manualFinalizeMachine>} />
      )}
      {s.matches({ dialog: 'checking' }) && s.children.check && (
        <CheckTransactionsDialog actor={s.children.check as ActorRefFrom<typeof uploadMachine>} />
      )}
    </ListScreen>
  );
}
