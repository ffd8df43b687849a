import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { HeldAhead } from '../common/HeldAhead';
import { MachineDialog } from '../common/MachineDialog';
import { formatRupiah, rupiahWithWords } from '../../services/money';
import type { BulkPreviewAnswer } from '../../services/payinActions';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

export type ProcessStep = 'previewing' | 'confirming' | 'running' | 'nothingToProcess' | 'failed';

const payIns = (n: number) => `${n.toLocaleString('en-US')} pay-in${n === 1 ? '' : 's'}`;

/**
 * Process Transactions in two steps (issue 25): the dry run's count and total, in figures and in
 * words, to confirm; nothing to confirm when nothing matches; and the server's refusal, with a new
 * preview offered when the selection changed since this one.
 */
export function ProcessTransactionsDialog({
  step,
  preview,
  error,
  canPreviewAgain,
  onConfirm,
  onCancel,
  onPreviewAgain,
  onClose,
}: {
  step: ProcessStep;
  preview: BulkPreviewAnswer | null;
  error: string | null;
  canPreviewAgain: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onPreviewAgain: () => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const asking = step === 'confirming' || step === 'running';
  const title = step === 'failed' ? 'Failed' : asking ? 'Are you sure?' : 'Process Transactions';
  // Escape does what the dialog's own button does; while the server counts or works there is none to press.
  const busy = step === 'previewing' || step === 'running';
  return (
    <MachineDialog modalType="alert" busy={busy} onDismiss={asking ? onCancel : onClose}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {step === 'previewing' && <Spinner size="small" label="Counting the pay-ins this search would add…" />}
            {asking && preview && (
              <>
                <Text weight="semibold">
                  Add {payIns(preview.count)} of {rupiahWithWords(preview.amount)} to the withdrawable balance?
                </Text>
                <Text>
                  Fees {formatRupiah(preview.fee)}: {formatRupiah(preview.amount - preview.fee)} moves from the
                  non-withdrawable to the withdrawable balance. This cannot be undone.
                </Text>
                <HeldAhead held={preview.needs_approval} />
              </>
            )}
            {step === 'running' && <Spinner size="small" label="Working…" />}
            {step === 'nothingToProcess' && (
              <Text>
                No pay-ins match this filter: every FINALIZED pay-in of this search is already in the withdrawable
                balance.
              </Text>
            )}
            {step === 'failed' && (
              <MessageBar intent="error" layout="multiline" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          {step !== 'previewing' && (
            <DialogActions>
              {asking && (
                <>
                  <Button disabled={step === 'running'} onClick={onCancel}>
                    Cancel
                  </Button>
                  <Button appearance="primary" disabled={step === 'running'} onClick={onConfirm}>
                    Confirm
                  </Button>
                </>
              )}
              {step === 'failed' && canPreviewAgain && (
                <Button appearance="primary" onClick={onPreviewAgain}>
                  Preview again
                </Button>
              )}
              {(step === 'failed' || step === 'nothingToProcess') && <Button onClick={onClose}>Close</Button>}
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
