import type { ReactNode } from 'react';
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ConfirmDialog } from '../common/ConfirmDialog';
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

/**
 * What the request is, as a person checks it before deciding: action, client, maker, amount in figures and words,
 * before → after, summary.
 */
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
  canConfirm,
  canClose,
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
  /** Whether the owning machine takes CONFIRM and CLOSE now (snapshot.can): not while the decision is sent. */
  canConfirm: boolean;
  canClose: boolean;
  onReason(value: string): void;
  onConfirm(): void;
  onClose(): void;
}) {
  const verb = DECISION_VERBS[decision];
  const busy = phase === 'deciding';
  // A plain modal (not an alert), as it has always been: a click outside closes it while it can be closed.
  return phase === 'failed' ? (
    <ConfirmDialog modalType="modal" title="Failed" busy={false} onClose={onClose}>
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
    </ConfirmDialog>
  ) : (
    <ConfirmDialog
      modalType="modal"
      busy={busy}
      busyLabel="Sending your decision…"
      cancelLabel={decision === 'CANCEL' ? 'Keep it' : 'Cancel'}
      reason={decision === 'DECLINE' ? { value: reason, error: reasonError, onChange: onReason } : undefined}
      canConfirm={canConfirm}
      canCancel={canClose}
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      <Text block>
        {verb} request #{row.id}?{decision === 'APPROVE' ? ' The movement is applied at once.' : ''}
      </Text>
      <ApprovalFacts row={row} />
    </ConfirmDialog>
  );
}
