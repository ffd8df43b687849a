import { Button, Card, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { PlugConnectedRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import type { CallbackEndpointActor } from '../../machines/callbackEndpointMachine';
import { callbacksPageMachine } from '../../machines/callbacksPageMachine';
import { CALLBACK_OUTCOMES, CALLBACK_OUTCOME_LABELS } from '../../services/callbackRules';
import { pageTitle } from '../../services/pages';
import { ChoiceField } from '../common/ChoiceField';
import { DateRangeField } from '../common/DateRangeField';
import { FilterDropdown } from '../common/FilterDropdown';
import { PageSection } from '../common/PageSection';
import { Pager } from '../common/Pager';
import { RetryBar } from '../common/RetryBar';
import { SavedViewsMenu, type SavedViewsActor } from '../common/SavedViewsMenu';
import { SearchButton } from '../common/SearchButton';
import { SessionContext } from '../SessionContext';
import { CallbackAttemptsDialog } from './CallbackAttemptsDialog';
import { CallbackEndpointDialog } from './CallbackEndpointDialog';
import { CallbacksTable } from './CallbacksTable';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
  memory: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

/** /dashboard/callbacks (issue 47): renders the Callbacks page machine and sends it events. */
export function CallbacksPage({ logic = callbacksPageMachine }: { logic?: typeof callbacksPageMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const user = SessionContext.useSelector((s) => s.context.user);
  // The address's query (issue 29) is read once, as the page opens; the machine keeps it in step after.
  const query = useSearch();
  const page = useActorRef(logic, { input: { role: user!.type, query } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const search = () => page.send({ type: 'SEARCH' });
  const loading = s.matches({ list: 'loading' });
  const views = s.children.views as SavedViewsActor | undefined;
  const endpoint = s.children.endpoint as CallbackEndpointActor | undefined;

  return (
    <PageSection title={said(pageTitle('callbacks'))}>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          <FilterDropdown
            label={t({ defaultMessage: 'Client', id: 'JX0502' })}
            allText={t({ defaultMessage: 'All Clients', id: '/04a1C' })}
            minWidth={220}
            options={clients.map((cl) => ({ id: cl.id, name: cl.client_name }))}
            value={c.fields.clientId}
            onChange={(value) => page.send({ type: 'SET_CLIENT', value })}
          />
          <ChoiceField
            label={t({ defaultMessage: 'Outcome', id: 'iaHymw' })}
            minWidth={140}
            options={CALLBACK_OUTCOMES}
            labelOf={(o) => said(CALLBACK_OUTCOME_LABELS[o])}
            noneText={t({ defaultMessage: 'All', id: 'zQvVDJ' })}
            value={c.fields.outcome}
            onChange={(value) => page.send({ type: 'SET_OUTCOME', value })}
          />
          <DateRangeField
            value={c.filter.text}
            error={c.filter.error}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={search}
          />
          <Field label={t({ defaultMessage: 'Correlation ID', id: 'p849eW' })}>
            <Input
              value={c.fields.correlationId}
              onChange={(_, d) => page.send({ type: 'SET_CORRELATION_ID', value: d.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') search();
              }}
            />
          </Field>
          <div className={styles.buttons}>
            <SearchButton disabled={!s.can({ type: 'SEARCH' })} onClick={search} />
            {s.can({ type: 'OPEN_ENDPOINT' }) && (
              <Button icon={<PlugConnectedRegular />} onClick={() => page.send({ type: 'OPEN_ENDPOINT' })}>
                {t({ defaultMessage: 'Callback endpoint', id: '8lRMGx' })}
              </Button>
            )}
          </div>
        </div>
        {s.matches({ list: 'failed' }) && (
          <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => page.send({ type: 'RETRY' })} />
        )}
        {c.resending && (
          <Spinner
            size="tiny"
            label={t(
              { defaultMessage: 'Resending the callback of {id}…', id: 'swmHJK' },
              { id: c.resending.correlation_id },
            )}
          />
        )}
        {views && (
          <div className={styles.memory}>
            <SavedViewsMenu actor={views} />
          </div>
        )}
        <CallbacksTable
          rows={c.rows}
          loading={loading}
          failed={c.loadError != null}
          mayResend={(row) => s.can({ type: 'RESEND', row }) || c.resending?.correlation_id === row.correlation_id}
          resending={c.resending?.correlation_id ?? null}
          onOpen={(row) => page.send({ type: 'OPEN_ATTEMPTS', row })}
          onResend={(row) => page.send({ type: 'RESEND', row })}
        />
        <Pager meta={c.meta} limit={c.limit} disabled={loading} send={page.send} />
      </Card>
      {c.opened && (
        <CallbackAttemptsDialog
          delivery={c.rows.find((r) => r.correlation_id === c.opened!.correlation_id) ?? c.opened}
          attempts={c.attempts}
          loading={s.matches({ attempts: 'loading' })}
          error={s.matches({ attempts: 'failed' }) ? c.attemptsError : null}
          onRetry={() => page.send({ type: 'RETRY' })}
          onClose={() => page.send({ type: 'CLOSE_ATTEMPTS' })}
        />
      )}
      {endpoint && <CallbackEndpointDialog actor={endpoint} onClose={() => page.send({ type: 'CLOSE_ENDPOINT' })} />}
    </PageSection>
  );
}

export default CallbacksPage;
