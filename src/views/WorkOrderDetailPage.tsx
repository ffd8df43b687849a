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
import { useSaid, useT } from '../i18n/useT';
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

type T = ReturnType<typeof useT>;

/** What a pair shows when the work order has no such value. */
const NONE = '-';

/** An action's button, in the language shown. */
const actionLabel = (t: T, action: WorkOrderAction) =>
  t(
    {
      defaultMessage:
        '{action, select, COMPLETE {Complete} FINALIZE {Finalize} REJECT {Reject} other {Resend Callback}}',
      id: '6oK5vg',
    },
    { action },
  );

/** The item's kind as a person calls it, in the language shown. */
export function itemKindLabel(t: T, item: WorkOrderItem): string {
  switch (item.kind) {
    case 'withdrawal':
      return item.withdrawal_kind === 'transfer_to_disburse'
        ? t({ defaultMessage: 'Transfer to disburse', id: 'Zmhgnz' })
        : t({ defaultMessage: 'Withdrawal', id: 'M/9zHa' });
    case 'disbursement':
      return t({ defaultMessage: 'Disbursement', id: 'rKX2ah' });
    case 'callback':
      return t({ defaultMessage: 'Pay-in callback', id: 'C++g93' });
    case 'reconciliation':
      return t({ defaultMessage: 'Check Transactions', id: 'T7fFun' });
    case 'settlement':
      return t({ defaultMessage: 'Settlement', id: 'XY4MjK' });
    case 'approval':
      return t({ defaultMessage: 'Approval request', id: 'dAQOWO' });
    case 'recovery_code':
      return t({ defaultMessage: 'Sign-in with a recovery code', id: 'VFv33f' });
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
  const t = useT();
  const said = useSaid();
  const user = SessionContext.useSelector((s) => s.context.user);
  const page = useActorRef(logic, { input: { code, live: user != null, user } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const order = c.item?.data;
  const item = order?.item ?? null;
  // The decisions say they are under way in their dialogs; the resend has none.
  const resending = s.matches({ action: 'resending' });

  return (
    <PageSection title={t({ defaultMessage: 'Work Order {code}', id: 'nl8ksl' }, { code })}>
      {s.matches({ item: 'loading' }) && <Spinner label={t({ defaultMessage: 'Loading work order…', id: 'KuVlD+' })} />}
      {s.matches({ item: 'loadFailed' }) && (
        <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => page.send({ type: 'RETRY' })} />
      )}
      {c.item && order && (
        <Card className={styles.card} aria-busy={s.matches({ item: 'refreshing' })}>
          {/* The server writes a work order's subject and message in English: shown in the language shown. */}
          <Pair label={t({ defaultMessage: 'Subject', id: 'LLtKhp' })}>{said(c.item.subject)}</Pair>
          <Pair label={t({ defaultMessage: 'Message', id: 'T7Ry38' })}>{said(c.item.message)}</Pair>
          <Pair label={t({ defaultMessage: 'Work order', id: '3Dcsrb' })}>{order.work_order_code}</Pair>
          <Pair label={t({ defaultMessage: 'Received', id: 'z/wUXE' })}>{formatDateTime(order.created_at)}</Pair>
          <Pair label={t({ defaultMessage: 'Status', id: 'tzMNF3' })}>
            {order.status === 'RESOLVED'
              ? t({ defaultMessage: 'Resolved at {time}', id: 'GvUHxB' }, { time: formatDateTime(order.resolved_at) })
              : t({
                  defaultMessage: 'Open',
                  id: 'Wyjwx8',
                  description: 'A work order waiting for someone (not resolved yet)',
                })}
          </Pair>
          {item && (
            <>
              <Pair label={t({ defaultMessage: 'Item', id: '5ujeDa' })}>{itemKindLabel(t, item)}</Pair>
              <Pair label={t({ defaultMessage: 'Reference', id: 'mcUhhf' })}>{item.ref}</Pair>
              <Pair label={t({ defaultMessage: 'Client', id: 'JX0502' })}>{item.client_name ?? NONE}</Pair>
              <Pair label={t({ defaultMessage: 'Amount', id: '/0TOL5' })}>
                {item.amount != null ? formatRupiah(item.amount) : NONE}
              </Pair>
              {/* Money waiting for a second SUPER ADMIN is read in words too, as finance documents do (in
                  Indonesian, whatever the language shown). */}
              {item.kind === 'approval' && item.amount != null && (
                <Pair label={t({ defaultMessage: 'In words', id: '9pIUCY' })}>{amountInWords(item.amount)}</Pair>
              )}
            </>
          )}
        </Card>
      )}
      {c.approval && <ApprovalWorkOrderPanel actor={c.approval} />}
      {c.offered.length > 0 && (
        <div
          className={styles.actions}
          role="group"
          aria-label={t({ defaultMessage: 'Work order actions', id: 'OFbetc' })}
        >
          {c.offered.map((type) => (
            <Button
              key={type}
              appearance={type === 'REJECT' ? 'secondary' : 'primary'}
              disabled={!s.can({ type })}
              onClick={() => page.send({ type })}
            >
              {type === 'RESEND_CALLBACK' && resending
                ? t({ defaultMessage: 'Resending…', id: 'jM4Wa5' })
                : actionLabel(t, type)}
            </Button>
          ))}
        </div>
      )}
      {s.matches({ item: 'refreshing' }) && (
        <Spinner size="tiny" label={t({ defaultMessage: 'Reading the work order again…', id: 'cs7Qhq' })} />
      )}
      {c.refreshError && s.matches({ item: 'shown' }) && (
        <MessageBar intent="warning">
          <MessageBarBody>{said(c.refreshError)}</MessageBarBody>
        </MessageBar>
      )}
      {c.outcome && (
        <MessageBar intent={c.outcome.intent} role={c.outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{said(c.outcome.message)}</MessageBarBody>
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
  const t = useT();
  const code = new URLSearchParams(useSearch()).get('wo') ?? '';
  const state = SessionContext.useSelector((s) => s.value);
  if (state === 'signedOut' || state === 'signingOut') return <Redirect to="/login" replace />;
  if (state === 'awaitingTwoFactor') return <Redirect to={SETTINGS_PATH} replace />;
  return (
    <DashboardLayout>
      {!code && (
        <>
          <Title2 as="h1">{t({ defaultMessage: 'Work Order', id: 'J+9E6b' })}</Title2>
          <MessageBar intent="warning">
            <MessageBarBody>{t({ defaultMessage: 'No work order was given.', id: 'lNhwnn' })}</MessageBarBody>
          </MessageBar>
        </>
      )}
      {code && state === 'signedIn' && <WorkOrderDetail key={code} code={code} />}
      {code && state !== 'signedIn' && (
        <>
          <Title2 as="h1">{t({ defaultMessage: 'Work Order {code}', id: 'nl8ksl' }, { code })}</Title2>
          <Spinner label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} />
        </>
      )}
    </DashboardLayout>
  );
}
