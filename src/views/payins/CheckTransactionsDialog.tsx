import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../machines/uploadMachine';
import { formatRupiah } from '../../services/money';
import {
  SETTLEMENT_TYPE_LABELS,
  SETTLEMENT_TYPES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_MB,
  type ReconciledRow,
} from '../../services/reconciliationRules';
import {
  UploadDialog,
  UploadPicker,
  UploadResults,
  alarmIf,
  fileSize,
  uploadStepActions,
  type UploadColumn,
} from '../common/UploadDialog';
import { ChoiceField } from '../common/ChoiceField';

const useStyles = makeStyles({
  files: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const mark = (value: boolean | null) => (value == null ? '-' : value ? 'Yes' : 'No');
const rupiah = (value: number | null) => (value == null ? '-' : formatRupiah(value));

/** Each report row beside our transaction; a missing one, and a status or amount that differ, in red. */
const COLUMNS: readonly UploadColumn<ReconciledRow>[] = [
  { header: 'File', cell: (r) => r.file },
  { header: 'Row', cell: (r) => r.row },
  { header: 'Correlation ID', cell: (r) => r.correlation_id || '-' },
  { header: 'Found', cell: (r) => (r.found ? 'Found' : 'Missing'), bad: (r) => !r.found },
  { header: 'Our Status', cell: (r) => r.our_status ?? '-' },
  { header: 'File Status', cell: (r) => r.file_status ?? '-' },
  { header: 'Status Match', cell: (r) => mark(r.status_match), bad: (r) => r.status_match === false },
  { header: 'Our Amount', cell: (r) => rupiah(r.our_amount) },
  { header: 'File Amount', cell: (r) => rupiah(r.file_amount) },
  { header: 'Amount Match', cell: (r) => mark(r.amount_match), bad: (r) => r.amount_match === false },
];

/** The results table stops here: a larger report would stall the page; the count says how many more. */
const SHOWN_ROWS = 2_000;

/**
 * 'Check Transactions' (SUPER ADMIN), as the page machine's child runs it: upload provider reports, then the per-row
 * results table.
 */
export function CheckTransactionsDialog({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { files, errors, result, settlementType } = s.context;
  const uploading = s.matches('uploading');
  const close = () => actor.send({ type: 'CLOSE' });
  const actions = result
    ? ([
        { label: 'Check other files', onClick: () => actor.send({ type: 'BACK' }) },
        { label: 'Close', onClick: close },
      ] as const)
    : uploadStepActions(uploading, close, () => actor.send({ type: 'UPLOAD' }));

  return (
    <UploadDialog
      title={result ? 'Check Transactions: Results' : 'Check Transactions'}
      maxWidth={result ? 1100 : 600}
      busy={uploading}
      onDismiss={close}
      errors={errors}
      actions={actions}
    >
      {!result && (
        <>
          <ChoiceField
            label="Settlement type"
            required
            options={SETTLEMENT_TYPES}
            labelOf={(t) => SETTLEMENT_TYPE_LABELS[t]}
            placeholder="Choose a type"
            value={settlementType as (typeof SETTLEMENT_TYPES)[number] | ''}
            disabled={uploading}
            onChange={(value) => value && actor.send({ type: 'SET_TYPE', value })}
          />
          <UploadPicker
            label="Provider reports"
            hint={`CSV or Excel, up to ${UPLOAD_MAX_FILES} files of ${UPLOAD_MAX_MB} MB each`}
            inputLabel="Choose report files"
            buttonLabel="Choose files"
            multiple
            disabled={uploading}
            onFiles={(chosen) => actor.send({ type: 'ADD_FILES', files: chosen })}
          />
          <ul className={styles.files} aria-label="Chosen files">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className={styles.file}>
                <Text>{f.name}</Text>
                <Text size={200}>{fileSize(f)}</Text>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={`Remove ${f.name}`}
                  disabled={uploading}
                  onClick={() => actor.send({ type: 'REMOVE_FILE', index: i })}
                />
              </li>
            ))}
          </ul>
          {uploading && <Spinner label={`Checking ${files.length} file${files.length === 1 ? '' : 's'}…`} />}
        </>
      )}
      {result && (
        <>
          <UploadResults
            label="Check results"
            columns={COLUMNS}
            rows={result.rows.slice(0, SHOWN_ROWS)}
            rowKey={(r) => `${r.file}-${r.row}`}
            badges={[
              { text: `${result.summary.rows} rows` },
              { text: `${result.summary.found} found`, color: 'success' },
              { text: `${result.summary.missing} missing`, color: alarmIf(result.summary.missing) },
              {
                text: `${result.summary.status_mismatch} status differ`,
                color: alarmIf(result.summary.status_mismatch),
              },
              {
                text: `${result.summary.amount_mismatch} amounts differ`,
                color: alarmIf(result.summary.amount_mismatch),
              },
            ]}
          />
          {result.rows.length > SHOWN_ROWS && <Text>Showing the first 2,000 of {result.rows.length} rows.</Text>}
        </>
      )}
    </UploadDialog>
  );
}
