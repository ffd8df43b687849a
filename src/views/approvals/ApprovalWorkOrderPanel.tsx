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
import type { ApprovalDecision } from '../../services/approvalRules';
import { useSaid, useT } from '../../i18n/useT';
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
  // The request's number and its status badge, side by side.
  heading: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** A decision's button, in the language shown. */
const buttonText = (t: ReturnType<typeof useT>, decision: ApprovalDecision) =>
  t(
    { defaultMessage: '{decision, select, APPROVE {Approve} DECLINE {Decline} other {Cancel request}}', id: 'aFyV/u' },
    { decision },
  );

/**
 * The request an approval work order names (issue 25), on the work order page: its facts, and
 * Approve / Decline as the approval lifecycle allows this user, through the decision dialog the
 * Approvals page uses. Renders the approvalWorkOrder machine; sends events.
 */
export function ApprovalWorkOrderPanel({ actor }: { actor: ActorRefFrom<typeof approvalWorkOrderMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const question = s.children.decideApproval as ApprovalDecisionActor | undefined;
  return (
    <Card
      className={styles.card}
      aria-label={t({ defaultMessage: 'Approval request', id: 'dAQOWO' })}
      aria-busy={s.matches('reading')}
    >
      <Text weight="semibold" className={styles.heading}>
        {t({ defaultMessage: 'Approval request #{id}', id: 'FlOOL+' }, { id: c.id })}
        {c.row && <ApprovalStatusBadge status={c.row.status} />}
      </Text>
      {s.matches('reading') && !c.row && (
        <Spinner size="small" label={t({ defaultMessage: 'Reading the request…', id: 'AKsYwJ' })} />
      )}
      {s.matches('unreadable') && (
        <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => actor.send({ type: 'RETRY' })} />
      )}
      {c.row && <ApprovalFacts row={c.row} />}
      {c.actions.length > 0 && (
        <div
          className={styles.actions}
          role="group"
          aria-label={t({ defaultMessage: 'Approval actions', id: 'grMHTv' })}
        >
          {c.actions.map((decision) => (
            <Button
              key={decision}
              appearance={decision === 'APPROVE' ? 'primary' : 'secondary'}
              disabled={!s.can({ type: 'DECIDE', decision })}
              onClick={() => actor.send({ type: 'DECIDE', decision })}
            >
              {buttonText(t, decision)}
            </Button>
          ))}
        </div>
      )}
      {c.outcome && (
        <MessageBar intent={c.outcome.intent} role={c.outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{said(c.outcome.message)}</MessageBarBody>
        </MessageBar>
      )}
      <Link href={`~${pagePath('approvals')}?id=${c.id}`}>
        {t({ defaultMessage: 'Open in Approvals', id: 'lKh92z' })}
      </Link>
      {s.matches('deciding') && question && <ApprovalDecisionDialog actor={question} />}
    </Card>
  );
}
