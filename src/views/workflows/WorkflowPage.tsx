import { Button, Card, Subtitle2, Text, Title2, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Link } from 'wouter';
import { registeredMachine, type RegisteredMachine } from '../../machines/registry';
import { scxmlOf } from '../../machines/charts';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { saveTextFile } from '../../services/download';
import { pagePath } from '../../services/pages';
import { WorkflowChart } from './WorkflowChart';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' },
  header: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  // The chart takes the page's whole width (it is scaled to fit it); its guards in words below.
  guards: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

function Workflow({ workflow, logic }: { workflow: RegisteredMachine; logic: typeof workflowChartMachine }) {
  const styles = useStyles();
  const guards = Object.entries(workflow.guardWords);
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.header}>
        <Title2 as="h1" id="page-title">
          Workflow: {workflow.id}
        </Title2>
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={() => saveTextFile(scxmlOf(workflow), `${workflow.id}.scxml`, 'application/scxml+xml')}
        >
          Download SCXML
        </Button>
        <Link href={`~${pagePath('workflows')}`}>All workflows</Link>
      </div>
      <Text>{workflow.purpose}</Text>
      {/* As tall as the window leaves below the header (issue 45: a 160-px strip was unreadable), 320 px at least. */}
      <WorkflowChart
        workflow={workflow}
        title={`${workflow.id} chart`}
        logic={logic}
        maxHeight="max(320px, calc(100vh - 290px))"
      />
      <Card className={styles.guards} aria-label="Guards">
        <Subtitle2 as="h2">Guards</Subtitle2>
        {guards.length === 0 ? (
          <Text>This workflow has no guards.</Text>
        ) : (
          <dl style={{ margin: 0 }}>
            {guards.map(([name, words]) => (
              <div key={name} style={{ marginBottom: 8 }}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd style={{ margin: 0 }}>{words}</dd>
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
  const facts = Object.keys(workflow.factWords);
  return (
    <Card className={styles.guards} aria-label="Checking this chart">
      <Subtitle2 as="h2">Checking this chart</Subtitle2>
      {workflow.lifecycle ? (
        <>
          <Text as="p">
            The SCXML is executable: run it in any SCXML interpreter (such as SCION) with{' '}
            {facts.length ? (
              <>
                the record&apos;s facts as its data (
                {facts.map((f) => (
                  <code key={f}>{f} </code>
                ))}
                )
              </>
            ) : (
              'no data (no fact of the record decides a step here)'
            )}{' '}
            and each event&apos;s fields as the event&apos;s data (<code>role</code>
            {workflow.id === 'approval' ? (
              <>
                , <code>isMaker</code>, <code>holdsModule</code>
              </>
            ) : null}
            ). It gives the server&apos;s answer: every step the server takes, it takes; every step the server refuses,
            it refuses.
          </Text>
          <Text as="p">
            Every build checks it so: each status, event, actor type, maker, module and fact combination is put to SCION
            running this document alone and to the server&apos;s own lifecycle, and the two must agree (
            <code>npm run charts:check</code> prints the table); the document is validated against the W3C SCXML 1.0
            schema; and generated paths through the chart are walked on real records through the API with the ledger
            checked at every step. &ldquo;Checking the charts yourself&rdquo; in <code>docs/charts.md</code> shows how
            to run it.
          </Text>
        </>
      ) : (
        <Text as="p">
          This is a screen&apos;s flow: its SCXML names each guard, which runs in the app, and is valid W3C SCXML 1.0 to
          read, not a document to run alone. The record lifecycles (transaction, disbursement, withdrawal, approval) are
          the executable charts.
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
  const workflow = registeredMachine(id);
  if (!workflow) {
    return (
      <section style={{ padding: 24 }} aria-labelledby="page-title">
        <Title2 as="h1" id="page-title">
          No such workflow
        </Title2>
        <Text as="p">
          There is no workflow named “{id}”. <Link href={`~${pagePath('workflows')}`}>All workflows</Link>
        </Text>
      </section>
    );
  }
  return <Workflow key={workflow.id} workflow={workflow} logic={logic} />;
}

export default WorkflowPage;
