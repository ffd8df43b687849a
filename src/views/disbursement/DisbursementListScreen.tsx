import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { ROW_ACTIONS, type disbursementListMachine } from '../../machines/disbursementListMachine';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import { ListScreen } from '../common/ListScreen';
import { DecisionDialog } from './DecisionDialog';
import { DISBURSEMENT_FILTERS, VoidUploadButton } from './DisbursementFilters';
import { DisbursementRowActions } from './DisbursementRowActions';
import { DisbursementTable } from './DisbursementTable';
import { VoidUploadDialog, type VoidUploadStep } from './VoidUploadDialog';
import { useSaid, useT } from '../../i18n/useT';

export type DisbursementListActor = ActorRefFrom<typeof disbursementListMachine>;

const VOID_STEPS: readonly VoidUploadStep[] = [
  'choosingFile',
  'previewing',
  'confirming',
  'nothingToVoid',
  'sending',
  'showingResults',
];

/** The Disbursement List: the shared list screen with the decision and void upload dialogs. */
export function DisbursementListScreen({ actor, clients }: { actor: DisbursementListActor; clients: ClientOption[] }) {
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const addQuestion = (row: DisbursementRow) =>
    t(
      {
        defaultMessage: "Add the released {amount} of {id} to {client}'s withdrawable balance? This cannot be undone.",
        id: '98oWxC',
      },
      { amount: formatRupiah(row.amount + row.fee_amount), id: row.correlation_id, client: row.client_name },
    );
  const voidStep = VOID_STEPS.find((step) => s.matches({ dialog: { uploadingVoid: step } }));

  return (
    <ListScreen
      actor={actor}
      s={s}
      clients={clients}
      title={said(pageTitle('disbursement-list'))}
      filters={{
        ...DISBURSEMENT_FILTERS,
        label: said(DISBURSEMENT_FILTERS.label),
        methodLabel: said(DISBURSEMENT_FILTERS.methodLabel),
      }}
      filterButtons={s.can({ type: 'OPEN_VOID_UPLOAD' }) && <VoidUploadButton send={actor.send} />}
      loadErrorRole="alert"
      Table={DisbursementTable}
      rowActions={ROW_ACTIONS}
      RowActions={DisbursementRowActions}
      actsOnRows={s.context.actsOnRows}
      refreshTitle={t({ defaultMessage: 'Auto-update status', id: 'x8BI2C' })}
      addQuestion={addQuestion}
      addBusyLabel={t({ defaultMessage: 'Adding…', id: 'sFMK25' })}
      noun="disbursements"
    >
      {s.matches({ dialog: 'deciding' }) && s.children.decision && (
        <DecisionDialog actor={s.children.decision as ActorRefFrom<typeof disbursementDecisionMachine>} />
      )}
      {voidStep && (
        <VoidUploadDialog
          step={voidStep}
          file={s.context.voidFile}
          errors={s.context.voidErrors.map(said)}
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
    </ListScreen>
  );
}
