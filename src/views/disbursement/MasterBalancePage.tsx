import { Button, Card, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { afterBalance, masterBalanceMachine } from '../../machines/masterBalanceMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { ClientSelect } from '../common/ClientSelect';
import { MoneyInput } from '../common/MoneyInput';
import { AdjustmentDialog, type AdjustmentStep } from './AdjustmentDialog';
import { Figure } from '../common/Figure';
import { useAccountSession } from './useAccountSession';
import { RetryBar } from '../common/RetryBar';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
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

/** Master Disbursement Balance (spec section 2). Renders the masterBalance machine; sends events. */
export function MasterBalancePage({ logic = masterBalanceMachine }: { logic?: typeof masterBalanceMachine }) {
  const styles = useStyles();
  const { clients, token } = useAccountSession();
  const page = useActorRef(logic, { input: { clients, token } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches('loadingBalance');
  const clientName = clients.find((x) => x.id === c.clientId)?.client_name ?? '';
  const update = () => page.send({ type: 'UPDATE' });
  const dialog: AdjustmentStep | null = s.matches('failed')
    ? { step: 'failed', message: c.failure ?? '' }
    : (s.matches('confirming') || s.matches('submitting')) && c.previous != null && c.amount != null
      ? {
          step: s.matches('submitting') ? 'submitting' : 'confirming',
          clientName,
          previous: c.previous,
          amount: c.amount,
        }
      : null;

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('disbursement-master-balance')}
      </Title2>
      {s.matches('noClient') && (
        <MessageBar intent="warning">
          <MessageBarBody>No client is assigned to your account.</MessageBarBody>
        </MessageBar>
      )}
      <ClientSelect
        clients={clients}
        value={c.clientId}
        disabled={!s.can({ type: 'SELECT_CLIENT', clientId: c.clientId ?? 0 })}
        onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })}
      />
      {s.matches('loadFailed') && <RetryBar message={c.loadError} onRetry={() => page.send({ type: 'RETRY' })} />}
      {s.matches('done') && c.message && (
        <MessageBar intent={c.held ? 'info' : 'success'}>
          <MessageBarBody>{c.message}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.form} aria-busy={loading}>
        <div className={styles.figures}>
          <Figure label="Previous Balance" value={loading ? '-' : shown(c.previous)} />
          <Figure label="After Balance" value={loading ? '-' : shown(afterBalance(c))} />
        </div>
        <MoneyInput
          label="Adjust Balance amount"
          text={c.amountText}
          amount={c.amount}
          problem={c.problem}
          hint="A positive amount adds to the balance; a negative one (with -) takes from it."
          disabled={!s.can({ type: 'SET_AMOUNT_TEXT', value: '' })}
          onText={(value) => page.send({ type: 'SET_AMOUNT_TEXT', value })}
          onEnter={update}
        />
        <div className={styles.actions}>
          <Button appearance="primary" disabled={!s.can({ type: 'UPDATE' })} onClick={update}>
            Update Balance
          </Button>
        </div>
      </Card>
      {dialog && (
        <AdjustmentDialog
          state={dialog}
          canConfirm={s.can({ type: 'CONFIRM' })}
          canCancel={s.can({ type: 'CANCEL' })}
          onConfirm={() => page.send({ type: 'CONFIRM' })}
          onCancel={() => page.send({ type: 'CANCEL' })}
          onDismiss={() => page.send({ type: 'DISMISS' })}
        />
      )}
    </section>
  );
}
