import { useMemo } from 'react';
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
import { useSaid, useT } from '../../i18n/useT';

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

type T = ReturnType<typeof useT>;

const rupiah = (value: number | null) => (value == null ? '-' : formatRupiah(value));

/** Each report row beside our transaction; a missing one, and a status or amount that differ, in red. */
function columnsOf(t: T): readonly UploadColumn<ReconciledRow>[] {
  const mark = (value: boolean | null) =>
    value == null
      ? '-'
      : value
        ? t({ defaultMessage: 'Yes', id: 'a5msuh' })
        : t({ defaultMessage: 'No', id: 'oUWADl' });
  return [
    { header: t({ defaultMessage: 'File', id: 'gyrIEl' }), cell: (r) => r.file },
    { header: t({ defaultMessage: 'Row', id: '0VkWFp' }), cell: (r) => r.row },
    { header: t({ defaultMessage: 'Correlation ID', id: 'p849eW' }), cell: (r) => r.correlation_id || '-' },
    {
      header: t({ defaultMessage: 'Found', id: 'I0Xzdz' }),
      cell: (r) =>
        r.found ? t({ defaultMessage: 'Found', id: 'I0Xzdz' }) : t({ defaultMessage: 'Missing', id: 'DkkVJF' }),
      bad: (r) => !r.found,
    },
    { header: t({ defaultMessage: 'Our Status', id: 'n6ef5U' }), cell: (r) => r.our_status ?? '-' },
    { header: t({ defaultMessage: 'File Status', id: 'H8NnGt' }), cell: (r) => r.file_status ?? '-' },
    {
      header: t({ defaultMessage: 'Status Match', id: 'CiPIEb' }),
      cell: (r) => mark(r.status_match),
      bad: (r) => r.status_match === false,
    },
    { header: t({ defaultMessage: 'Our Amount', id: '2VPz4a' }), cell: (r) => rupiah(r.our_amount) },
    { header: t({ defaultMessage: 'File Amount', id: 'M5cua2' }), cell: (r) => rupiah(r.file_amount) },
    {
      header: t({ defaultMessage: 'Amount Match', id: 'KYn7hj' }),
      cell: (r) => mark(r.amount_match),
      bad: (r) => r.amount_match === false,
    },
  ];
}

/** The results table stops here: a larger report would stall the page; the count says how many more. */
const SHOWN_ROWS = 2_000;

/**
 * 'Check Transactions' (SUPER ADMIN), as the page machine's child runs it: upload provider reports, then the per-row
 * results table.
 */
export function CheckTransactionsDialog({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const columns = useMemo(() => columnsOf(t), [t]);
  const s = useSelector(actor, (snapshot) => snapshot);
  const { files, errors, result, settlementType } = s.context;
  const uploading = s.matches('uploading');
  const close = () => actor.send({ type: 'CLOSE' });
  const actions = result
    ? ([
        {
          label: t({ defaultMessage: 'Check other files', id: 'WsTbgp' }),
          onClick: () => actor.send({ type: 'BACK' }),
        },
        { label: t({ defaultMessage: 'Close', id: 'rbrahO' }), onClick: close },
      ] as const)
    : uploadStepActions(uploading, close, () => actor.send({ type: 'UPLOAD' }));

  return (
    <UploadDialog
      title={
        result
          ? t({ defaultMessage: 'Check Transactions: Results', id: '9ANq7S' })
          : t({ defaultMessage: 'Check Transactions', id: 'T7fFun' })
      }
      maxWidth={result ? 1100 : 600}
      busy={uploading}
      onDismiss={close}
      errors={errors}
      actions={actions}
    >
      {!result && (
        <>
          <ChoiceField
            label={t({ defaultMessage: 'Settlement type', id: 'IqSlmL' })}
            required
            options={SETTLEMENT_TYPES}
            labelOf={(type) => said(SETTLEMENT_TYPE_LABELS[type])}
            placeholder={t({ defaultMessage: 'Choose a type', id: '04OZ+R' })}
            value={settlementType as (typeof SETTLEMENT_TYPES)[number] | ''}
            disabled={uploading}
            onChange={(value) => value && actor.send({ type: 'SET_TYPE', value })}
          />
          <UploadPicker
            label={t({ defaultMessage: 'Provider reports', id: 'OxLvOx' })}
            hint={t(
              { defaultMessage: 'CSV or Excel, up to {files} files of {mb} MB each', id: 'e+dyGR' },
              { files: UPLOAD_MAX_FILES, mb: UPLOAD_MAX_MB },
            )}
            inputLabel={t({ defaultMessage: 'Choose report files', id: 'TnUfz0' })}
            buttonLabel={t({ defaultMessage: 'Choose files', id: 'I9Vq88' })}
            multiple
            disabled={uploading}
            onFiles={(chosen) => actor.send({ type: 'ADD_FILES', files: chosen })}
          />
          <ul className={styles.files} aria-label={t({ defaultMessage: 'Chosen files', id: 'Mi6Gwi' })}>
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`} className={styles.file}>
                <Text>{f.name}</Text>
                <Text size={200}>{fileSize(f)}</Text>
                <Button
                  size="small"
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t({ defaultMessage: 'Remove {name}', id: 'T0e6Lh' }, { name: f.name })}
                  disabled={uploading}
                  onClick={() => actor.send({ type: 'REMOVE_FILE', index: i })}
                />
              </li>
            ))}
          </ul>
          {uploading && (
            <Spinner
              label={t(
                { defaultMessage: '{count, plural, one {Checking # file…} other {Checking # files…}}', id: 'C01Xmo' },
                { count: files.length },
              )}
            />
          )}
        </>
      )}
      {result && (
        <>
          <UploadResults
            label={t({ defaultMessage: 'Check results', id: 'PZABMe' })}
            columns={columns}
            rows={result.rows.slice(0, SHOWN_ROWS)}
            rowKey={(r) => `${r.file}-${r.row}`}
            badges={[
              {
                text: t(
                  { defaultMessage: '{count, plural, one {# row} other {# rows}}', id: 'fad/lV' },
                  { count: result.summary.rows },
                ),
              },
              {
                text: t({ defaultMessage: '{count} found', id: 'B4rM8F' }, { count: result.summary.found }),
                color: 'success',
              },
              {
                text: t({ defaultMessage: '{count} missing', id: 'IV1vMB' }, { count: result.summary.missing }),
                color: alarmIf(result.summary.missing),
              },
              {
                text: t(
                  { defaultMessage: '{count} status differ', id: 'oT7q4s' },
                  { count: result.summary.status_mismatch },
                ),
                color: alarmIf(result.summary.status_mismatch),
              },
              {
                text: t(
                  { defaultMessage: '{count} amounts differ', id: '62Q8+6' },
                  { count: result.summary.amount_mismatch },
                ),
                color: alarmIf(result.summary.amount_mismatch),
              },
            ]}
          />
          {result.rows.length > SHOWN_ROWS && (
            <Text>
              {t(
                { defaultMessage: 'Showing the first {shown, number} of {count} rows.', id: 'lp32bi' },
                { shown: SHOWN_ROWS, count: result.rows.length },
              )}
            </Text>
          )}
        </>
      )}
    </UploadDialog>
  );
}
