import { useCallback, useMemo } from 'react';
import { MessageBar, MessageBarBody, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { ROW_ACTIONS, type disbursementListMachine, type RowActionType } from '../../machines/disbursementListMachine';
import type { exportMachine } from '../../machines/exportMachine';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { TRANSACTION_PAGE_SIZES } from '../../services/listQuery';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import { ExportDialogView } from '../common/ExportDialogView';
import { Pager } from '../common/Pager';
import { StatTiles } from '../payments/StatTiles';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DecisionDialog } from './DecisionDialog';
import { DisbursementFilters } from './DisbursementFilters';
import { InvoiceDialog } from '../payments/InvoiceDialog';
import { DisbursementRowActions } from './DisbursementRowActions';
import { DisbursementTable } from './DisbursementTable';
import { VoidUploadDialog, type VoidUploadStep } from './VoidUploadDialog';

export type DisbursementListActor = ActorRefFrom<typeof disbursementListMachine>;

const VOID_STEPS: readonly VoidUploadStep[] = [
  'choosingFile',
  'previewing',
  'confirming',
  'nothingToVoid',
  'sending',
  'showingResults',
];

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/**
 * Which row actions the page machine takes now, per row. Asked once per page of rows and dialog
 * change, not per keystroke in the filter bar: a 1000-row page asks 5000 times.
 */
function useOfferedActions(actor: DisbursementListActor, rows: DisbursementRow[]) {
  const dialogClosed = useSelector(actor, (s) => s.matches({ dialog: 'closed' }));
  return useMemo(() => {
    const snapshot = actor.getSnapshot();
    return new Map(
      rows.map((row) => [row.uuid, dialogClosed ? ROW_ACTIONS.filter((type) => snapshot.can({ type, row })) : []]),
    );
  }, [actor, rows, dialogClosed]);
}

/** The Disbursement List as its page machine holds it: every part reads the snapshot and sends events. */
export function DisbursementListScreen({ actor, clients }: { actor: DisbursementListActor; clients: ClientOption[] }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { form, rows, stats, meta, limit, target } = s.context;
  const listLoading = s.matches({ list: 'loading' });
  const offered = useOfferedActions(actor, rows);
  const onAction = useCallback((type: RowActionType, row: DisbursementRow) => actor.send({ type, row }), [actor]);
  const actions = useCallback(
    (row: DisbursementRow) => (
      <DisbursementRowActions row={row} offered={offered.get(row.uuid) ?? []} onAction={onAction} />
    ),
    [offered, onAction],
  );
  const voidStep = VOID_STEPS.find((step) => s.matches({ dialog: { uploadingVoid: step } }));

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('disbursement-list')}
      </Title2>
      <DisbursementFilters
        form={form}
        rangeError={s.context.rangeError}
        clients={clients}
        send={actor.send}
        canExport={s.can({ type: 'OPEN_EXPORT' })}
        canUploadVoid={s.can({ type: 'OPEN_VOID_UPLOAD' })}
      />
      {s.context.loadError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{s.context.loadError}</MessageBarBody>
        </MessageBar>
      )}
      <StatTiles stats={stats} />
      <DisbursementTable rows={rows} loading={listLoading} actions={s.context.actsOnRows ? actions : undefined} />
      <Pager
        meta={meta}
        sizes={TRANSACTION_PAGE_SIZES}
        limit={limit}
        disabled={listLoading}
        onPage={(page) => actor.send({ type: 'PAGE', page })}
        onSize={(size) => actor.send({ type: 'PAGE_SIZE', limit: size })}
      />

      {s.matches({ dialog: 'deciding' }) && s.children.decision && (
        <DecisionDialog actor={s.children.decision as ActorRefFrom<typeof disbursementDecisionMachine>} />
      )}
      {s.matches({ dialog: 'refreshingStatus' }) && target && (
        <ConfirmDialog title="Auto-update status" busy busyLabel="Asking the provider…">
          <Text>Asking the provider for the status of {target.correlation_id}.</Text>
        </ConfirmDialog>
      )}
      {s.matches({ dialog: 'viewingInvoice' }) && (
        <InvoiceDialog
          invoice={s.context.invoice}
          error={s.context.invoiceError}
          onClose={() => actor.send({ type: 'CLOSE' })}
        />
      )}
      {s.matches({ dialog: 'addingToWithdrawable' }) && target && (
        <ConfirmDialog
          busy={s.matches({ dialog: { addingToWithdrawable: 'adding' } })}
          busyLabel="Adding…"
          confirmLabel="Add"
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            Add the released {formatRupiah(target.amount + target.fee_amount)} of {target.correlation_id} to{' '}
            {target.client_name}&apos;s withdrawable balance? This cannot be undone.
          </Text>
        </ConfirmDialog>
      )}
      {voidStep && (
        <VoidUploadDialog
          step={voidStep}
          file={s.context.voidFile}
          errors={s.context.voidErrors}
          preview={s.context.voidPreview}
          result={s.context.voidResult}
          onChoose={(file) => actor.send({ type: 'CHOOSE_FILE', file })}
          onUpload={() => actor.send({ type: 'UPLOAD' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          onAnother={() => actor.send({ type: 'UPLOAD_ANOTHER' })}
          onClose={() => actor.send({ type: 'CLOSE' })}
        />
      )}
      {s.matches({ dialog: 'exporting' }) && s.children.export && (
        <ExportDialogView
          actor={s.children.export as ActorRefFrom<typeof exportMachine>}
          summary={`${(stats?.total_transaction_count ?? 0).toLocaleString('en-US')} disbursements match the current search.`}
        />
      )}
    </section>
  );
}
