import type { ReactElement } from 'react';
import {
  Button,
  Card,
  Field,
  Select,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { approvalsPageMachine, ApprovalStatusFilter } from '../../machines/approvalsPageMachine';
import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_STATUSES,
  type ApprovalDecision,
  type ApprovalRow,
} from '../../services/approvalRules';
import { formatDateTime } from '../../services/format';
import { amountInWords, formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { useSaid, useT } from '../../i18n/useT';
import { Pager } from '../common/Pager';
import {
  ApprovalDecisionDialog,
  ApprovalDecisionFailed,
  beforeAfterText,
  type ApprovalDecisionActor,
} from './ApprovalDecisionDialog';
import { ApprovalPolicyPanel } from './ApprovalPolicyPanel';
import { ApprovalStatusBadge, statusLabel } from './ApprovalStatusBadge';
import { RetryBar } from '../common/RetryBar';
import { PageSection } from '../common/PageSection';

export type ApprovalsActor = ActorRefFrom<typeof approvalsPageMachine>;

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  wrap: { overflowX: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  words: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  pointed: { backgroundColor: tokens.colorBrandBackground2 },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

type T = ReturnType<typeof useT>;

/** Between the balance before and after: a figure, not words. */
const ARROW = ' → ';

/** A row's buttons: the words on them, and how a screen reader names them (the request's number too). */
const BUTTONS: Record<
  ApprovalDecision,
  {
    text: (t: T) => string;
    name: (t: T, id: number) => string;
    icon: ReactElement;
    appearance: 'primary' | 'secondary';
  }
> = {
  APPROVE: {
    text: (t) => t({ defaultMessage: 'Approve', id: 'WCaf5C' }),
    name: (t, id) => t({ defaultMessage: 'Approve request #{id}', id: '4RqLI6' }, { id }),
    icon: <CheckmarkRegular />,
    appearance: 'primary',
  },
  DECLINE: {
    text: (t) => t({ defaultMessage: 'Decline', id: 'pvtgR2' }),
    name: (t, id) => t({ defaultMessage: 'Decline request #{id}', id: 'N1+gQ1' }, { id }),
    icon: <DismissRegular />,
    appearance: 'secondary',
  },
  CANCEL: {
    text: (t) => t({ defaultMessage: 'Cancel request', id: 'biq8aT' }),
    name: (t, id) => t({ defaultMessage: 'Cancel request #{id}', id: 'DgpOVV' }, { id }),
    icon: <ArrowUndoRegular />,
    appearance: 'secondary',
  },
};

// Six columns, each with a second line (the maker, the client, the words, the checker or reason),
// so the row and its buttons fit beside the menu at 1366 px without scrolling sideways.
const columnsOf = (t: T) => [
  t({ defaultMessage: 'Requested', id: 'jDG/zH' }),
  t({ defaultMessage: 'Action', id: 'QlsDcr' }),
  t({ defaultMessage: 'Amount', id: '/0TOL5' }),
  t({ defaultMessage: 'Before → After', id: 'u5NzTs' }),
  t({ defaultMessage: 'Status', id: 'tzMNF3' }),
  t({ defaultMessage: 'Actions', id: 'wL7VAE' }),
];

/** Who decided, and the decline's reason; nothing while pending or when the maker cancelled. */
const checkerText = (row: ApprovalRow) =>
  [row.checker_name, row.reason].filter((part): part is string => part != null && part !== '').join(' — ');

/**
 * Approvals (issue 25, dual control) as its page machine holds it: the Requests tab (status filter,
 * the paged requests with the decisions the lifecycle offers this user, the decision's dialog) and
 * the Policy tab. Renders the snapshot and sends events; nothing else.
 */
export function ApprovalsScreen({ actor }: { actor: ApprovalsActor }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const onPolicy = s.matches({ tab: 'policy' });
  const loading = s.matches({ list: 'loading' });
  const question = s.children.decideApproval as ApprovalDecisionActor | undefined;
  const policyPhase =
    (['unloaded', 'loading', 'loadFailed', 'editing', 'saving'] as const).find((p) => s.matches({ policy: p })) ??
    'unloaded';

  return (
    <PageSection title={said(pageTitle('approvals'))}>
      <TabList
        selectedValue={onPolicy ? 'policy' : 'requests'}
        aria-label={said(pageTitle('approvals'))}
        onTabSelect={(_, d) => actor.send({ type: d.value === 'policy' ? 'SHOW_POLICY' : 'SHOW_REQUESTS' })}
      >
        <Tab value="requests">{t({ defaultMessage: 'Requests', id: 'MNFqIW' })}</Tab>
        {/* The policy is a SUPER ADMIN's (an AUDITOR reads it): a maker of another type sees their requests only. */}
        {(onPolicy || s.can({ type: 'SHOW_POLICY' })) && (
          <Tab value="policy">{t({ defaultMessage: 'Policy', id: 'o1vbho' })}</Tab>
        )}
      </TabList>

      {!onPolicy && (
        <Card className={styles.panel}>
          <div className={styles.filters}>
            <Field label={t({ defaultMessage: 'Status', id: 'tzMNF3' })} style={{ minWidth: 200 }}>
              <Select
                value={c.status}
                onChange={(_, d) => actor.send({ type: 'SET_STATUS', status: d.value as ApprovalStatusFilter })}
              >
                {APPROVAL_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {statusLabel(t, status)}
                  </option>
                ))}
                <option value="">{t({ defaultMessage: 'All', id: 'zQvVDJ' })}</option>
              </Select>
            </Field>
          </div>
          {c.openId != null && !loading && (
            <Text role="status">
              {c.rows.some((r) => r.id === c.openId)
                ? t({ defaultMessage: 'Request #{id} is marked below.', id: 'Dd0u24' }, { id: c.openId })
                : t({ defaultMessage: 'Request #{id} is not in this list.', id: '3ZfdzM' }, { id: c.openId })}
            </Text>
          )}
          {s.matches({ list: 'failed' }) && (
            <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => actor.send({ type: 'RETRY' })} />
          )}
          <div className={styles.wrap}>
            <Table
              aria-label={t({ defaultMessage: 'Approval requests', id: 'j6a0H5' })}
              aria-busy={loading}
              size="small"
              style={{ tableLayout: 'auto' }}
            >
              <TableHeader>
                <TableRow>
                  {columnsOf(t).map((col) => (
                    <TableHeaderCell key={col}>{col}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {c.rows.map((row) => (
                  <TableRow
                    key={row.id}
                    aria-current={row.id === c.openId ? 'true' : undefined}
                    className={row.id === c.openId ? styles.pointed : undefined}
                  >
                    <TableCell>
                      <span className={styles.nowrap}>{formatDateTime(row.created_at)}</span>
                      <span className={styles.words}>
                        {t({ defaultMessage: 'by {name}', id: '6UFrKg' }, { name: row.maker_name })}
                      </span>
                    </TableCell>
                    <TableCell>
                      {said(APPROVAL_ACTION_LABELS[row.action] ?? row.action)}
                      {row.client_name && <span className={styles.words}>{row.client_name}</span>}
                    </TableCell>
                    <TableCell>
                      <span className={styles.nowrap}>{formatRupiah(row.amount)}</span>
                      <span className={styles.words}>{amountInWords(row.amount)}</span>
                    </TableCell>
                    {/* Each figure stays whole; the pair may break at the arrow
                        so the Actions column fits at 1366 px. */}
                    <TableCell>
                      {beforeAfterText(row)
                        .split(ARROW)
                        .map((part, i) => (
                          <span key={part + i} className={styles.nowrap}>
                            {i > 0 && ARROW}
                            {part}
                          </span>
                        ))}
                    </TableCell>
                    <TableCell>
                      <ApprovalStatusBadge status={row.status} />
                      {checkerText(row) && <span className={styles.words}>{checkerText(row)}</span>}
                    </TableCell>
                    <TableCell>
                      <div className={styles.actions}>
                        {(c.actions[row.id] ?? []).map((decision) => {
                          const event = { type: 'DECIDE' as const, row, decision };
                          const b = BUTTONS[decision];
                          return (
                            <Button
                              key={decision}
                              size="small"
                              appearance={b.appearance}
                              icon={b.icon}
                              aria-label={b.name(t, row.id)}
                              disabled={!s.can(event)}
                              onClick={() => actor.send(event)}
                            >
                              {b.text(t)}
                            </Button>
                          );
                        })}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {loading && (
              <Spinner size="small" label={t({ defaultMessage: 'Loading…', id: 'T4VxQN' })} className={styles.empty} />
            )}
            {!loading && c.rows.length === 0 && !c.loadError && (
              <div className={styles.empty}>{t({ defaultMessage: 'No requests match.', id: 'lm4Ykv' })}</div>
            )}
          </div>
          <Pager meta={c.meta} limit={c.limit} disabled={loading} send={actor.send} />
        </Card>
      )}

      {onPolicy && (
        <ApprovalPolicyPanel
          phase={policyPhase}
          lines={c.policy}
          loadError={c.policyLoadError}
          saveError={c.policySaveError}
          canSave={s.can({ type: 'SAVE_POLICY' })}
          // An AUDITOR reads the policy: nothing to change or save (the machine's setsPolicy).
          readOnly={policyPhase === 'editing' && !s.can({ type: 'SAVE_POLICY' })}
          onMode={(action, mode) => actor.send({ type: 'SET_MODE', action, mode })}
          onThreshold={(action, text) => actor.send({ type: 'SET_THRESHOLD', action, text })}
          onSave={() => actor.send({ type: 'SAVE_POLICY' })}
          onRetry={() => actor.send({ type: 'RETRY_POLICY' })}
        />
      )}

      {s.matches({ decision: 'deciding' }) && question && <ApprovalDecisionDialog actor={question} />}
      {s.matches({ decision: 'failed' }) && (
        <ApprovalDecisionFailed message={c.decisionError} onClose={() => actor.send({ type: 'CLOSE' })} />
      )}
    </PageSection>
  );
}
