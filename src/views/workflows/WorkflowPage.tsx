import {
  Button, Card, MessageBar, MessageBarActions, MessageBarBody, Spinner, Subtitle2, Text, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ChartBox, ChartLayout, ChartLine } from '../../machines/chartLayout';
import { registeredMachine, type RegisteredMachine } from '../../machines/registry';
import { toScxml } from '../../machines/scxml';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { saveTextFile } from '../../services/download';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px' },
  header: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  body: { display: 'flex', gap: '16px', alignItems: 'flex-start', flexWrap: 'wrap' },
  chart: { flex: '1 1 600px', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px' },
  guards: { flex: '0 1 320px', display: 'flex', flexDirection: 'column', gap: '8px' },
});

const MARGIN = 8;

function StateBox({ box, steps }: { box: ChartBox; steps?: readonly number[] }) {
  const { node } = box;
  const container = node.kind === 'compound' || node.kind === 'parallel';
  const visited = !container && steps != null && steps.length > 0;
  return (
    <g data-state={node.id} data-visited={visited ? steps.join(',') : undefined}
      aria-label={visited ? `state ${node.key}, step ${steps.join(', ')}` : `state ${node.key}`}>
      <rect
        x={box.x} y={box.y} width={box.width} height={box.height} rx={8}
        fill={container ? 'none' : visited ? tokens.colorBrandBackground2 : tokens.colorNeutralBackground1}
        stroke={visited ? tokens.colorBrandStroke1 : node.kind === 'final' ? tokens.colorPaletteGreenBorder2 : tokens.colorNeutralStroke1}
        strokeWidth={visited ? 3 : node.kind === 'final' ? 2 : 1}
        strokeDasharray={node.kind === 'parallel' ? '6 4' : undefined}
      />
      {node.kind === 'final' && <rect x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={6} fill="none" stroke={tokens.colorPaletteGreenBorder2} />}
      <text x={box.x + 10} y={box.y + 20} fontWeight={600} fontSize={13}>
        {node.initial ? '→ ' : ''}{node.key}{node.kind === 'parallel' ? ' (parallel)' : ''}
      </text>
      {node.invokes.map((src, i) => (
        <text key={src + i} x={box.x + 10} y={box.y + 36 + 16 * i} fontSize={11} fill={tokens.colorNeutralForeground3}>invoke {src}</text>
      ))}
      {visited && (
        // The step numbers in a badge on the box's top-right corner, clear of the state's name.
        <g aria-hidden="true">
          <rect x={box.x + box.width - 10} y={box.y - 10} width={12 + 8 * steps.join(',').length} height={20} rx={10} fill={tokens.colorBrandBackground} />
          <text x={box.x + box.width - 4} y={box.y + 4} fontWeight={700} fontSize={12} fill={tokens.colorNeutralForegroundOnBrand}>
            {steps.join(',')}
          </text>
        </g>
      )}
    </g>
  );
}

function Transition({ line }: { line: ChartLine }) {
  if (line.points.length < 2) return null;
  const d = line.points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
  return (
    <g data-edge={line.edge.id}>
      <path d={d} fill="none" stroke={tokens.colorBrandStroke1} markerEnd="url(#arrow)" />
      {line.label && <text x={line.label.x} y={line.label.y} fontSize={11} fill={tokens.colorNeutralForeground2}>{line.edge.label}</text>}
    </g>
  );
}

/**
 * The machine as SVG, drawn from a finished layout. `visited` (optional) highlights states by
 * their key, each numbered with the steps (1-based) at which it was reached.
 */
export function ChartSvg({ layout, title, visited }: { layout: ChartLayout; title: string; visited?: ReadonlyMap<string, readonly number[]> }) {
  const outer = layout.boxes.filter((b) => b.node.kind === 'compound' || b.node.kind === 'parallel');
  const leaves = layout.boxes.filter((b) => !outer.includes(b));
  return (
    <svg role="img" aria-label={title} width={layout.width + 2 * MARGIN} height={layout.height + 2 * MARGIN} fontFamily={tokens.fontFamilyBase}>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={tokens.colorBrandStroke1} />
        </marker>
      </defs>
      <g transform={`translate(${MARGIN},${MARGIN})`}>
        {outer.map((b) => <StateBox key={b.node.id} box={b} />)}
        {leaves.map((b) => <StateBox key={b.node.id} box={b} steps={b.node.parent != null ? visited?.get(b.node.key) : undefined} />)}
        {layout.lines.map((l) => <Transition key={l.edge.id} line={l} />)}
      </g>
    </svg>
  );
}

function Workflow({ workflow, logic }: { workflow: RegisteredMachine; logic: typeof workflowChartMachine }) {
  const styles = useStyles();
  const chart = useActorRef(logic, { input: { workflow } });
  const state = useSelector(chart, (s) => s);
  const guards = Object.entries(workflow.guardWords);
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.header}>
        <Title2 as="h1" id="page-title">Workflow: {workflow.id}</Title2>
        <Button icon={<ArrowDownloadRegular />} onClick={() => saveTextFile(toScxml(workflow.machine, workflow.guardWords), `${workflow.id}.scxml`, 'application/scxml+xml')}>
          Download SCXML
        </Button>
        <Link href="~/dashboard/workflows">All workflows</Link>
      </div>
      <Text>{workflow.purpose}</Text>
      <div className={styles.body}>
        <div className={styles.chart}>
          {state.matches('loading') && <Spinner label="Drawing the chart…" />}
          {state.matches('failed') && (
            <MessageBar intent="error">
              <MessageBarBody>{state.context.error}</MessageBarBody>
              <MessageBarActions><Button onClick={() => chart.send({ type: 'RETRY' })}>Try again</Button></MessageBarActions>
            </MessageBar>
          )}
          {state.matches('shown') && state.context.layout && <ChartSvg layout={state.context.layout} title={`${workflow.id} chart`} />}
        </div>
        <Card className={styles.guards} aria-label="Guards">
          <Subtitle2 as="h2">Guards</Subtitle2>
          {guards.length === 0 ? <Text>This workflow has no guards.</Text> : (
            <dl style={{ margin: 0 }}>
              {guards.map(([name, words]) => (
                <div key={name} style={{ marginBottom: 8 }}>
                  <dt><code>{name}</code></dt>
                  <dd style={{ margin: 0 }}>{words}</dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      </div>
    </section>
  );
}

/** One workflow machine, charted from its definition, with its guards in words and its SCXML. */
export function WorkflowPage({ id, logic = workflowChartMachine }: { id: string; logic?: typeof workflowChartMachine }) {
  const workflow = registeredMachine(id);
  if (!workflow) {
    return (
      <section style={{ padding: 24 }} aria-labelledby="page-title">
        <Title2 as="h1" id="page-title">No such workflow</Title2>
        <Text as="p">There is no workflow named “{id}”. <Link href="~/dashboard/workflows">All workflows</Link></Text>
      </section>
    );
  }
  return <Workflow key={workflow.id} workflow={workflow} logic={logic} />;
}

export default WorkflowPage;
