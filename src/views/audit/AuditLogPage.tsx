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

const TEXT_FIELDS: readonly { field: Exclude<AuditField, 'outcome' | 'search'>; label: string }[] = [
  { field: 'actor', label: 'Actor' },
  { field: 'action', label: 'Action' },
  { field: 'object_type', label: 'Object Type' },
  { field: 'object_id', label: 'Object ID' },
  { field: 'line', label: 'Line #' },
];

/** One step in words: 'PENDING > REJECTED by who at when', or 'PENDING by who at when' for the first. */
export const stepText = (step: AuditPathStep) =>
  `${step.from && step.from !== step.status ? `${step.from} > ` : ''}${step.status}` +
  // A step that kept the status (Process Transactions) says what it did.
  `${step.from === step.status ? ` (${step.action})` : ''} by ${step.by}` +
  `${step.checker ? `, approved by ${step.checker}` : ''} at ${formatDateTime(step.at)}`;

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
  const lifecycle = path ? registeredMachine(path.entity.type) : undefined;
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label="Entity path" className={styles.surface}>
        <DialogBody>
          <DialogTitle>{path ? `Path of ${path.entity.type} ${path.entity.id}` : 'Entity path'}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {loading && <Spinner size="small" label="Loading the path…" />}
            {error && <RetryBar message={error} onRetry={onRetry} />}
            {path && (
              <>
                <Text>
                  Now {path.entity.status}
                  {hasJournal(path.entity.type) && (
                    <>
                      {' · '}
                      <Link href={`~${journalLink(path.entity.id)}`}>Journal</Link>
                    </>
                  )}
                </Text>
                {path.steps.length === 0 ? (
                  <Text>No status changes are recorded for it.</Text>
                ) : (
                  <ol aria-label="Steps" style={{ margin: 0 }}>
                    {path.steps.map((step, i) => (
                      <li key={i}>{stepText(step)}</li>
                    ))}
                  </ol>
                )}
                {lifecycle && (
                  <WorkflowChart
                    workflow={lifecycle}
                    title={`${lifecycle.id} lifecycle`}
                    logic={chartLogic}
                    visited={visitedStates(path)}
                    maxHeight="50vh"
                  />
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
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
    <PageSection title={pageTitle('audit-log')}>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          {TEXT_FIELDS.map(({ field, label }) => (
            <Field key={field} label={label}>
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
            label="Outcome"
            minWidth={140}
            options={AUDIT_OUTCOMES}
            noneText="Any"
            value={c.fields.outcome as (typeof AUDIT_OUTCOMES)[number] | ''}
            onChange={(value) => set('outcome', value)}
          />
          <DateRangeField
            value={c.filter.text}
            error={c.filter.error}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={search}
          />
          <Field label="Search">
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
              {s.matches({ export: 'exporting' }) ? 'Exporting…' : 'Export'}
            </Button>
            <Button
              icon={<ShieldCheckmarkRegular />}
              disabled={!s.can({ type: 'VERIFY' })}
              onClick={() => page.send({ type: 'VERIFY' })}
            >
              {s.matches({ verify: 'verifying' }) ? 'Verifying…' : 'Verify'}
            </Button>
          </div>
        </div>
        {(c.head || c.chain) && (
          <Text className={styles.head} title={c.head ?? undefined}>
            {c.head ? `Chain head: ${c.head.slice(0, HEAD_SHOWN)}…` : 'Chain head: none (the log is empty)'}
          </Text>
        )}
        {s.matches({ list: 'failed' }) && (
          <RetryBar message={c.loadError} onRetry={() => page.send({ type: 'RETRY' })} />
        )}
        {s.matches({ export: 'failed' }) && (
          <MessageBar intent="error">
            <MessageBarBody>{c.exportError}</MessageBarBody>
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
          error={s.matches({ path: 'failed' }) ? c.pathError : null}
          onClose={() => page.send({ type: 'CLOSE_PATH' })}
          onRetry={() => page.send({ type: 'RETRY' })}
          chartLogic={chartLogic}
        />
      )}
    </PageSection>
  );
}

export default AuditLogPage;
