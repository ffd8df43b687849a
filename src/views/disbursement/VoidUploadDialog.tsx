import { useMemo } from 'react';
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
import { msg } from '../../i18n/msg';
import type { Translate } from '../../i18n/translate';
import { useSaid, useT } from '../../i18n/useT';

const OUTCOME_LABELS: Record<VoidOutcome['outcome'], string> = {
  voided: msg({ defaultMessage: 'Voided', id: 'DqBuv6' }),
  would_void: msg({ defaultMessage: 'Will be voided', id: 'XqRUVy' }),
  not_found: msg({ defaultMessage: 'Not found', id: 'TThIOM' }),
  not_finalized: msg({ defaultMessage: 'Not FINALIZED', id: '0oUnpq' }),
  already_voided: msg({ defaultMessage: 'Already voided', id: 'DmBU/d' }),
  duplicate: msg({ defaultMessage: 'Named twice', id: 'TO+7CD' }),
};

/** Each row's outcome; one that is not (or would not be) voided, in red. The server's message is said too. */
function columnsOf(t: ReturnType<typeof useT>, said: Translate): readonly UploadColumn<VoidOutcome>[] {
  return [
    { header: t({ defaultMessage: 'Row', id: '0VkWFp' }), cell: (r) => r.row },
    { header: t({ defaultMessage: 'Correlation ID', id: 'p849eW' }), cell: (r) => r.correlation_id || '-' },
    {
      header: t({ defaultMessage: 'Outcome', id: 'iaHymw' }),
      cell: (r) => said(OUTCOME_LABELS[r.outcome]),
      bad: (r) => r.outcome !== 'voided' && r.outcome !== 'would_void',
    },
    { header: t({ defaultMessage: 'Message', id: 'T7Ry38' }), cell: (r) => said(r.message) },
  ];
}

export type VoidUploadStep =
  'choosingFile' | 'previewing' | 'confirming' | 'nothingToVoid' | 'sending' | 'showingResults';

/** Every row's outcome, as the preview or the apply answered it. */
function OutcomeTable({ result }: { result: VoidUploadResult }) {
  const t = useT();
  const said = useSaid();
  const columns = useMemo(() => columnsOf(t, said), [t, said]);
  const s = result.summary;
  const label = result.dry_run
    ? t({ defaultMessage: 'Void preview', id: 'JGjO6p' })
    : t({ defaultMessage: 'Void results', id: 'prtOah' });
  return (
    <UploadResults
      label={label}
      region={t({ defaultMessage: '{label}, scrollable', id: 'FdVGPa' }, { label })}
      columns={columns}
      rows={result.results}
      rowKey={(r) => `${r.row}-${r.correlation_id}`}
      badges={[
        { text: t({ defaultMessage: '{count, plural, one {# row} other {# rows}}', id: 'fad/lV' }, { count: s.rows }) },
        result.dry_run
          ? {
              text: t({ defaultMessage: '{count} will be voided', id: 'XrojYI' }, { count: s.would_void }),
              color: 'warning',
            }
          : { text: t({ defaultMessage: '{count} voided', id: 'Mt7Ia/' }, { count: s.voided }), color: 'success' },
        {
          text: t({ defaultMessage: '{count} not found', id: 'lZMGqO' }, { count: s.not_found }),
          color: alarmIf(s.not_found),
        },
        {
          text: t({ defaultMessage: '{count} not FINALIZED', id: '8+IlSK' }, { count: s.not_finalized }),
          color: alarmIf(s.not_finalized),
        },
        {
          text: t({ defaultMessage: '{count} already voided', id: 'iYBG1j' }, { count: s.already_voided }),
          color: 'informative',
        },
        // Only a file that repeats an id says so: the others keep the badges they always had.
        ...(s.duplicate
          ? [
              {
                text: t({ defaultMessage: '{count} named twice', id: 'MISCKr' }, { count: s.duplicate }),
                color: 'informative' as const,
              },
            ]
          : []),
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
  const t = useT();
  const busy = step === 'previewing' || step === 'sending';
  const choosing = step === 'choosingFile' || step === 'previewing';
  const previewed = (step === 'confirming' || step === 'nothingToVoid' || step === 'sending') && preview;
  const shown = step === 'showingResults' ? result : null;
  const title = shown
    ? t({ defaultMessage: 'Upload Void Transaction: Results', id: '2KL3i2' })
    : previewed
      ? t({ defaultMessage: 'Upload Void Transaction: Preview', id: '4V1VDd' })
      : t({ defaultMessage: 'Upload Void Transaction', id: 'eAIsGr' });
  const dismiss = step === 'confirming' ? onCancel : onClose;
  // Choosing: Cancel, Upload; asked to confirm: Cancel, Confirm; done (or nothing to void): Upload another file, Close.
  const actions: readonly [UploadAction, UploadAction] = choosing
    ? uploadStepActions(busy, onClose, onUpload)
    : step === 'confirming' || step === 'sending'
      ? [
          { label: t({ defaultMessage: 'Cancel', id: '47FYwb' }), onClick: onCancel, disabled: busy },
          { label: t({ defaultMessage: 'Confirm', id: 'N2IrpM' }), onClick: onConfirm, disabled: busy },
        ]
      : [
          { label: t({ defaultMessage: 'Upload another file', id: 'x2Rw4W' }), onClick: onAnother },
          { label: t({ defaultMessage: 'Close', id: 'rbrahO' }), onClick: onClose },
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
            {t({
              defaultMessage:
                'The file is checked first: you see what each row would do and the amount that would come back ' +
                'before anything is voided. Each FINALIZED disbursement named in it is then voided and its money ' +
                "goes back to the client's disbursement balance.",
              id: 'dLcJZP',
            })}
          </Text>
          <UploadPicker
            label={t({ defaultMessage: 'Void file', id: 'GsChWv' })}
            hint={t(
              { defaultMessage: 'One CSV or Excel file with a correlation_id column, up to {mb} MB', id: 'j1axey' },
              { mb: UPLOAD_MAX_MB },
            )}
            inputLabel={t({ defaultMessage: 'Choose void file', id: '2e7BLM' })}
            buttonLabel={t({ defaultMessage: 'Choose file', id: 'kdTF/d' })}
            disabled={busy}
            onFiles={(files) => onChoose(files[0] ?? null)}
          />
          {file && (
            <Text aria-label={t({ defaultMessage: 'Chosen file', id: '0P9FAS' })}>
              {file.name} {fileSize(file)}
            </Text>
          )}
          {step === 'previewing' && <Spinner label={t({ defaultMessage: 'Checking the file…', id: 'UihCGc' })} />}
        </>
      )}
      {previewed && (
        <>
          {preview.total.count > 0 ? (
            <Text weight="semibold">
              {t(
                {
                  defaultMessage:
                    'Void {count, plural, one {# disbursement} other {# disbursements}} returning {amount}?',
                  id: 'wXp+j8',
                },
                { count: preview.total.count, amount: rupiahWithWords(preview.total.amount) },
              )}
            </Text>
          ) : (
            <Text weight="semibold">
              {t({
                defaultMessage: 'Nothing in this file would be voided: no row names a FINALIZED disbursement.',
                id: '2H2We7',
              })}
            </Text>
          )}
          <HeldAhead held={preview.total.count > 0 && preview.needs_approval} />
          <OutcomeTable result={preview} />
          {step === 'sending' && <Spinner label={t({ defaultMessage: 'Voiding…', id: 'Xx1cF2' })} />}
        </>
      )}
      {shown && (
        <>
          {shown.total.count > 0 && (
            <Text weight="semibold">
              {t(
                {
                  defaultMessage:
                    'Voided {count, plural, one {# disbursement} other {# disbursements}}: {amount} back on the ' +
                    'disbursement balance.',
                  id: 'VyV2hy',
                },
                { count: shown.total.count, amount: rupiahWithWords(shown.total.amount) },
              )}
            </Text>
          )}
          <OutcomeTable result={shown} />
        </>
      )}
    </UploadDialog>
  );
}
