import { Button, Card, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { payinDetailMachine } from '../../machines/payinDetailMachine';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { ClientSelect } from '../common/ClientSelect';
import { DateRangeField } from '../common/DateRangeField';
import { DepositTable } from './DepositTable';
import { Figure } from './Figure';
import { LastUpdated } from './LastUpdated';
import { useAccountSession } from './useAccountSession';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL },
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
});

/** The current-balance summary of the spec's Payin Detail: three of the client's figures. */
const FIGURES = [
  { label: 'Non-withdrawable Balance', key: 'nonwithdrawable_balance' },
  { label: 'Withdrawable Balance', key: 'withdrawable_balance' },
  { label: 'Balance', key: 'balance' },
] as const;

/** Payin Detail, titled 'Disbursement Accounts' (spec section 2). Renders the machine; sends events. */
export function PayinDetailPage({ logic = payinDetailMachine }: { logic?: typeof payinDetailMachine }) {
  const styles = useStyles();
  const { clients, token } = useAccountSession();
  const page = useActorRef(logic, { input: { clients, token } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ showing: 'loading' });

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">{pageTitle('payin')}</Title2>
      {s.matches('noClient') && <MessageBar intent="warning"><MessageBarBody>No client is assigned to your account.</MessageBarBody></MessageBar>}
      <ClientSelect clients={clients} value={c.clientId} disabled={!s.can({ type: 'SELECT_CLIENT', clientId: c.clientId ?? 0 })}
        onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })} />
      {c.loadError && <MessageBar intent="error"><MessageBarBody>{c.loadError}</MessageBarBody></MessageBar>}
      <div className={styles.figures}>
        {FIGURES.map((f) => <Figure key={f.key} label={f.label} value={c.summary ? formatRupiah(c.summary[f.key]) : '-'} />)}
      </div>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          <DateRangeField value={c.filter.text} error={c.filter.error} onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={() => page.send({ type: 'SEARCH' })} />
          <Button className={styles.search} appearance="primary" icon={<SearchRegular />} disabled={!s.can({ type: 'SEARCH' })}
            onClick={() => page.send({ type: 'SEARCH' })}>Search</Button>
        </div>
        <LastUpdated at={c.updatedAt} />
        <DepositTable label="Deposits" rows={c.rows} loading={loading} />
      </Card>
    </section>
  );
}
