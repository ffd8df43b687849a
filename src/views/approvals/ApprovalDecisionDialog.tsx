import type { ReactNode } from 'react';
import { MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { takesReason, type approvalDecisionMachine } from '../../machines/approvalDecision';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { APPROVAL_ACTION_LABELS, type ApprovalDecision, type ApprovalRow } from '../../services/approvalRules';
import { formatRupiah, rupiahWithWords } from '../../services/money';
import { useSaid, useT } from '../../i18n/useT';

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

export type ApprovalDecisionActor = ActorRefFrom<typeof approvalDecisionMachine>;

/** How each decision is asked: 'Approve request #12? The movement is applied at once.'. */
const decisionQuestion = (t: ReturnType<typeof useT>, decision: ApprovalDecision, id: number) =>
  t(
    {
      defaultMessage:
        '{decision, select, APPROVE {Approve request #{id}? The movement is applied at once.} ' +
        'DECLINE {Decline request #{id}?} other {Cancel request #{id}?}}',
      id: 'QVj8tV',
    },
    { decision, id },
  );

/** The balance before and after, where the movement acts on one: 'Rp. 10,000,000 → Rp. 160,000,000'. */
export const beforeAfterText = (row: Pick<ApprovalRow, 'before' | 'after'>) =>
  row.before != null && row.after != null ? `${formatRupiah(row.before)} → ${formatRupiah(row.after)}` : '-';

/**
 * What the request is, as a person checks it before deciding: action, client, maker, amount in figures and words,
 * before → after, summary.
 */
export function ApprovalFacts({ row }: { row: ApprovalRow }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
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
      {fact(t({ defaultMessage: 'Action', id: 'QlsDcr' }), said(APPROVAL_ACTION_LABELS[row.action] ?? row.action))}
      {fact(t({ defaultMessage: 'Client', id: 'JX0502' }), row.client_name ?? '-')}
      {fact(t({ defaultMessage: 'Maker', id: 'iVoUgg' }), `${row.maker_name} (${row.maker_email})`)}
      {fact(t({ defaultMessage: 'Amount', id: '/0TOL5' }), rupiahWithWords(row.amount))}
      {fact(t({ defaultMessage: 'Balance', id: 'H5+NAX' }), beforeAfterText(row))}
      {fact(t({ defaultMessage: 'Summary', id: 'RrCui3' }), said(row.summary))}
    </dl>
  );
}

/**
 * A decision on one approval request, as the approvalDecision machine holds it: 'Are you sure?'
 * with the request's facts (a reason to decline), then the call under way. The one ConfirmCallDialog
 * renders it; a plain modal (not an alert), as it has always been: a click outside closes it while
 * it can be closed, and so do Escape and Cancel.
 */
export function ApprovalDecisionDialog({ actor }: { actor: ApprovalDecisionActor }) {
  const t = useT();
  const { row, decision } = useSelector(actor, (snapshot) => snapshot.context);
  return (
    <ConfirmCallDialog
      actor={actor}
      verb={t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
      modalType="modal"
      busyLabel={t({ defaultMessage: 'Sending your decision…', id: 'EV4GoY' })}
      // 'Cancel' would read as the maker's Cancel request itself.
      cancelLabel={
        decision === 'CANCEL'
          ? t({ defaultMessage: 'Keep it', id: 'xNg7nj' })
          : t({ defaultMessage: 'Cancel', id: '47FYwb' })
      }
      reasonField={takesReason(decision)}
    >
      <Text block>{decisionQuestion(t, decision, row.id)}</Text>
      <ApprovalFacts row={row} />
    </ConfirmCallDialog>
  );
}

/** The server's refusal of a decision in its words ('Failed'), until the person closes it. */
export function ApprovalDecisionFailed({ message, onClose }: { message: string | null; onClose(): void }) {
  const t = useT();
  const said = useSaid();
  return (
    <ConfirmDialog
      modalType="modal"
      title={t({ defaultMessage: 'Failed', id: 'vXCeIi' })}
      busy={false}
      onClose={onClose}
    >
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{message && said(message)}</MessageBarBody>
      </MessageBar>
    </ConfirmDialog>
  );
}
