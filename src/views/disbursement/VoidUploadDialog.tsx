import { useRef } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import type { VoidUploadResult } from '../../services/disbursementActions';
import type { VoidOutcome } from '../../services/disbursementQuery';
import { ACCEPTED_TYPES, UPLOAD_MAX_MB } from '../../services/reconciliationRules';
import { ScrollRegion } from '../common/ScrollRegion';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  summary: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tableWrap: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  cell: { padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap', textAlign: 'left' },
  bad: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const OUTCOME_LABELS: Record<VoidOutcome['outcome'], string> = { voided: 'Voided', not_found: 'Not found', not_finalized: 'Not FINALIZED', already_voided: 'Already voided' };

export type VoidUploadStep = 'choosingFile' | 'sending' | 'showingResults';

/** 'Upload Void Transaction': one CSV/XLSX of correlation_ids, then every row's outcome. */
export function VoidUploadDialog({ step, file, errors, result, onChoose, onUpload, onAnother, onClose }: {
  step: VoidUploadStep; file: File | null; errors: string[]; result: VoidUploadResult | null;
  onChoose: (file: File | null) => void; onUpload: () => void; onAnother: () => void; onClose: () => void;
}) {
  const styles = useStyles();
  const picker = useRef<HTMLInputElement>(null);
  const sending = step === 'sending';
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open && !sending) onClose(); }}>
      <DialogSurface style={{ maxWidth: result ? 900 : 560 }}>
        <DialogBody>
          <DialogTitle>{result ? 'Upload Void Transaction: Results' : 'Upload Void Transaction'}</DialogTitle>
          <DialogContent className={styles.content}>
            {errors.length > 0 && (
              <MessageBar intent="error" layout="multiline" role="alert">
                <MessageBarBody><MessageBarTitle>Error!</MessageBarTitle><ul className={styles.errors}>{errors.map((e) => <li key={e}>{e}</li>)}</ul></MessageBarBody>
              </MessageBar>
            )}
            {!result && (
              <>
                <Text>Each FINALIZED disbursement named in the file is voided and its money goes back to the client&apos;s disbursement balance.</Text>
                <Field label="Void file" hint={`One CSV or Excel file with a correlation_id column, up to ${UPLOAD_MAX_MB} MB`}>
                  <div>
                    <input ref={picker} type="file" accept={ACCEPTED_TYPES} hidden aria-label="Choose void file"
                      onChange={(e) => { onChoose(e.target.files?.[0] ?? null); e.target.value = ''; }} />
                    <Button icon={<DocumentTableRegular />} disabled={sending} onClick={() => picker.current?.click()}>Choose file</Button>
                  </div>
                </Field>
                {file && <Text aria-label="Chosen file">{file.name} ({(file.size / 1024).toFixed(1)} KB)</Text>}
                {sending && <Spinner label="Voiding…" />}
              </>
            )}
            {result && (
              <>
                <div className={styles.summary} aria-label="Summary">
                  <Badge appearance="tint">{result.summary.rows} rows</Badge>
                  <Badge appearance="tint" color="success">{result.summary.voided} voided</Badge>
                  <Badge appearance="tint" color={result.summary.not_found ? 'danger' : 'informative'}>{result.summary.not_found} not found</Badge>
                  <Badge appearance="tint" color={result.summary.not_finalized ? 'danger' : 'informative'}>{result.summary.not_finalized} not FINALIZED</Badge>
                </div>
                <ScrollRegion label="Void results, scrollable" className={styles.tableWrap}>
                  <table className={styles.table} aria-label="Void results">
                    <thead><tr>{['Row', 'Correlation ID', 'Outcome', 'Message'].map((h) => <th key={h} scope="col" className={styles.cell}>{h}</th>)}</tr></thead>
                    <tbody>
                      {result.results.map((r) => (
                        <tr key={`${r.row}-${r.correlation_id}`}>
                          <td className={styles.cell}>{r.row}</td>
                          <td className={styles.cell}>{r.correlation_id || '-'}</td>
                          <td className={r.outcome === 'voided' ? styles.cell : `${styles.cell} ${styles.bad}`}>{OUTCOME_LABELS[r.outcome]}</td>
                          <td className={styles.cell}>{r.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {result ? (
              <>
                <Button onClick={onAnother}>Upload another file</Button>
                <Button appearance="primary" onClick={onClose}>Close</Button>
              </>
            ) : (
              <>
                <Button onClick={onClose} disabled={sending}>Cancel</Button>
                <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={sending} onClick={onUpload}>Upload</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
