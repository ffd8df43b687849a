import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fromPromise } from 'xstate';
import type { ChartGraph } from '../../machines/chartGraph';
import type { ChartLayout } from '../../machines/chartLayout';
import { withdrawalGuardWords } from '../../machines/lifecycle/withdrawalLifecycle';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import * as download from '../../services/download';
import { WorkflowPage } from '../../views/workflows/WorkflowPage';
import { WorkflowsPage } from '../../views/workflows/WorkflowsPage';
import { machineRegistry } from '../../machines/registry';
import type { ReactNode } from 'react';
import { InIndonesian } from './indonesianCatalog';

const inIndonesian = (children: ReactNode) => (
  <FluentProvider theme={webLightTheme}>
    <InIndonesian>{children}</InIndonesian>
  </FluentProvider>
);

/** A layout without ELK: states in a column, each edge a straight line with its label halfway. */
const fakeLayout = fromPromise<ChartLayout, ChartGraph>(async ({ input }) => {
  const boxes = input.nodes.map((node, i) => ({ node, x: 0, y: 60 * i, width: 160, height: 40 }));
  const at = new Map(boxes.map((b) => [b.node.id, b]));
  const lines = input.edges.map((edge) => {
    const a = at.get(edge.source)!;
    const b = at.get(edge.target)!;
    return {
      edge,
      points: [
        { x: a.x, y: a.y },
        { x: b.x, y: b.y },
      ],
      label: { x: 10, y: (a.y + b.y) / 2 },
    };
  });
  return { width: 200, height: 60 * boxes.length, boxes, lines };
});

const logic = workflowChartMachine.provide({ actors: { layout: fakeLayout } });
const renderPage = (id: string) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <WorkflowPage id={id} logic={logic} />
    </FluentProvider>,
  );

describe('Workflow page', () => {
  it('draws the withdrawal lifecycle: its states, transitions, guard in words, and offers its SCXML', async () => {
    renderPage('withdrawal');
    const chart = await screen.findByRole('img', { name: 'withdrawal chart' });
    for (const name of ['PENDING', 'COMPLETED', 'REJECTED'])
      expect(within(chart).getByText(new RegExp(`${name}$`))).toBeTruthy();
    expect(within(chart).getByText('COMPLETE [bySuperAdmin]')).toBeTruthy();
    expect(within(chart).getByText('REJECT [bySuperAdmin]')).toBeTruthy();
    const guards = screen.getByLabelText('Guards');
    expect(within(guards).getByText('bySuperAdmin')).toBeTruthy();
    expect(within(guards).getByText(withdrawalGuardWords.bySuperAdmin)).toBeTruthy();

    const save = vi.spyOn(download, 'saveTextFile').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download SCXML' }));
    expect(save).toHaveBeenCalledWith(expect.stringContaining('<scxml'), 'withdrawal.scxml', expect.any(String));
    save.mockRestore();
  });

  it('says when the layout fails, and tries again', async () => {
    const failing = workflowChartMachine.provide({
      actors: {
        layout: fromPromise<ChartLayout, ChartGraph>(async () => {
          throw new Error('boom');
        }),
      },
    });
    render(
      <FluentProvider theme={webLightTheme}>
        <WorkflowPage id="withdrawal" logic={failing} />
      </FluentProvider>,
    );
    expect(await screen.findByText(/could not be laid out/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('has no chart for an unknown id', () => {
    renderPage('nope');
    expect(screen.getByRole('heading', { name: 'No such workflow' })).toBeTruthy();
  });
});

describe('Workflows page', () => {
  it('lists every registered machine, lifecycles first, each with its purpose and a link', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <WorkflowsPage />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Workflows' })).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.slice(0, 3)).toEqual(['payin', 'withdrawal', 'disbursement']);
    expect(links).toHaveLength(machineRegistry.length);
    for (const m of machineRegistry) expect(screen.getByText(m.purpose)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'withdrawal' }).getAttribute('href')).toBe(
      '/dashboard/workflows/withdrawal',
    );
  });
});

describe('in Bahasa Indonesia (issue 48)', () => {
  it('the Workflows page speaks it: its captions and each purpose; workflow ids stay', () => {
    render(inIndonesian(<WorkflowsPage />));
    expect(screen.getByRole('table', { name: 'Alur Kerja' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tujuan' })).toBeTruthy();
    expect(screen.getAllByText('Siklus hidup')).toHaveLength(machineRegistry.filter((m) => m.lifecycle).length);
    expect(
      screen.getByText('Siklus hidup penarikan: PENDING sampai SUPER ADMIN menyelesaikan atau menolaknya.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'withdrawal' })).toBeTruthy();
  });

  it('a workflow page speaks it: its captions and guard words; state ids, events and guard names stay', async () => {
    render(inIndonesian(<WorkflowPage id="withdrawal" logic={logic} />));
    const chart = await screen.findByRole('img', { name: 'Bagan withdrawal' });
    expect(within(chart).getByText('COMPLETE [bySuperAdmin]')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alur kerja: withdrawal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh SCXML' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Perbesar' })).toBeTruthy();
    const guards = screen.getByLabelText('Guard');
    expect(within(guards).getByText('bySuperAdmin')).toBeTruthy();
    expect(
      within(guards).getByText(
        'Hanya SUPER ADMIN yang boleh menyelesaikan atau menolak; hanya selama PENDING, dan hanya sekali.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Memeriksa bagan ini' })).toBeTruthy();
  });
});
