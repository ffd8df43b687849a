import { useRef } from 'react';
import {
  Badge, Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, MessageBar, MessageBarBody,
  MessageBarTitle, Option, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { ArrowUploadRegular, DismissRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../machines/uploadMachine';
import { formatRupiah } from '../../services/money';
import { ACCEPTED_TYPES, SETTLEMENT_TYPE_LABELS, SETTLEMENT_TYPES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '../../services/reconciliationRules';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  files: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  summary: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tableWrap: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  cell: { padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap', textAlign: 'left' },
  bad: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const mark = (value: boolean | null) => (value == null ? '-' : value ? 'Yes' : 'No');

/** 'Check Transactions' (SUPER ADMIN), as the page machine's child runs it: upload provider reports, then the per-row results table. */
export function CheckTransactionsDialog({ actor }: { actor: ActorRefFrom<typeof uploadMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const picker = useRef<HTMLInputElement>(null);
  const { files, errors, result, settlementType } = s.context;
  const uploading = s.matches('uploading');

  return (
    <MachineDialog busy={uploading} onDismiss={() => actor.send({ type: 'CLOSE' })}>
      <DialogSurface style={{ maxWidth: result ? 1100 : 600 }}>
        <DialogBody>
          <DialogTitle>{result ? 'Check Transactions: Results' : 'Check Transactions'}</DialogTitle>
          <DialogContent className={styles.content}>
            {errors.length > 0 && (
              <MessageBar intent="error" layout="multiline" role="alert">
                <MessageBarBody><MessageBarTitle>Error!</MessageBarTitle><ul className={styles.errors}>{errors.map((e) => <li key={e}>{e}</li>)}</ul></MessageBarBody>
              </MessageBar>
            )}
            {!result && (
              <>
                <Field label="Settlement type" required>
                  <Dropdown placeholder="Choose a type" value={settlementType ? SETTLEMENT_TYPE_LABELS[settlementType as keyof typeof SETTLEMENT_TYPE_LABELS] : ''}
                    selectedOptions={settlementType ? [settlementType] : []} disabled={uploading}
                    onOptionSelect={(_, d) => d.optionValue && actor.send({ type: 'SET_TYPE', value: d.optionValue })}>
                    {SETTLEMENT_TYPES.map((t) => <Option key={t} value={t}>{SETTLEMENT_TYPE_LABELS[t]}</Option>)}
                  </Dropdown>
                </Field>
                <Field label="Provider reports" hint={`CSV or Excel, up to ${UPLOAD_MAX_FILES} files of ${UPLOAD_MAX_MB} MB each`}>
                  <div>
                    <input ref={picker} type="file" multiple accept={ACCEPTED_TYPES} hidden aria-label="Choose report files"
                      onChange={(e) => { actor.send({ type: 'ADD_FILES', files: Array.from(e.target.files ?? []) }); e.target.value = ''; }} />
                    <Button icon={<DocumentTableRegular />} disabled={uploading} onClick={() => picker.current?.click()}>Choose files</Button>
                  </div>
                </Field>
                <ul className={styles.files} aria-label="Chosen files">
                  {files.map((f, i) => (
                    <li key={`${f.name}-${i}`} className={styles.file}>
                      <Text>{f.name}</Text><Text size={200}>({(f.size / 1024).toFixed(1)} KB)</Text>
                      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${f.name}`} disabled={uploading}
                        onClick={() => actor.send({ type: 'REMOVE_FILE', index: i })} />
                    </li>
                  ))}
                </ul>
                {uploading && <Spinner label={`Checking ${files.length} file${files.length === 1 ? '' : 's'}…`} />}
              </>
            )}
            {result && (
              <>
                <div className={styles.summary} aria-label="Summary">
                  <Badge appearance="tint">{result.summary.rows} rows</Badge>
                  <Badge appearance="tint" color="success">{result.summary.found} found</Badge>
                  <Badge appearance="tint" color={result.summary.missing ? 'danger' : 'informative'}>{result.summary.missing} missing</Badge>
                  <Badge appearance="tint" color={result.summary.status_mismatch ? 'danger' : 'informative'}>{result.summary.status_mismatch} status differ</Badge>
                  <Badge appearance="tint" color={result.summary.amount_mismatch ? 'danger' : 'informative'}>{result.summary.amount_mismatch} amounts differ</Badge>
                </div>
                <div className={styles.tableWrap}>
                  <table className={styles.table} aria-label="Check results">
                    <thead><tr>{['File', 'Row', 'Correlation ID', 'Found', 'Our Status', 'File Status', 'Status Match', 'Our Amount', 'File Amount', 'Amount Match'].map((h) => <th key={h} className={styles.cell}>{h}</th>)}</tr></thead>
                    <tbody>
                      {result.rows.slice(0, 2_000).map((r) => (
                        <tr key={`${r.file}-${r.row}`}>
                          <td className={styles.cell}>{r.file}</td>
                          <td className={styles.cell}>{r.row}</td>
                          <td className={styles.cell}>{r.correlation_id || '-'}</td>
                          <td className={r.found ? styles.cell : `${styles.cell} ${styles.bad}`}>{r.found ? 'Found' : 'Missing'}</td>
                          <td className={styles.cell}>{r.our_status ?? '-'}</td>
                          <td className={styles.cell}>{r.file_status ?? '-'}</td>
                          <td className={r.status_match === false ? `${styles.cell} ${styles.bad}` : styles.cell}>{mark(r.status_match)}</td>
                          <td className={styles.cell}>{r.our_amount == null ? '-' : formatRupiah(r.our_amount)}</td>
                          <td className={styles.cell}>{r.file_amount == null ? '-' : formatRupiah(r.file_amount)}</td>
                          <td className={r.amount_match === false ? `${styles.cell} ${styles.bad}` : styles.cell}>{mark(r.amount_match)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {result.rows.length > 2_000 && <Text>Showing the first 2,000 of {result.rows.length} rows.</Text>}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {result ? (
              <>
                <Button onClick={() => actor.send({ type: 'BACK' })}>Check other files</Button>
                <Button appearance="primary" onClick={() => actor.send({ type: 'CLOSE' })}>Close</Button>
              </>
            ) : (
              <>
                <Button onClick={() => actor.send({ type: 'CLOSE' })} disabled={uploading}>Cancel</Button>
                <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={uploading} onClick={() => actor.send({ type: 'UPLOAD' })}>Upload</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
