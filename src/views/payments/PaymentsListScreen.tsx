import { useCallback, useMemo } from 'react';
import { MessageBar, MessageBarBody, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { exportMachine } from '../../machines/exportMachine';
import type { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';
import {
  PAYMENT_ROW_ACTIONS,
  type PaymentRowActionType,
  type paymentsListMachine,
} from '../../machines/paymentsListMachine';
import type { uploadMachine } from '../../machines/uploadMachine';
import { TRANSACTION_PAGE_SIZES } from '../../services/listQuery';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import type { TransactionRow } from '../../services/transactionQuery';
import { ExportDialogView } from '../common/ExportDialogView';
import { Pager } from '../common/Pager';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { CheckTransactionsDialog } from './CheckTransactionsDialog';
import { InvoiceDialog } from './InvoiceDialog';
import { ManualFinalizeDialog } from './ManualFinalizeDialog';
import { ProcessTransactionsDialog, type ProcessStep } from './ProcessTransactionsDialog';
import { PaymentsFilters } from './PaymentsFilters';
import { StatTiles } from './StatTiles';
import { TransactionRowActions } from './TransactionRowActions';
import { TransactionTable } from './TransactionTable';

export type PaymentsListActor = ActorRefFrom<typeof paymentsListMachine>;

const PROCESS_STEPS: readonly ProcessStep[] = ['previewing', 'confirming', 'running', 'nothingToProcess', 'failed'];

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/**
 * Which row actions the page machine takes now, per row. Asked once per page of rows and dialog
 * change, not per keystroke in the filter bar: a 1000-row page asks 5000 times.
 */
function useOfferedActions(actor: PaymentsListActor, rows: TransactionRow[]) {
  const dialogClosed = useSelector(actor, (s) => s.matches({ dialog: 'closed' }));
  return useMemo(() => {
    const snapshot = actor.getSnapshot();
    return new Map(
      rows.map((row) => [
        row.uuid,
        dialogClosed ? PAYMENT_ROW_ACTIONS.filter((type) => snapshot.can({ type, row })) : [],
      ]),
    );
  }, [actor, rows, dialogClosed]);
}

/** The Payments List as its page machine holds it: every part reads the snapshot and sends events. */
export function PaymentsListScreen({ actor, clients }: { actor: PaymentsListActor; clients: ClientOption[] }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { form, rows, stats, meta, limit, target } = s.context;
  const loading = s.matches({ list: 'loading' });
  const offered = useOfferedActions(actor, rows);
  const onAction = useCallback((type: PaymentRowActionType, row: TransactionRow) => actor.send({ type, row }), [actor]);
  const actions = useCallback(
    (row: TransactionRow) => (
      <TransactionRowActions row={row} offered={offered.get(row.uuid) ?? []} onAction={onAction} />
    ),
    [offered, onAction],
  );
  const buttons = {
    search: s.can({ type: 'SEARCH' }),
    export: s.can({ type: 'OPEN_EXPORT' }),
    process: s.context.offersProcess ? s.can({ type: 'OPEN_PROCESS' }) : null,
    check: s.context.offersCheck ? s.can({ type: 'OPEN_CHECK' }) : null,
  };
  const processStep = PROCESS_STEPS.find((step) => s.matches({ dialog: { processing: step } }));

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('transactions')}
      </Title2>
      <PaymentsFilters
        form={form}
        rangeError={s.context.rangeError}
        clients={clients}
        buttons={buttons}
        send={actor.send}
      />
      {s.context.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{s.context.loadError}</MessageBarBody>
        </MessageBar>
      )}
      <StatTiles stats={stats} />
      <TransactionTable rows={rows} loading={loading} actions={actions} />
      <Pager
        meta={meta}
        sizes={TRANSACTION_PAGE_SIZES}
        limit={limit}
        disabled={loading}
        onPage={(page) => actor.send({ type: 'PAGE', page })}
        onSize={(size) => actor.send({ type: 'PAGE_SIZE', limit: size })}
      />

      {s.matches({ dialog: 'refreshingStatus' }) && target && (
        <ConfirmDialog title="Refresh status" busy busyLabel="Asking the provider…">
          <Text>Asking the provider for the status of {target.correlation_id}.</Text>
        </ConfirmDialog>
      )}
      {s.matches({ dialog: 'resendingCallback' }) && target && (
        <ConfirmDialog title="Resend callback" busy busyLabel="Sending…">
          <Text>Sending the callback of {target.correlation_id} to its merchant again.</Text>
        </ConfirmDialog>
      )}
      {s.matches({ dialog: 'addingToWithdrawable' }) && target && (
        <ConfirmDialog
          busy={s.matches({ dialog: { addingToWithdrawable: 'adding' } })}
          busyLabel="Working…"
          confirmLabel="Add"
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            Add {formatRupiah(target.amount - target.fee_amount)} of {target.correlation_id} to the withdrawable
            balance? This cannot be undone.
          </Text>
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
      {s.matches({ dialog: 'viewingInvoice' }) && (
        <InvoiceDialog
          invoice={s.context.invoice}
          error={s.context.invoiceError}
          onClose={() => actor.send({ type: 'CLOSE' })}
        />
      )}
      {s.matches({ dialog: 'checking' }) && s.children.check && (
        <CheckTransactionsDialog actor={s.children.check as ActorRefFrom<typeof uploadMachine>} />
      )}
      {s.matches({ dialog: 'exporting' }) && s.children.export && (
        <ExportDialogView
          actor={s.children.export as ActorRefFrom<typeof exportMachine>}
          summary={`${(stats?.total_transaction_count ?? 0).toLocaleString('en-US')} payments match the current search.`}
        />
      )}
    </section>
  );
}
