import type { ReactNode } from 'react';
import { Card, MessageBar, MessageBarBody, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { AccountPageContext, payinDetailMachine } from '../../machines/accountPageMachine';
import { ClientSelect } from '../common/ClientSelect';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { DepositTable } from './DepositTable';
import { LastUpdated } from './LastUpdated';
import { useAccountSession } from './useAccountSession';
import { PageSection } from '../common/PageSection';
import { SearchButton } from '../common/SearchButton';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
});

/** Both account pages run a specialisation of the one account-page machine. */
type AccountLogic = typeof payinDetailMachine;

interface AccountPageProps {
  logic: AccountLogic;
  title: string;
  /** The page's top: the client select given, with whatever the page puts beside it. */
  top(clientSelect: ReactNode, c: AccountPageContext, loading: boolean): ReactNode;
  /** What stands below the top and its error, above the panel (Payin Detail's figures). */
  figures?(c: AccountPageContext): ReactNode;
  /** The panel's heading, if it has one. */
  heading?: string;
  /** Whether 'Last updated at' stands in the panel (else the page's top shows it). */
  updatedInPanel: boolean;
  table: string;
  paged: boolean;
}

/**
 * The one view of Payin Detail and Disbursement Account (they were twins): the client select, the
 * page's figures, and a panel with the date range, Search, the deposits and (paged) the Pager.
 * Renders the machine; sends events.
 */
export function AccountPage({ logic, title, top, figures, heading, updatedInPanel, table, paged }: AccountPageProps) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { clients, live } = useAccountSession();
  const page = useActorRef(logic, { input: { clients, live } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ showing: 'loading' });
  const clientSelect = (
    <ClientSelect
      clients={clients}
      value={c.clientId}
      disabled={!s.can({ type: 'SELECT_CLIENT', clientId: c.clientId ?? 0 })}
      onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })}
    />
  );

  return (
    <PageSection title={title}>
      {s.matches('noClient') && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t({ defaultMessage: 'No client is assigned to your account.', id: 'zdFPmU' })}
          </MessageBarBody>
        </MessageBar>
      )}
      {top(clientSelect, c, loading)}
      {c.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{said(c.loadError)}</MessageBarBody>
        </MessageBar>
      )}
      {figures?.(c)}
      <Card className={styles.panel}>
        {heading && <Title3 as="h2">{heading}</Title3>}
        <div className={styles.filters}>
          <DateRangeField
            value={c.filter.text}
            error={c.filter.error}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={() => page.send({ type: 'SEARCH' })}
          />
          <SearchButton
            className={styles.search}
            disabled={!s.can({ type: 'SEARCH' })}
            onClick={() => page.send({ type: 'SEARCH' })}
          />
        </div>
        {updatedInPanel && <LastUpdated at={c.updatedAt} />}
        <DepositTable label={table} rows={c.rows} loading={loading} />
        {paged && <Pager meta={c.meta} limit={c.limit} disabled={!s.can({ type: 'PAGE', page: 1 })} send={page.send} />}
      </Card>
    </PageSection>
  );
}
