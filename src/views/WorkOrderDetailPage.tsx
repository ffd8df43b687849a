import type { ReactNode } from 'react';
import {
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Redirect, useSearch } from 'wouter';
import type { disbursementDecisionMachine } from '../machines/disbursementDecisionMachine';
import type { withdrawalDecisionMachine } from '../machines/withdrawalDecisionMachine';
import { workOrderDetailMachine, type WorkOrderAction } from '../machines/workOrderDetailMachine';
import { formatDateTime } from '../services/format';
import { amountInWords, formatRupiah } from '../services/money';
import { SETTINGS_PATH } from '../services/navigation';
import type { WorkOrderItem } from '../services/workOrders';
import { DashboardLayout } from './DashboardLayout';
import { SessionContext } from './SessionContext';
import { DisbursementConfirm } from './workOrder/DisbursementConfirm';
import { WithdrawalDecisionDialog } from './withdrawals/WithdrawalDecisionDialog';
import { ApprovalWorkOrderPanel } from './approvals/ApprovalWorkOrderPanel';
import { RetryBar } from './common/RetryBar';
import { PageSection } from './common/PageSection';

const useStyles = makeStyles({
  card: {
    maxWidth: '640px',
    display: 'grid',
    gridTemplateColumns: '160px 1fr',
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXL,
  },
  pair: { display: 'contents' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const ACTION_LABELS: Record<WorkOrderAction, string> = {
  COMPLETE: 'Complete',
  FINALIZE: 'Finalize',
  REJECT: 'Reject',
  RESEND_CALLBACK: 'Resend Callback',
};

/** The item's kind as a person calls it. */
export function itemKindLabel(item: WorkOrderItem): string {
  switch (item.kind) {
    case 'withdrawal':
      return item.withdrawal_kind === 'transfer_to_disburse' ? 'Transfer to disburse' : 'Withdrawal';
    case 'disbursement':
      return 'Disbursement';
    case 'callback':
      return 'Pay-in callback';
    case 'reconciliation':
      return 'Check Transactions';
    case 'settlement':
      return 'Settlement';
    case 'approval':
      return 'Approval request';
    case 'recovery_code':
      return 'Sign-in with a recovery code';
    default:
      return item.kind;
  }
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div role="group" aria-label={label} className={styles.pair}>
      <Text weight="semibold">{label}</Text>
      <Text>{children}</Text>
    </div>
  );
}

/** One work order (opened from the bell): renders the work order detail machine; sends events. */
export function WorkOrderDetail({
  code,
  logic = workOrderDetailMachine,
}: {
  code: string;
  logic?: typeof workOrderDetailMachine;
}) {
  const styles = useStyles();
  const user = SessionContext.useSelector((s) => s.context.user);
  const page = useActorRef(logic, { input: { code, live: user != null, user } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const order = c.item?.data;
  const item = order?.item ?? null;
  // The decisions say they are under way in their dialogs; the resend has none.
  const resending = s.matches({ action: 'resending' });

  return (
    <PageSection title={<>Work Order {code}</>}>
      {s.matches({ item: 'loading' }) && <Spinner label="Loading work order…" />}
      {s.matches({ item: 'loadFailed' }) && (
        <RetryBar message={c.loadError} onRetry={() => page.send({ type: 'RETRY' })} />
      )}
      {c.item && order && (
        <Card className={styles.card} aria-busy={s.matches({ item: 'refreshing' })}>
          <Pair label="Subject">{c.item.subject}</Pair>
          <Pair label="Message">{c.item.message}</Pair>
          <Pair label="Work order">{order.work_order_code}</Pair>
          <Pair label="Received">{formatDateTime(order.created_at)}</Pair>
          <Pair label="Status">
            {order.status === 'RESOLVED' ? `Resolved at ${formatDateTime(order.resolved_at)}` : 'Open'}
          </Pair>
          {item && (
            <>
              <Pair label="Item">{itemKindLabel(item)}</Pair>
              <Pair label="Reference">{item.ref}</Pair>
              <Pair label="Client">{item.client_name ?? '-'}</Pair>
              <Pair label="Amount">{item.amount != null ? formatRupiah(item.amount) : '-'}</Pair>
              {/* Money waiting for a second SUPER ADMIN is read in words too, as finance documents do. */}
              {item.kind === 'approval' && item.amount != null && (
                <Pair label="In words">{amountInWords(item.amount)}</Pair>
              )}
            </>
          )}
        </Card>
      )}
      {c.approval && <ApprovalWorkOrderPanel actor={c.approval} />}
      {c.offered.length > 0 && (
        <div className={styles.actions} role="group" aria-label="Work order actions">
          {c.offered.map((type) => (
            <Button
              key={type}
              appearance={type === 'REJECT' ? 'secondary' : 'primary'}
              disabled={!s.can({ type })}
              onClick={() => page.send({ type })}
            >
              {type === 'RESEND_CALLBACK' && resending ? 'Resending…' : ACTION_LABELS[type]}
            </Button>
          ))}
        </div>
      )}
      {s.matches({ item: 'refreshing' }) && <Spinner size="tiny" label="Reading the work order again…" />}
      {c.refreshError && s.matches({ item: 'shown' }) && (
        <MessageBar intent="warning">
          <MessageBarBody>{c.refreshError}</MessageBarBody>
        </MessageBar>
      )}
      {c.outcome && (
        <MessageBar intent={c.outcome.intent} role={c.outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{c.outcome.message}</MessageBarBody>
        </MessageBar>
      )}
      {s.matches({ action: 'decidingWithdrawal' }) && s.children.withdrawalDecision && item && (
        <WithdrawalDecisionDialog
          actor={s.children.withdrawalDecision as ActorRefFrom<typeof withdrawalDecisionMachine>}
          withdrawal={{
            kind: item.withdrawal_kind ?? 'withdrawal',
            amount: item.amount,
            clientName: item.client_name,
          }}
        />
      )}
      {s.matches({ action: 'decidingDisbursement' }) && s.children.disbursementDecision && item && (
        <DisbursementConfirm
          actor={s.children.disbursementDecision as ActorRefFrom<typeof disbursementDecisionMachine>}
          item={item}
        />
      )}
    </PageSection>
  );
}

/** Opened from a notification: /work-order-detail?wo={work_order_code}. */
export function WorkOrderDetailPage() {
  const code = new URLSearchParams(useSearch()).get('wo') ?? '';
  const state = SessionContext.useSelector((s) => s.value);
  if (state === 'signedOut' || state === 'signingOut') return <Redirect to="/login" replace />;
  if (state === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;
  return (
    <DashboardLayout>
      {!code && (
        <>
          <Title2 as="h1">Work Order</Title2>
          <MessageBar intent="warning">
            <MessageBarBody>No work order was given.</MessageBarBody>
          </MessageBar>
        </>
      )}
      {code && state === 'signedIn' && <WorkOrderDetail key={code} code={code} />}
      {code && state !== 'signedIn' && (
        <>
          <Title2 as="h1">Work Order {code}</Title2>
          <Spinner label="Loading…" />
        </>
      )}
    </DashboardLayout>
  );
}
