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
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

export type ProcessStep = 'previewing' | 'confirming' | 'running' | 'nothingToProcess' | 'failed';

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
  const t = useT();
  const asking = step === 'confirming' || step === 'running';
  const title =
    step === 'failed'
      ? t({ defaultMessage: 'Failed', id: 'vXCeIi' })
      : asking
        ? t({ defaultMessage: 'Are you sure?', id: '2oCaym' })
        : t({ defaultMessage: 'Process Transactions', id: 'd6d3mW' });
  // Escape does what the dialog's own button does; while the server counts or works there is none to press.
  const busy = step === 'previewing' || step === 'running';
  return (
    <MachineDialog modalType="alert" busy={busy} onDismiss={asking ? onCancel : onClose}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {step === 'previewing' && (
              <Spinner
                size="small"
                label={t({ defaultMessage: 'Counting the pay-ins this search would add…', id: 'IaJzD0' })}
              />
            )}
            {asking && preview && (
              <>
                <Text weight="semibold">
                  {t(
                    {
                      defaultMessage:
                        'Add {count, plural, one {# pay-in} other {# pay-ins}} of {amount} to the withdrawable balance?',
                      id: 'DpXWN7',
                    },
                    { count: preview.count, amount: rupiahWithWords(preview.amount) },
                  )}
                </Text>
                <Text>
                  {t(
                    {
                      defaultMessage:
                        'Fees {fee}: {net} moves from the non-withdrawable to the withdrawable balance. ' +
                        'This cannot be undone.',
                      id: 'e+gXmw',
                    },
                    { fee: formatRupiah(preview.fee), net: formatRupiah(preview.amount - preview.fee) },
                  )}
                </Text>
                <HeldAhead held={preview.needs_approval} />
              </>
            )}
            {step === 'running' && <Spinner size="small" label={t({ defaultMessage: 'Working…', id: 'hsvAwB' })} />}
            {step === 'nothingToProcess' && (
              <Text>
                {t({
                  defaultMessage:
                    'No pay-ins match this filter: every FINALIZED pay-in of this search is already in the ' +
                    'withdrawable balance.',
                  id: 'm4fzSQ',
                })}
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
                    {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
                  </Button>
                  <Button appearance="primary" disabled={step === 'running'} onClick={onConfirm}>
                    {t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
                  </Button>
                </>
              )}
              {step === 'failed' && canPreviewAgain && (
                <Button appearance="primary" onClick={onPreviewAgain}>
                  {t({ defaultMessage: 'Preview again', id: 'VXy/ZX' })}
                </Button>
              )}
              {(step === 'failed' || step === 'nothingToProcess') && (
                <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
              )}
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
