import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { approvalWorkOrderMachine } from '../../machines/approvalWorkOrderMachine';
import { pagePath } from '../../services/pages';
import { ApprovalDecisionDialog, ApprovalFacts, type ApprovalDecisionActor } from './ApprovalDecisionDialog';
import { ApprovalStatusBadge } from './ApprovalStatusBadge';
import { RetryBar } from '../common/RetryBar';

const useStyles = makeStyles({
  card: {
    maxWidth: '640px',
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const BUTTON_TEXT = { APPROVE: 'Approve', DECLINE: 'Decline', CANCEL: 'Cancel request' } as const;

/**
 * The request an approval work order names (issue 25), on the work order page: its facts, and
 * Approve / Decline as the approval lifecycle allows this user, through the decision dialog the
 * Approvals page uses. Renders the approvalWorkOrder machine; sends events.
 */
export function ApprovalWorkOrderPanel({ actor }: { actor: ActorRefFrom<typeof approvalWorkOrderMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const question = s.children.decideApproval as ApprovalDecisionActor | undefined;
  return (
    <Card className={styles.card} aria-label="Approval request" aria-busy={s.matches('reading')}>
      <Text weight="semibold">
        Approval request #{c.id} {c.row && <ApprovalStatusBadge status={c.row.status} />}
      </Text>
      {s.matches('reading') && !c.row && <Spinner size="small" label="Reading the request…" />}
      {s.matches('unreadable') && <RetryBar message={c.loadError} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {c.row && <ApprovalFacts row={c.row} />}
      {c.actions.length > 0 && (
        <div className={styles.actions} role="group" aria-label="Approval actions">
          {c.actions.map((decision) => (
            <Button
              key={decision}
              appearance={decision === 'APPROVE' ? 'primary' : 'secondary'}
              disabled={!s.can({ type: 'DECIDE', decision })}
              onClick={() => actor.send({ type: 'DECIDE', decision })}
            >
              {BUTTON_TEXT[decision]}
            </Button>
          ))}
        </div>
      )}
      {c.outcome && (
        <MessageBar intent={c.outcome.intent} role={c.outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{c.outcome.message}</MessageBarBody>
        </MessageBar>
      )}
      <Link href={`~${pagePath('approvals')}?id=${c.id}`}>Open in Approvals</Link>
      {s.matches('deciding') && question && <ApprovalDecisionDialog actor={question} />}
    </Card>
  );
}
