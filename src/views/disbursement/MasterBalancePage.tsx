import { Button, Card, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { masterBalanceAdjustmentMachine } from '../../machines/masterBalanceAdjustmentMachine';
import { afterBalance, masterBalanceMachine } from '../../machines/masterBalanceMachine';
import { formatRupiah } from '../../services/money';
import { readsApprovalPolicy } from '../../services/approvalRules';
import { SessionContext } from '../SessionContext';
import { pageTitle } from '../../services/pages';
import { ClientSelect } from '../common/ClientSelect';
import { MoneyInput } from '../common/MoneyInput';
import { AdjustmentConfirm, AdjustmentFailed } from './AdjustmentDialog';
import { Figure } from '../common/Figure';
import { useAccountSession } from './useAccountSession';
import { RetryBar } from '../common/RetryBar';
import { PageSection } from '../common/PageSection';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  form: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '640px',
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

const shown = (amount: number | null) => (amount == null ? '-' : formatRupiah(amount));

/**
 * Master Disbursement Balance (spec section 2). Renders the masterBalance machine and, while it asks,
 * its adjustment child; sends events.
 */
export function MasterBalancePage({ logic = masterBalanceMachine }: { logic?: typeof masterBalanceMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { clients, live } = useAccountSession();
  const readsPolicy = SessionContext.useSelector((x) => readsApprovalPolicy(x.context.user));
  const page = useActorRef(logic, { input: { clients, live, readsPolicy } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches('loadingBalance');
  const clientName = clients.find((x) => x.id === c.clientId)?.client_name ?? '';
  const update = () => page.send({ type: 'UPDATE' });
  const adjustment = s.children.adjustment as ActorRefFrom<typeof masterBalanceAdjustmentMachine> | undefined;

  return (
    <PageSection title={said(pageTitle('disbursement-master-balance'))}>
      {s.matches('noClient') && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t({ defaultMessage: 'No client is assigned to your account.', id: 'zdFPmU' })}
          </MessageBarBody>
        </MessageBar>
      )}
      <ClientSelect
        clients={clients}
        value={c.clientId}
        disabled={!s.can({ type: 'SELECT_CLIENT', clientId: c.clientId ?? 0 })}
        onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })}
      />
      {s.matches('loadFailed') && (
        <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => page.send({ type: 'RETRY' })} />
      )}
      {s.matches('done') && c.message && (
        <MessageBar intent={c.held ? 'info' : 'success'}>
          <MessageBarBody>{said(c.message)}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.form} aria-busy={loading}>
        <div className={styles.figures}>
          <Figure
            label={t({ defaultMessage: 'Previous Balance', id: 'wsghsK' })}
            value={loading ? '-' : shown(c.previous)}
          />
          <Figure
            label={t({ defaultMessage: 'After Balance', id: 'YXn4HJ' })}
            value={loading ? '-' : shown(afterBalance(c))}
          />
        </div>
        <MoneyInput
          label={t({ defaultMessage: 'Adjust Balance amount', id: 'hji/iE' })}
          text={c.amountText}
          amount={c.amount}
          problem={c.problem && said(c.problem)}
          hint={t({
            defaultMessage: 'A positive amount adds to the balance; a negative one (with -) takes from it.',
            id: '0kpvVO',
          })}
          disabled={!s.can({ type: 'SET_AMOUNT_TEXT', value: '' })}
          onText={(value) => page.send({ type: 'SET_AMOUNT_TEXT', value })}
          onEnter={update}
        />
        <div className={styles.actions}>
          <Button appearance="primary" disabled={!s.can({ type: 'UPDATE' })} onClick={update}>
            {t({ defaultMessage: 'Update Balance', id: 'qUetJ1' })}
          </Button>
        </div>
      </Card>
      {s.matches('adjusting') && adjustment && <AdjustmentConfirm actor={adjustment} clientName={clientName} />}
      {s.matches('failed') && (
        <AdjustmentFailed message={c.failure ?? ''} onDismiss={() => page.send({ type: 'DISMISS' })} />
      )}
    </PageSection>
  );
}
