import {
  Button,
  Card,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { ArrowDownloadRegular, ShieldCheckmarkRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { LIST_COLUMNS } from '../../services/savedViewRules';
import { ColumnChooser } from '../common/ColumnChooser';
import { SavedViewsMenu, type SavedViewsActor } from '../common/SavedViewsMenu';
import { AuditLogTable } from './AuditLogTable';
import { AuditLineDialog } from './AuditLineDialog';
import type { AuditLineActor } from '../../machines/auditLineMachine';
import { auditLogMachine, type AuditField } from '../../machines/auditLogMachine';
import { registeredMachine } from '../../machines/registry';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { AUDIT_OUTCOMES, type AuditPath, type AuditPathStep } from '../../services/auditLogRules';
import { formatDateTime } from '../../services/format';
import { hasJournal, journalLink } from '../../services/ledgerLinks';
import { pageTitle } from '../../services/pages';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { WorkflowChart } from '../workflows/WorkflowChart';
import { RetryBar } from '../common/RetryBar';
import { PageSection } from '../common/PageSection';
import { SearchButton } from '../common/SearchButton';
import { ChoiceField } from '../common/ChoiceField';
import type { IntlShape } from 'react-intl';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
  surface: { maxWidth: '1100px', width: '95vw' },
  head: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground2 },
  memory: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

/** Enough of the head to compare by eye; the whole hash is in the title. */
const HEAD_SHOWN = 16;

const TEXT_FIELDS: readonly Exclude<AuditField, 'outcome' | 'search'>[] = [
  'actor',
  'action',
  'object_type',
  'object_id',
  'line',
];

/** One step in words: 'PENDING > REJECTED by who at when', or 'PENDING by who at when' for the first. */
export function stepText(step: AuditPathStep, t: IntlShape['formatMessage']) {
  // The statuses are the lifecycles' own names; the step that kept the status (Process Transactions) says what it did.
  const status =
    step.from === step.status
      ? `${step.status} (${step.action})`
      : `${step.from ? `${step.from} > ` : ''}${step.status}`;
  const values = { status, by: step.by, at: formatDateTime(step.at) };
  return step.checker
    ? t(
        { defaultMessage: '{status} by {by}, approved by {checker} at {at}', id: 'Ehh/a0' },
        { ...values, checker: step.checker },
      )
    : t({ defaultMessage: '{status} by {by} at {at}', id: 'BJq/EL' }, values);
}

/** Each status the path reached, with the (1-based) steps at which it did. */
export function visitedStates(path: AuditPath): Map<string, number[]> {
  const visited = new Map<string, number[]>();
  path.steps.forEach((step, i) => visited.set(step.status, [...(visited.get(step.status) ?? []), i + 1]));
  return visited;
}

function PathDialog({
  path,
  loading,
  error,
  onClose,
  onRetry,
  chartLogic,
}: {
  path: AuditPath | null;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onRetry: () => void;
  chartLogic: typeof workflowChartMachine;
}) {
  const styles = useStyles();
  const t = useT();
  const lifecycle = path ? registeredMachine(path.entity.type) : undefined;
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label={t({ defaultMessage: 'Entity path', id: '7TPTVg' })} className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            {path
              ? t(
                  { defaultMessage: 'Path of {type} {id}', id: 'lw3K0a' },
                  { type: path.entity.type, id: path.entity.id },
                )
              : t({ defaultMessage: 'Entity path', id: '7TPTVg' })}
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {loading && <Spinner size="small" label={t({ defaultMessage: 'Loading the path…', id: 'FWzB0M' })} />}
            {error && <RetryBar message={error} onRetry={onRetry} />}
            {path && (
              <>
                <Text>
                  {t({ defaultMessage: 'Now {status}', id: 'NKJvsM' }, { status: path.entity.status })}
                  {hasJournal(path.entity.type) && (
                    <>
                      {' · '}
                      <Link href={`~${journalLink(path.entity.id)}`}>
                        {t({ defaultMessage: 'Journal', id: '046zjm' })}
                      </Link>
                    </>
                  )}
                </Text>
                {path.steps.length === 0 ? (
                  <Text>{t({ defaultMessage: 'No status changes are recorded for it.', id: '1Vy/mi' })}</Text>
                ) : (
                  <ol aria-label={t({ defaultMessage: 'Steps', id: 'huCHmk' })} style={{ margin: 0 }}>
                    {path.steps.map((step, i) => (
                      <li key={i}>{stepText(step, t)}</li>
                    ))}
                  </ol>
                )}
                {lifecycle && (
                  <WorkflowChart
                    workflow={lifecycle}
                    title={t({ defaultMessage: '{workflow} lifecycle', id: 'pNO21I' }, { workflow: lifecycle.id })}
                    logic={chartLogic}
                    visited={visitedStates(path)}
                    maxHeight="50vh"
                  />
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}

/** Audit Log (issue 15; SUPER ADMIN by the route guard). Renders the audit log machine; sends events. */
export function AuditLogPage({
  logic = auditLogMachine,
  chartLogic = workflowChartMachine,
}: {
  logic?: typeof auditLogMachine;
  chartLogic?: typeof workflowChartMachine;
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const labels: Record<(typeof TEXT_FIELDS)[number], string> = {
    actor: t({ defaultMessage: 'Actor', id: 'CHXoWz' }),
    action: t({ defaultMessage: 'Action', id: 'QlsDcr' }),
    object_type: t({ defaultMessage: 'Object Type', id: 'INclvL' }),
    object_id: t({ defaultMessage: 'Object ID', id: '7egVxu' }),
    line: t({ defaultMessage: 'Line #', id: 'aaz4bV' }),
  };
  // The address's query (issue 29) is read once, as the page opens; the machine keeps it in step after.
  const query = useSearch();
  const page = useActorRef(logic, { input: { query } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const search = () => page.send({ type: 'SEARCH' });
  const set = (field: AuditField, value: string) => page.send({ type: 'SET_FIELD', field, value });
  const loading = s.matches({ list: 'loading' });
  const pathOpen = !s.matches({ path: 'closed' });
  const views = s.children.views as SavedViewsActor | undefined;
  const lineActor = s.children.auditLine as AuditLineActor | undefined;
  const shown = useSelector(views, (snapshot) => snapshot?.context.shown ?? null) ?? LIST_COLUMNS['audit-log'];

  return (
    <PageSection title={said(pageTitle('audit-log'))}>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          {TEXT_FIELDS.map((field) => (
            <Field key={field} label={labels[field]}>
              <Input
                value={c.fields[field]}
                onChange={(_, d) => set(field, d.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') search();
                }}
              />
            </Field>
          ))}
          <ChoiceField
            label={t({ defaultMessage: 'Outcome', id: 'iaHymw' })}
            minWidth={140}
            options={AUDIT_OUTCOMES}
            noneText={t({ defaultMessage: 'Any', id: 'ToO3/h' })}
            value={c.fields.outcome as (typeof AUDIT_OUTCOMES)[number] | ''}
            onChange={(value) => set('outcome', value)}
          />
          <DateRangeField
            value={c.filter.text}
            error={c.filter.error}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={search}
          />
          <Field label={t({ defaultMessage: 'Search', id: 'xmcVZ0' })}>
            <Input
              value={c.fields.search}
              onChange={(_, d) => set('search', d.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') search();
              }}
            />
          </Field>
          <div className={styles.buttons}>
            <SearchButton disabled={!s.can({ type: 'SEARCH' })} onClick={search} />
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={!s.can({ type: 'EXPORT' })}
              onClick={() => page.send({ type: 'EXPORT' })}
            >
              {s.matches({ export: 'exporting' })
                ? t({ defaultMessage: 'Exporting…', id: 'LQbQno' })
                : t({ defaultMessage: 'Export', id: 'SVwJTM' })}
            </Button>
            <Button
              icon={<ShieldCheckmarkRegular />}
              disabled={!s.can({ type: 'VERIFY' })}
              onClick={() => page.send({ type: 'VERIFY' })}
            >
              {s.matches({ verify: 'verifying' })
                ? t({ defaultMessage: 'Verifying…', id: '9UZKR3' })
                : t({ defaultMessage: 'Verify', id: 'q5Xl0M' })}
            </Button>
          </div>
        </div>
        {(c.head || c.chain) && (
          <Text className={styles.head} title={c.head ?? undefined}>
            {c.head
              ? t({ defaultMessage: 'Chain head: {head}…', id: 'HQ1lIM' }, { head: c.head.slice(0, HEAD_SHOWN) })
              : t({ defaultMessage: 'Chain head: none (the log is empty)', id: 'vuLorl' })}
          </Text>
        )}
        {s.matches({ list: 'failed' }) && (
          <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => page.send({ type: 'RETRY' })} />
        )}
        {s.matches({ export: 'failed' }) && (
          <MessageBar intent="error">
            <MessageBarBody>{c.exportError && said(c.exportError)}</MessageBarBody>
          </MessageBar>
        )}
        {views && (
          <div className={styles.memory}>
            <SavedViewsMenu actor={views} />
            <ColumnChooser
              offered={LIST_COLUMNS['audit-log']}
              shown={shown}
              onChange={(next) => views.send({ type: 'SET_COLUMNS', shown: next })}
            />
          </div>
        )}
        <AuditLogTable
          rows={c.rows}
          shown={shown}
          loading={loading}
          failed={c.loadError != null}
          onPath={(object_type, object_id) => page.send({ type: 'OPEN_PATH', object_type, object_id })}
          onLine={(id, view) => page.send({ type: 'OPEN_LINE', id, view })}
        />
        <Pager meta={c.meta} limit={c.limit} disabled={loading} send={page.send} />
      </Card>
      {lineActor && <AuditLineDialog actor={lineActor} onClose={() => page.send({ type: 'CLOSE_LINE' })} />}
      {pathOpen && (
        <PathDialog
          path={c.path}
          loading={s.matches({ path: 'loading' })}
          error={s.matches({ path: 'failed' }) && c.pathError ? said(c.pathError) : null}
          onClose={() => page.send({ type: 'CLOSE_PATH' })}
          onRetry={() => page.send({ type: 'RETRY' })}
          chartLogic={chartLogic}
        />
      )}
    </PageSection>
  );
}

export default AuditLogPage;
