import { useRef } from 'react';
import {
  Badge, Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { APPROVAL_AHEAD } from '../../services/approvalRules';
import type { VoidUploadResult } from '../../services/disbursementActions';
import type { VoidOutcome } from '../../services/disbursementQuery';
import { rupiahWithWords } from '../../services/money';
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

const OUTCOME_LABELS: Record<VoidOutcome['outcome'], string> = {
  voided: 'Voided', would_void: 'Will be voided', not_found: 'Not found', not_finalized: 'Not FINALIZED', already_voided: 'Already voided',
};

export type VoidUploadStep = 'choosingFile' | 'previewing' | 'confirming' | 'nothingToVoid' | 'sending' | 'showingResults';

const disbursements = (n: number) => `${n.toLocaleString('en-US')} disbursement${n === 1 ? '' : 's'}`;

/** Every row's outcome, as the preview or the apply answered it. */
function OutcomeTable({ result }: { result: VoidUploadResult }) {
  const styles = useStyles();
  const s = result.summary;
  const label = result.dry_run ? 'Void preview' : 'Void results';
  return (
    <>
      <div className={styles.summary} aria-label="Summary">
        <Badge appearance="tint">{s.rows} rows</Badge>
        {result.dry_run
          ? <Badge appearance="tint" color="warning">{s.would_void} will be voided</Badge>
          : <Badge appearance="tint" color="success">{s.voided} voided</Badge>}
        <Badge appearance="tint" color={s.not_found ? 'danger' : 'informative'}>{s.not_found} not found</Badge>
        <Badge appearance="tint" color={s.not_finalized ? 'danger' : 'informative'}>{s.not_finalized} not FINALIZED</Badge>
        <Badge appearance="tint" color="informative">{s.already_voided} already voided</Badge>
      </div>
      <ScrollRegion label={`${label}, scrollable`} className={styles.tableWrap}>
        <table className={styles.table} aria-label={label}>
          <thead><tr>{['Row', 'Correlation ID', 'Outcome', 'Message'].map((h) => <th key={h} scope="col" className={styles.cell}>{h}</th>)}</tr></thead>
          <tbody>
            {result.results.map((r) => (
              <tr key={`${r.row}-${r.correlation_id}`}>
                <td className={styles.cell}>{r.row}</td>
                <td className={styles.cell}>{r.correlation_id || '-'}</td>
                <td className={r.outcome === 'voided' || r.outcome === 'would_void' ? styles.cell : `${styles.cell} ${styles.bad}`}>{OUTCOME_LABELS[r.outcome]}</td>
                <td className={styles.cell}>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/**
 * 'Upload Void Transaction' in two steps (issue 25): one CSV/XLSX of correlation_ids goes up as a
 * dry run, the preview lists every row and asks 'Void N disbursements returning Rp. X?', and only
 * Confirm sends it again to void; then every row's outcome.
 */
export function VoidUploadDialog({ step, file, errors, preview, result, onChoose, onUpload, onConfirm, onCancel, onAnother, onClose }: {
  step: VoidUploadStep; file: File | null; errors: string[]; preview: VoidUploadResult | null; result: VoidUploadResult | null;
  onChoose: (file: File | null) => void; onUpload: () => void; onConfirm: () => void; onCancel: () => void; onAnother: () => void; onClose: () => void;
}) {
  const styles = useStyles();
  const picker = useRef<HTMLInputElement>(null);
  const busy = step === 'previewing' || step === 'sending';
  const choosing = step === 'choosingFile' || step === 'previewing';
  const previewed = (step === 'confirming' || step === 'nothingToVoid' || step === 'sending') && preview;
  const shown = step === 'showingResults' ? result : null;
  const title = shown ? 'Upload Void Transaction: Results' : previewed ? 'Upload Void Transaction: Preview' : 'Upload Void Transaction';
  const dismiss = step === 'confirming' ? onCancel : onClose;
  return (
    <MachineDialog busy={busy} onDismiss={dismiss}>
      <DialogSurface style={{ maxWidth: choosing ? 560 : 900 }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {errors.length > 0 && (
              <MessageBar intent="error" layout="multiline" role="alert">
                <MessageBarBody><MessageBarTitle>Error!</MessageBarTitle><ul className={styles.errors}>{errors.map((e) => <li key={e}>{e}</li>)}</ul></MessageBarBody>
              </MessageBar>
            )}
            {choosing && (
              <>
                <Text>
                  The file is checked first: you see what each row would do and the amount that would come back before anything is voided.
                  Each FINALIZED disbursement named in it is then voided and its money goes back to the client&apos;s disbursement balance.
                </Text>
                <Field label="Void file" hint={`One CSV or Excel file with a correlation_id column, up to ${UPLOAD_MAX_MB} MB`}>
                  <div>
                    <input ref={picker} type="file" accept={ACCEPTED_TYPES} hidden aria-label="Choose void file"
                      onChange={(e) => { onChoose(e.target.files?.[0] ?? null); e.target.value = ''; }} />
                    <Button icon={<DocumentTableRegular />} disabled={busy} onClick={() => picker.current?.click()}>Choose file</Button>
                  </div>
                </Field>
                {file && <Text aria-label="Chosen file">{file.name} ({(file.size / 1024).toFixed(1)} KB)</Text>}
                {step === 'previewing' && <Spinner label="Checking the file…" />}
              </>
            )}
            {previewed && (
              <>
                {preview.total.count > 0
                  ? <Text weight="semibold">Void {disbursements(preview.total.count)} returning {rupiahWithWords(preview.total.amount)}?</Text>
                  : <Text weight="semibold">Nothing in this file would be voided: no row names a FINALIZED disbursement.</Text>}
                {preview.total.count > 0 && preview.needs_approval && <MessageBar intent="warning" layout="multiline"><MessageBarBody>{APPROVAL_AHEAD}</MessageBarBody></MessageBar>}
                <OutcomeTable result={preview} />
                {step === 'sending' && <Spinner label="Voiding…" />}
              </>
            )}
            {shown && (
              <>
                {shown.total.count > 0 && <Text weight="semibold">Voided {disbursements(shown.total.count)}: {rupiahWithWords(shown.total.amount)} back on the disbursement balance.</Text>}
                <OutcomeTable result={shown} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            {choosing && (
              <>
                <Button onClick={onClose} disabled={busy}>Cancel</Button>
                <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={busy} onClick={onUpload}>Upload</Button>
              </>
            )}
            {(step === 'confirming' || step === 'sending') && (
              <>
                <Button onClick={onCancel} disabled={busy}>Cancel</Button>
                <Button appearance="primary" disabled={busy} onClick={onConfirm}>Confirm</Button>
              </>
            )}
            {(step === 'nothingToVoid' || step === 'showingResults') && (
              <>
                <Button onClick={onAnother}>Upload another file</Button>
                <Button appearance="primary" onClick={onClose}>Close</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
