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

export type PaymentsListActor = ActorRefFrom<typeof paymentsListMachine>;

const PROCESS_STEPS: readonly ProcessStep[] = ['previewing', 'confirming', 'running', 'nothingToProcess', 'failed'];

const addQuestion = (target: TransactionRow) => (
  <>
    Add {formatRupiah(target.amount - target.fee_amount)} of {target.correlation_id} to the withdrawable balance? This
    cannot be undone.
  </>
);

/** The Payments List: the shared list screen with the pay-in's own buttons and dialogs. */
export function PaymentsListScreen({ actor, clients }: { actor: PaymentsListActor; clients: ClientOption[] }) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const { target, offersProcess, offersCheck } = s.context;
  const processStep = PROCESS_STEPS.find((step) => s.matches({ dialog: { processing: step } }));

  return (
    <ListScreen
      actor={actor}
      s={s}
      clients={clients}
      title={pageTitle('transactions')}
      filters={PAYMENT_FILTERS}
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
      refreshTitle="Refresh status"
      addQuestion={addQuestion}
      addBusyLabel="Working…"
      noun="payments"
    >
      {s.matches({ dialog: 'resendingCallback' }) && target && (
        <ConfirmDialog title="Resend callback" busy busyLabel="Sending…">
          <Text>Sending the callback of {target.correlation_id} to its merchant again.</Text>
        </ConfirmDialog>
      )}
      {processStep && (
        <ProcessTransactionsDialog
          step={processStep}
          preview={s.context.bulkPreview}
          error={s.context.processError}
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
