import { Fragment, type ReactNode } from 'react';
import { Button, Card, Subtitle2, Text, Title2, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Link } from 'wouter';
import { registeredMachine, type RegisteredMachine } from '../../machines/registry';
import { scxmlOf } from '../../machines/charts';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { saveTextFile } from '../../services/download';
import { pagePath } from '../../services/pages';
import { WorkflowChart } from './WorkflowChart';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' },
  header: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  // The chart takes the page's whole width (it is scaled to fit it); its guards in words below.
  guards: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;
/** Between code names, which are the same in every language. */
const LIST_SEPARATOR = ', ';

function Workflow({ workflow, logic }: { workflow: RegisteredMachine; logic: typeof workflowChartMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const guards = Object.entries(workflow.guardWords);
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.header}>
        <Title2 as="h1" id="page-title">
          {t({ defaultMessage: 'Workflow: {workflow}', id: 'oOeaYJ' }, { workflow: workflow.id })}
        </Title2>
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={() => saveTextFile(scxmlOf(workflow), `${workflow.id}.scxml`, 'application/scxml+xml')}
        >
          {t({ defaultMessage: 'Download SCXML', id: '5hPuXc' })}
        </Button>
        <Link href={`~${pagePath('workflows')}`}>{t({ defaultMessage: 'All workflows', id: 'hR2s7I' })}</Link>
      </div>
      <Text>{said(workflow.purpose)}</Text>
      {/* As tall as the window leaves below the header (issue 45: a 160-px strip was unreadable), 320 px at least. */}
      <WorkflowChart
        workflow={workflow}
        title={t({ defaultMessage: '{workflow} chart', id: 'I0VCVA' }, { workflow: workflow.id })}
        logic={logic}
        maxHeight="max(320px, calc(100vh - 290px))"
      />
      <Card className={styles.guards} aria-label={t({ defaultMessage: 'Guards', id: 'uIqFpL' })}>
        <Subtitle2 as="h2">{t({ defaultMessage: 'Guards', id: 'uIqFpL' })}</Subtitle2>
        {guards.length === 0 ? (
          <Text>{t({ defaultMessage: 'This workflow has no guards.', id: 'aaVr/W' })}</Text>
        ) : (
          <dl style={{ margin: 0 }}>
            {guards.map(([name, words]) => (
              <div key={name} style={{ marginBottom: 8 }}>
                <dt>
                  <code>{name}</code>
                </dt>
                {/* The guard's words are English in the machine's file (its SCXML says them so), shown translated. */}
                <dd style={{ margin: 0 }}>{said(words)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      <ChartCheck workflow={workflow} />
    </section>
  );
}

/**
 * How the downloaded chart is checked (issue 42): a lifecycle's is executable, its facts and event
 * fields named as the document names them; a page flow's is a readable chart only.
 */
function ChartCheck({ workflow }: { workflow: RegisteredMachine }) {
  const styles = useStyles();
  const t = useT();
  const facts = Object.keys(workflow.factWords);
  // The fact and field names are the document's own: code, in every language.
  const names = (list: readonly string[]) =>
    list.map((name, i) => (
      <Fragment key={name}>
        {i > 0 && LIST_SEPARATOR}
        <code>{name}</code>
      </Fragment>
    ));
  const eventFields = workflow.id === 'approval' ? ['role', 'isMaker', 'holdsModule'] : ['role'];
  return (
    <Card className={styles.guards} aria-label={t({ defaultMessage: 'Checking this chart', id: '8NcHab' })}>
      <Subtitle2 as="h2">{t({ defaultMessage: 'Checking this chart', id: '8NcHab' })}</Subtitle2>
      {workflow.lifecycle ? (
        <>
          <Text as="p">
            {facts.length
              ? t(
                  {
                    defaultMessage:
                      "The SCXML is executable: run it in any SCXML interpreter (such as SCION) with the record's " +
                      "facts as its data ({facts}) and each event's fields as the event's data ({fields}). It gives " +
                      "the server's answer: every step the server takes, it takes; every step the server refuses, it " +
                      'refuses.',
                    id: 'hI30XQ',
                  },
                  { facts: names(facts), fields: names(eventFields) },
                )
              : t(
                  {
                    defaultMessage:
                      'The SCXML is executable: run it in any SCXML interpreter (such as SCION) with no data (no fact ' +
                      "of the record decides a step here) and each event's fields as the event's data ({fields}). It " +
                      "gives the server's answer: every step the server takes, it takes; every step the server " +
                      'refuses, it refuses.',
                    id: 'CbmC81',
                  },
                  { fields: names(eventFields) },
                )}
          </Text>
          <Text as="p">
            {t(
              {
                defaultMessage:
                  'Every build checks it so: each status, event, actor type, maker, module and fact combination is ' +
                  "put to SCION running this document alone and to the server's own lifecycle, and the two must " +
                  'agree (<code>npm run charts:check</code> prints the table); the document is validated against the ' +
                  'W3C SCXML 1.0 schema; and generated paths through the chart are walked on real records through ' +
                  'the API with the ledger checked at every step. “Checking the charts yourself” in ' +
                  '<code>docs/charts.md</code> shows how to run it.',
                id: 'b53xh9',
              },
              { code },
            )}
          </Text>
        </>
      ) : (
        <Text as="p">
          {t({
            defaultMessage:
              "This is a screen's flow: its SCXML names each guard, which runs in the app, and is valid W3C SCXML " +
              '1.0 to read, not a document to run alone. The record lifecycles (transaction, disbursement, ' +
              'withdrawal, approval) are the executable charts.',
            id: 'U/5IUf',
          })}
        </Text>
      )}
    </Card>
  );
}

/** One workflow machine, charted from its definition, with its guards in words and its SCXML. */
export function WorkflowPage({
  id,
  logic = workflowChartMachine,
}: {
  id: string;
  logic?: typeof workflowChartMachine;
}) {
  const t = useT();
  const workflow = registeredMachine(id);
  if (!workflow) {
    return (
      <section style={{ padding: 24 }} aria-labelledby="page-title">
        <Title2 as="h1" id="page-title">
          {t({ defaultMessage: 'No such workflow', id: 'd0gSdH' })}
        </Title2>
        <Text as="p">
          {t(
            { defaultMessage: 'There is no workflow named “{workflow}”. <link>All workflows</link>', id: 'Arbe9i' },
            { workflow: id, link: (chunks: ReactNode[]) => <Link href={`~${pagePath('workflows')}`}>{chunks}</Link> },
          )}
        </Text>
      </section>
    );
  }
  return <Workflow key={workflow.id} workflow={workflow} logic={logic} />;
}

export default WorkflowPage;
