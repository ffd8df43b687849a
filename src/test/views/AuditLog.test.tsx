import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fromPromise } from 'xstate';
import { auditLogMachine, type AuditPathTarget, type AuditQuery } from '../../machines/auditLogMachine';
import type { ChartGraph } from '../../machines/chartGraph';
import type { ChartLayout } from '../../machines/chartLayout';
import { workflowChartMachine } from '../../machines/workflowChartMachine';
import { alerts, type Alert } from '../../services/alerts';
import { ApiError } from '../../services/http';
import type { AuditChainVerdict, AuditItemRow, AuditLogRow, AuditPath } from '../../services/auditLogRules';
import type { JournalEntry } from '../../services/ledgerRules';
import { auditLineMachine, type AuditLinePage, type AuditLinePageQuery } from '../../machines/auditLineMachine';
import { AuditLogPage } from '../../views/audit/AuditLogPage';
import { savedViewsWith } from './pageModelHarness';
import { dialogLabelled, queryDialogLabelled } from './dialogLabelled';
import type { Paged } from '../../services/paging';

const WD = '11111111-2222-3333-4444-555555555555';
const DSB = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

const rows: AuditLogRow[] = [
  {
    id: 2,
    created_at: '2026-11-23T03:42:00Z',
    actor_email: 'superadmin@demo.local',
    ip: '10.0.0.1',
    action: 'withdrawal.decide',
    object_type: 'withdrawal',
    object_id: WD,
    object_label: 'WD-11111111',
    outcome: 'success',
    detail: { before: { status: 'PENDING' }, after: { status: 'REJECTED' } },
  },

  {
    id: 1,
    created_at: '2026-11-23T03:00:00Z',
    actor_email: 'admin@demo.local',
    ip: null,
    action: 'user.update',
    object_type: 'user',
    object_id: '7',
    object_label: 'budi@demo.local',
    outcome: 'denied',
    detail: null,
  },
];

/** A voided disbursement, logged by its uuid. */
const voided: AuditLogRow = {
  id: 3,
  created_at: '2026-11-25T20:44:00Z',
  actor_email: 'superadmin@demo.local',
  ip: '10.0.0.1',
  action: 'disbursement.void',
  object_type: 'disbursement',
  object_id: DSB,
  object_label: 'DSB26112500000037',
  outcome: 'success',
  detail: {
    before: { status: 'PENDING', amount: 150_000 },
    after: { status: 'VOIDED', amount: 150_000 },
    reason: 'Duplicate payout requested twice',
  },
};

const path: AuditPath = {
  entity: { type: 'withdrawal', id: WD, status: 'REJECTED' },
  steps: [
    {
      status: 'PENDING',
      from: null,
      at: '2026-11-23T03:00:00Z',
      by: 'client@demo.local',
      action: 'withdrawal.request',
    },
    {
      status: 'REJECTED',
      from: 'PENDING',
      at: '2026-11-23T03:42:00Z',
      by: 'superadmin@demo.local',
      action: 'withdrawal.decide',
    },
  ],
};

/** A layout without ELK: states in a column. */
const fakeLayout = fromPromise<ChartLayout, ChartGraph>(async ({ input }) => {
  const boxes = input.nodes.map((node, i) => ({ node, x: 0, y: 60 * i, width: 160, height: 40 }));
  return { width: 200, height: 60 * boxes.length, boxes, lines: [] };
});
const chartLogic = workflowChartMachine.provide({ actors: { layout: fakeLayout } });

function setup(listed: AuditLogRow[] = rows) {
  const queries: AuditQuery[] = [];
  const targets: AuditPathTarget[] = [];
  const logic = auditLogMachine.provide({
    actors: {
      loadLog: fromPromise<Paged<AuditLogRow>, AuditQuery>(async ({ input }) => {
        queries.push(input);
        return { rows: listed, meta: { current_page: input.page, last_page: 3, total: 40, per_page: input.limit } };
      }),
      loadPath: fromPromise<AuditPath, AuditPathTarget>(async ({ input }) => {
        targets.push(input);
        return path;
      }),
      exportLog: fromPromise<void, Omit<AuditQuery, 'page' | 'limit'>>(async () => undefined),
      // The person keeps no views or columns here (issue 29's memory has its own model test).
      savedViews: savedViewsWith(),
    },
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <AuditLogPage logic={logic} chartLogic={chartLogic} />
    </FluentProvider>,
  );
  return { queries, targets };
}

describe('Audit Log page', () => {
  it('lists the rows, with a Path only for path types', async () => {
    const { queries } = setup();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Audit log' });
    await within(table).findByText('withdrawal.decide');
    expect(within(table).getByText('superadmin@demo.local')).toBeTruthy();
    expect(within(table).getByText('denied')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Path' })).toHaveLength(1);
    expect(queries[0]).toMatchObject({ page: 1, limit: 15, actor: '', outcome: '' });
    for (const label of ['Actor', 'Action', 'Object Type', 'Object ID', 'Outcome', 'Date range', 'Search'])
      expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('shows each object by its human id with the logged id smaller beside it, and the detail as lines', async () => {
    setup([voided, ...rows]);
    const table = screen.getByRole('table', { name: 'Audit log' });
    await within(table).findByText('withdrawal.decide');
    const cells = (action: string) => within(within(table).getByText(action).closest('tr')!).getAllByRole('cell');
    const [OBJECT, DETAIL] = [4, 6];

    const dsb = cells('disbursement.void');
    expect(within(dsb[OBJECT]).getByText('DSB26112500000037')).toBeTruthy();
    expect(within(dsb[OBJECT]).getByText(DSB)).toBeTruthy();
    expect(dsb[OBJECT].textContent).toBe(`disbursement DSB26112500000037${DSB}`);
    const lines = Array.from(dsb[DETAIL].querySelectorAll('div > div')).map((d) => d.textContent);
    expect(lines).toEqual([
      'status: PENDING → VOIDED',
      'amount: Rp. 150,000',
      'reason: Duplicate payout requested twice',
    ]);
    expect(dsb[DETAIL].textContent).not.toMatch(/[{}"]/);

    expect(cells('withdrawal.decide')[OBJECT].textContent).toBe(`withdrawal WD-11111111${WD}`);
    expect(cells('withdrawal.decide')[DETAIL].textContent).toBe('status: PENDING → REJECTED');
    expect(cells('user.update')[OBJECT].textContent).toBe('user budi@demo.local7');
    expect(cells('user.update')[DETAIL].textContent).toBe('-');
    // The time on one line, on the business clock (Asia/Jakarta).
    expect(cells('disbursement.void')[0].textContent).toBe('2026-11-26 03:44');
    expect(getComputedStyle(cells('disbursement.void')[0]).whiteSpace).toBe('nowrap');
  });

  it('sends the typed filters on Search, and pages', async () => {
    const { queries } = setup();
    await screen.findByText('withdrawal.decide');
    fireEvent.change(screen.getByLabelText('Object ID'), { target: { value: ` ${WD} ` } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'withdrawal.decide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ object_id: WD, action: 'withdrawal.decide', page: 1 });
    await screen.findByText('Page 1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries[2]).toMatchObject({ object_id: WD, page: 2, limit: 15 });
    await screen.findByText('Page 2 of 3');
  });

  it("opens a withdrawal's path: PENDING by the client, then REJECTED by the super admin, in order", async () => {
    const { targets } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entity path' });
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^PENDING by client@demo\.local at 2026-11-23 10:00$/),
      expect.stringMatching(/^PENDING > REJECTED by superadmin@demo\.local at 2026-11-23 10:42$/),
    ]);
    expect(targets).toEqual([{ object_type: 'withdrawal', object_id: WD }]);
    // A withdrawal moved money: its journal is one link away, on the Ledger.
    expect(within(dialog).getByRole('link', { name: 'Journal' }).getAttribute('href')).toBe(
      `/dashboard/ledger?reference=${WD}`,
    );
    const chart = await within(dialog).findByRole('img', { name: 'withdrawal lifecycle' });
    expect(chart.querySelector('[data-visited="1"]')?.getAttribute('data-state')).toBe('withdrawal.PENDING');
    expect(chart.querySelector('[data-visited="2"]')?.getAttribute('data-state')).toBe('withdrawal.REJECTED');
    expect(chart.querySelector('[data-state="withdrawal.COMPLETED"]')?.getAttribute('data-visited')).toBeNull();

    // In jsdom tabster may mark the open dialog aria-hidden once the page has popovers (Views, Columns).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Entity path' })).toBeNull());
  });

  it("closes the path on Escape and gives the focus back to the row's Path button", async () => {
    setup();
    const opener = await screen.findByRole('button', { name: 'Path' });
    // jsdom does not focus on click: the focus is put on the button as a browser would.
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Entity path' });
    await within(dialog).findAllByRole('listitem');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Entity path' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Path' })));
  });

  it('exports the searched filter', async () => {
    const save = vi.fn();
    const logic = auditLogMachine.provide({
      actors: {
        loadLog: fromPromise(async () => ({ rows, meta: { current_page: 1, last_page: 1, total: 2, per_page: 15 } })),
        exportLog: fromPromise<void, Omit<AuditQuery, 'page' | 'limit'>>(async ({ input }) => {
          save(input);
        }),
      },
    });
    render(
      <FluentProvider theme={webLightTheme}>
        <AuditLogPage logic={logic} chartLogic={chartLogic} />
      </FluentProvider>,
    );
    await screen.findByText('withdrawal.decide');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.objectContaining({ actor: '', start: expect.any(String), end: expect.any(String) }),
      ),
    );
  });

  describe('Verify (issue 28)', () => {
    const HEAD = 'ab'.repeat(32);
    /** The page with the chain's check answering `answer`, and the alerts it raised. */
    function verifying(answer: () => Promise<AuditChainVerdict>) {
      const seen: Alert[] = [];
      const stop = alerts.subscribe((a) => seen.push(a));
      let settle: () => void = () => undefined;
      const logic = auditLogMachine.provide({
        actors: {
          loadLog: fromPromise(async () => ({ rows, meta: { current_page: 1, last_page: 1, total: 2, per_page: 15 } })),
          // Held until the test lets it answer, so the pressed state can be seen.
          verifyChain: fromPromise<AuditChainVerdict>(() => new Promise<void>((r) => (settle = r)).then(answer)),
        },
      });
      render(
        <FluentProvider theme={webLightTheme}>
          <AuditLogPage logic={logic} chartLogic={chartLogic} />
        </FluentProvider>,
      );
      return { seen, stop, settle: () => settle() };
    }

    it('announces an intact chain with its row count and shows the head, the whole hash in the title', async () => {
      const { seen, stop, settle } = verifying(async () => ({
        valid: true,
        rows: 42,
        head: HEAD,
        first_broken_id: null,
      }));
      await screen.findByText('withdrawal.decide');
      expect(screen.queryByText(/^Chain head/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      // One check at a time: the button waits for the answer.
      const pressed = await screen.findByRole('button', { name: 'Verifying…' });
      expect(pressed).toHaveProperty('disabled', true);
      settle();
      const head = await screen.findByText(`Chain head: ${'ab'.repeat(8)}…`);
      expect(head.getAttribute('title')).toBe(HEAD);
      expect(seen).toEqual([{ title: 'Verified', message: 'The audit chain is intact (42 rows).', intent: 'success' }]);
      expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false);
      stop();
    });

    it('names the first broken entry, and says why when the check itself fails', async () => {
      let answer: AuditChainVerdict | Error = { valid: false, rows: 42, head: HEAD, first_broken_id: 17 };
      const { seen, stop, settle } = verifying(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      await screen.findByText('withdrawal.decide');
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      settle();
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toEqual({
        title: 'Broken chain',
        message: 'The audit chain is broken at entry #17.',
        intent: 'error',
      });
      answer = new ApiError(500, 'The database is down');
      fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
      settle();
      await waitFor(() => expect(seen).toHaveLength(2));
      expect(seen[1]).toEqual({ title: 'Error!', message: 'The database is down', intent: 'error' });
      stop();
    });
  });
});

describe("a bulk line's records and journal (issue 43)", () => {
  const PAYINS = ['FQR2611280000095022', 'FQR2611280000095023', 'FQR2611280000095024'];
  const bulk: AuditLogRow = {
    id: 41,
    created_at: '2026-11-28T03:00:00Z',
    actor_email: 'superadmin@demo.local',
    ip: '10.0.0.1',
    action: 'transaction.bulk_add_withdrawable',
    object_type: null,
    object_id: null,
    object_label: null,
    outcome: 'success',
    detail: { processed: 3, items: { count: 3, digest: 'ab'.repeat(32) }, action_key: 'k-41' },
  };
  const items: AuditItemRow[] = PAYINS.map((id, i) => ({
    position: i + 1,
    object_type: 'transaction',
    object_id: id,
    object_label: id,
  }));
  const entries: JournalEntry[] = PAYINS.map((id, i) => ({
    id: 100 + i,
    kind: 'payin.withdrawable',
    reference: id,
    description: 'Added to withdrawable balance',
    created_at: '2026-11-28T03:00:00Z',
    audit_id: 41,
    postings: [
      { account_id: 5, account_code: 'client:2:nonwithdrawable', amount: -99_300 },
      { account_id: 6, account_code: 'client:2:withdrawable', amount: 99_300 },
    ],
  }));

  function setupLine(fail = false) {
    const asked: Array<{ id: number; view: string; page: number }> = [];
    const lineLogic = auditLineMachine.provide({
      actors: {
        loadPage: fromPromise<AuditLinePage, AuditLinePageQuery>(async ({ input }) => {
          asked.push({ id: input.id, view: input.view, page: input.page });
          if (fail) throw new ApiError(500, 'The records could not be read.');
          const meta = { current_page: input.page, last_page: 1, total: 3, per_page: input.limit };
          return input.view === 'items' ? { rows: items, meta } : { rows: entries, meta };
        }),
      },
    });
    const logic = auditLogMachine.provide({
      actors: {
        loadLog: fromPromise(async () => ({
          rows: [bulk, ...rows],
          meta: { current_page: 1, last_page: 1, total: 3, per_page: 15 },
        })),
        auditLine: lineLogic,
        savedViews: savedViewsWith(),
      },
    });
    render(
      <FluentProvider theme={webLightTheme}>
        <AuditLogPage logic={logic} chartLogic={chartLogic} />
      </FluentProvider>,
    );
    return asked;
  }

  it('says how many records it moved, hides the key and seal, and offers Records and Journal only where they exist', async () => {
    setupLine();
    const table = screen.getByRole('table', { name: 'Audit log' });
    const row = (await within(table).findByText('transaction.bulk_add_withdrawable')).closest('tr')!;
    expect(row.textContent).toContain('records moved: 3');
    expect(row.textContent).not.toMatch(/k-41|digest|action_key/);
    expect(within(row).getByRole('button', { name: 'Records' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Journal' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Records' })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: 'Journal' })).toHaveLength(1);
    expect(within(table).getByRole('columnheader', { name: 'Open' })).toBeTruthy();
  });

  it('opens the records moved, then its journal entries, each naming the pay-in', async () => {
    const asked = setupLine();
    const table = screen.getByRole('table', { name: 'Audit log' });
    await within(table).findByText('transaction.bulk_add_withdrawable');
    fireEvent.click(within(table).getByRole('button', { name: 'Records' }));
    const dialog = await dialogLabelled('Audit line 41');
    expect(within(dialog).getByText('Audit line #41: moved 3 records')).toBeTruthy();
    const list = await within(dialog).findByRole('table', { name: 'Records moved' });
    for (const id of PAYINS) expect(within(list).getAllByText(id).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Journal entries' }));
    const entry = await within(dialog).findByRole('table', { name: `Postings of payin.withdrawable ${PAYINS[1]}` });
    expect(entry.textContent).toContain('client:2:withdrawable');
    expect(within(dialog).queryByRole('button', { name: 'Export' })).toBeNull();
    expect(asked).toEqual([
      { id: 41, view: 'items', page: 1 },
      { id: 41, view: 'journal', page: 1 },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(queryDialogLabelled('Audit line 41')).toBeNull());
  });

  it('says in place when the records cannot be read, and tries again', async () => {
    const asked = setupLine(true);
    const table = screen.getByRole('table', { name: 'Audit log' });
    await within(table).findByText('transaction.bulk_add_withdrawable');
    fireEvent.click(within(table).getByRole('button', { name: 'Journal' }));
    const dialog = await dialogLabelled('Audit line 41');
    await within(dialog).findByText('The records could not be read.');
    fireEvent.click(within(dialog).getByRole('button', { name: /Retry|Try again/ }));
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
