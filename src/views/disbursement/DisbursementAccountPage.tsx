import { Button, Card, MessageBar, MessageBarBody, Title2, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { disbursementAccountMachine } from '../../machines/disbursementAccountMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { ClientSelect } from '../common/ClientSelect';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { DepositTable } from './DepositTable';
import { Figure } from './Figure';
import { LastUpdated } from './LastUpdated';
import { useAccountSession } from './useAccountSession';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  top: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  card: { minWidth: '280px' },
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
});

/** Spec section 2: '-' while loading, '0' when the server has no balance for the client. */
const balanceText = (loading: boolean, balance: number | null) => (loading ? '-' : balance == null ? '0' : formatRupiah(balance));

/** Disbursement Account (spec section 2). Renders the machine; sends events. */
export function DisbursementAccountPage({ logic = disbursementAccountMachine }: { logic?: typeof disbursementAccountMachine }) {
  const styles = useStyles();
  const { clients, token } = useAccountSession();
  const page = useActorRef(logic, { input: { clients, token } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ showing: 'loading' });

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">{pageTitle('disbursement-account')}</Title2>
      {s.matches('noClient') && <MessageBar intent="warning"><MessageBarBody>No client is assigned to your account.</MessageBarBody></MessageBar>}
      <div className={styles.top}>
        <ClientSelect clients={clients} value={c.clientId} disabled={!s.can({ type: 'SELECT_CLIENT', clientId: c.clientId ?? 0 })}
          onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })} />
        <div className={styles.card}><Figure label="Disbursement Balance" value={balanceText(loading, c.balance)} /></div>
        <LastUpdated at={c.updatedAt} />
      </div>
      {c.loadError && <MessageBar intent="error"><MessageBarBody>{c.loadError}</MessageBarBody></MessageBar>}
      <Card className={styles.panel}>
        <Title3 as="h2">Deposit History</Title3>
        <div className={styles.filters}>
          <DateRangeField value={c.filter.text} error={c.filter.error} onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={() => page.send({ type: 'SEARCH' })} />
          <Button className={styles.search} appearance="primary" icon={<SearchRegular />} disabled={!s.can({ type: 'SEARCH' })}
            onClick={() => page.send({ type: 'SEARCH' })}>Search</Button>
        </div>
        <DepositTable label="Deposit History" rows={c.rows} loading={loading} />
        <Pager meta={c.meta} sizes={GENERIC_PAGE_SIZES} limit={c.limit} disabled={!s.can({ type: 'PAGE', page: 1 })}
          onPage={(p) => page.send({ type: 'PAGE', page: p })} onSize={(limit) => page.send({ type: 'PAGE_SIZE', limit })} />
      </Card>
    </section>
  );
}
