import { Spinner } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { RegisteredMachine } from '../../machines/registry';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { ChartPanel } from './ChartPanel';
import { RetryBar } from '../common/RetryBar';
import { useSaid, useT } from '../../i18n/useT';

/**
 * A registered machine's chart: a spinner while ELK lays it out, the failure with 'Try again', then
 * the chart in its zoomable panel. The workflow page and the audit log's path dialog both show this.
 */
export function WorkflowChart({
  workflow,
  title,
  logic = workflowChartMachine,
  visited,
  maxHeight,
}: {
  workflow: RegisteredMachine;
  title: string;
  logic?: typeof workflowChartMachine;
  visited?: ReadonlyMap<string, readonly number[]>;
  maxHeight?: string;
}) {
  const t = useT();
  const said = useSaid();
  const chart = useActorRef(logic, { input: { workflow } });
  const state = useSelector(chart, (s) => s);
  return (
    <>
      {state.matches('loading') && (
        <Spinner size="small" label={t({ defaultMessage: 'Drawing the chart…', id: 'OmkVNY' })} />
      )}
      {state.matches('failed') && (
        <RetryBar
          message={state.context.error && said(state.context.error)}
          onRetry={() => chart.send({ type: 'RETRY' })}
        />
      )}
      {state.matches('shown') && state.context.layout && (
        <ChartPanel layout={state.context.layout} title={title} visited={visited} maxHeight={maxHeight} />
      )}
    </>
  );
}
