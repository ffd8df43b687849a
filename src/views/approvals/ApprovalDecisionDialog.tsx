import type { ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { APPROVAL_ACTION_LABELS, type ApprovalDecision, type ApprovalRow } from '../../services/approvalRules';
import { formatRupiah } from '../../services/money';
import { figuresAndWords } from './amountText';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: `${tokens.spacingVerticalM} 0`,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  detail: { margin: 0 },
});

/** How each decision is asked: 'Approve this request?'. */
export const DECISION_VERBS: Record<ApprovalDecision, string> = {
  APPROVE: 'Approve',
  DECLINE: 'Decline',
  CANCEL: 'Cancel',
};

/** The balance before and after, where the movement acts on one: 'Rp. 10,000,000 → Rp. 160,000,000'. */
export const beforeAfterText = (row: Pick<ApprovalRow, 'before' | 'after'>) =>
  row.before != null && row.after != null ? `${formatRupiah(row.before)} → ${formatRupiah(row.after)}` : '-';

/** What the request is, as a person checks it before deciding: action, client, maker, amount in figures and words, before → after, summary. */
export function ApprovalFacts({ row }: { row: ApprovalRow }) {
  const styles = useStyles();
  const fact = (term: string, detail: ReactNode) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.detail} aria-label={term}>
        {detail}
      </dd>
    </>
  );
  return (
    <dl className={styles.facts}>
      {fact('Action', APPROVAL_ACTION_LABELS[row.action] ?? row.action)}
      {fact('Client', row.client_name ?? '-')}
      {fact('Maker', `${row.maker_name} (${row.maker_email})`)}
      {fact('Amount', figuresAndWords(row.amount))}
      {fact('Balance', beforeAfterText(row))}
      {fact('Summary', row.summary)}
    </dl>
  );
}

/**
 * A decision on one approval request: 'Are you sure?' with the request's facts (a reason to
 * decline), then the call under way, then the server's refusal in its words ('Failed'). The owning
 * machine holds every part; this renders it. Escape and Cancel close it while it can be closed.
 */
export function ApprovalDecisionDialog({
  row,
  decision,
  phase,
  reason,
  reasonError,
  failure,
  onReason,
  onConfirm,
  onClose,
}: {
  row: ApprovalRow;
  decision: ApprovalDecision;
  phase: 'asking' | 'deciding' | 'failed';
  reason: string;
  reasonError: string | null;
  failure: string | null;
  onReason(value: string): void;
  onConfirm(): void;
  onClose(): void;
}) {
  const verb = DECISION_VERBS[decision];
  const busy = phase === 'deciding';
  return (
    <MachineDialog busy={busy} onDismiss={onClose}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{phase === 'failed' ? 'Failed' : 'Are you sure?'}</DialogTitle>
          <DialogContent>
            {phase === 'failed' ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : (
              <>
                <Text block>
                  {verb} request #{row.id}?{decision === 'APPROVE' ? ' The movement is applied at once.' : ''}
                </Text>
                <ApprovalFacts row={row} />
                {decision === 'DECLINE' && (
                  <Field
                    label="Reason"
                    required
                    validationMessage={reasonError ?? undefined}
                    validationState={reasonError ? 'error' : 'none'}
                  >
                    <Textarea value={reason} disabled={busy} resize="vertical" onChange={(_, d) => onReason(d.value)} />
                  </Field>
                )}
                {busy && <Spinner size="small" label="Sending your decision…" style={{ marginTop: 12 }} />}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {phase === 'failed' ? (
              <Button appearance="primary" onClick={onClose}>
                Close
              </Button>
            ) : (
              <>
                <Button disabled={busy} onClick={onClose}>
                  {decision === 'CANCEL' ? 'Keep it' : 'Cancel'}
                </Button>
                <Button appearance="primary" disabled={busy} onClick={onConfirm}>
                  Confirm
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
