import { Spinner, Text } from '@fluentui/react-components';
import type { VoidUploadResult } from '../../services/disbursementActions';
import type { VoidOutcome } from '../../services/disbursementQuery';
import { rupiahWithWords } from '../../services/money';
import { HeldAhead } from '../common/HeldAhead';
import { UPLOAD_MAX_MB } from '../../services/reconciliationRules';
import {
  UploadDialog,
  UploadPicker,
  UploadResults,
  alarmIf,
  fileSize,
  uploadStepActions,
  type UploadAction,
  type UploadColumn,
} from '../common/UploadDialog';

const OUTCOME_LABELS: Record<VoidOutcome['outcome'], string> = {
  voided: 'Voided',
  would_void: 'Will be voided',
  not_found: 'Not found',
  not_finalized: 'Not FINALIZED',
  already_voided: 'Already voided',
  duplicate: 'Named twice',
};

/** Each row's outcome; one that is not (or would not be) voided, in red. */
const COLUMNS: readonly UploadColumn<VoidOutcome>[] = [
  { header: 'Row', cell: (r) => r.row },
  { header: 'Correlation ID', cell: (r) => r.correlation_id || '-' },
  {
    header: 'Outcome',
    cell: (r) => OUTCOME_LABELS[r.outcome],
    bad: (r) => r.outcome !== 'voided' && r.outcome !== 'would_void',
  },
  { header: 'Message', cell: (r) => r.message },
];

export type VoidUploadStep =
  'choosingFile' | 'previewing' | 'confirming' | 'nothingToVoid' | 'sending' | 'showingResults';

const disbursements = (n: number) => `${n.toLocaleString('en-US')} disbursement${n === 1 ? '' : 's'}`;

/** Every row's outcome, as the preview or the apply answered it. */
function OutcomeTable({ result }: { result: VoidUploadResult }) {
  const s = result.summary;
  const label = result.dry_run ? 'Void preview' : 'Void results';
  return (
    <UploadResults
      label={label}
      region={`${label}, scrollable`}
      columns={COLUMNS}
      rows={result.results}
      rowKey={(r) => `${r.row}-${r.correlation_id}`}
      badges={[
        { text: `${s.rows} rows` },
        result.dry_run
          ? { text: `${s.would_void} will be voided`, color: 'warning' }
          : { text: `${s.voided} voided`, color: 'success' },
        { text: `${s.not_found} not found`, color: alarmIf(s.not_found) },
        { text: `${s.not_finalized} not FINALIZED`, color: alarmIf(s.not_finalized) },
        { text: `${s.already_voided} already voided`, color: 'informative' },
        // Only a file that repeats an id says so: the others keep the badges they always had.
        ...(s.duplicate ? [{ text: `${s.duplicate} named twice`, color: 'informative' as const }] : []),
      ]}
    />
  );
}

/**
 * 'Upload Void Transaction' in two steps (issue 25): one CSV/XLSX of correlation_ids goes up as a
 * dry run, the preview lists every row and asks 'Void N disbursements returning Rp. X?', and only
 * Confirm sends it again to void; then every row's outcome.
 */
export function VoidUploadDialog({
  step,
  file,
  errors,
  preview,
  result,
  onChoose,
  onUpload,
  onConfirm,
  onCancel,
  onAnother,
  onClose,
}: {
  step: VoidUploadStep;
  file: File | null;
  errors: string[];
  preview: VoidUploadResult | null;
  result: VoidUploadResult | null;
  onChoose: (file: File | null) => void;
  onUpload: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onAnother: () => void;
  onClose: () => void;
}) {
  const busy = step === 'previewing' || step === 'sending';
  const choosing = step === 'choosingFile' || step === 'previewing';
  const previewed = (step === 'confirming' || step === 'nothingToVoid' || step === 'sending') && preview;
  const shown = step === 'showingResults' ? result : null;
  const title = shown
    ? 'Upload Void Transaction: Results'
    : previewed
      ? 'Upload Void Transaction: Preview'
      : 'Upload Void Transaction';
  const dismiss = step === 'confirming' ? onCancel : onClose;
  // Choosing: Cancel, Upload; asked to confirm: Cancel, Confirm; done (or nothing to void): Upload another file, Close.
  const actions: readonly [UploadAction, UploadAction] = choosing
    ? uploadStepActions(busy, onClose, onUpload)
    : step === 'confirming' || step === 'sending'
      ? [
          { label: 'Cancel', onClick: onCancel, disabled: busy },
          { label: 'Confirm', onClick: onConfirm, disabled: busy },
        ]
      : [
          { label: 'Upload another file', onClick: onAnother },
          { label: 'Close', onClick: onClose },
        ];
  return (
    <UploadDialog
      title={title}
      maxWidth={choosing ? 560 : 900}
      busy={busy}
      onDismiss={dismiss}
      errors={errors}
      actions={actions}
    >
      {choosing && (
        <>
          <Text>
            The file is checked first: you see what each row would do and the amount that would come back before
            anything is voided. Each FINALIZED disbursement named in it is then voided and its money goes back to the
            client&apos;s disbursement balance.
          </Text>
          <UploadPicker
            label="Void file"
            hint={`One CSV or Excel file with a correlation_id column, up to ${UPLOAD_MAX_MB} MB`}
            inputLabel="Choose void file"
            buttonLabel="Choose file"
            disabled={busy}
            onFiles={(files) => onChoose(files[0] ?? null)}
          />
          {file && (
            <Text aria-label="Chosen file">
              {file.name} {fileSize(file)}
            </Text>
          )}
          {step === 'previewing' && <Spinner label="Checking the file…" />}
        </>
      )}
      {previewed && (
        <>
          {preview.total.count > 0 ? (
            <Text weight="semibold">
              Void {disbursements(preview.total.count)} returning {rupiahWithWords(preview.total.amount)}?
            </Text>
          ) : (
            <Text weight="semibold">Nothing in this file would be voided: no row names a FINALIZED disbursement.</Text>
          )}
          <HeldAhead held={preview.total.count > 0 && preview.needs_approval} />
          <OutcomeTable result={preview} />
          {step === 'sending' && <Spinner label="Voiding…" />}
        </>
      )}
      {shown && (
        <>
          {shown.total.count > 0 && (
            <Text weight="semibold">
              Voided {disbursements(shown.total.count)}: {rupiahWithWords(shown.total.amount)} back on the disbursement
              balance.
            </Text>
          )}
          <OutcomeTable result={shown} />
        </>
      )}
    </UploadDialog>
  );
}
