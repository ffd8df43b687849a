import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { disbursementAccountMachine, type HistoryLoaded } from '../../machines/accountPageMachine';
import { DisbursementAccountPage } from '../../views/disbursement/DisbursementAccountPage';
import { buildModel } from '../machines/modelCoverage';
import { depositEvents, depositPageModel, deposit, LOADED_AT, NOW } from './depositPageModel';
import { CLIENTS, FakeSocket, PendingCalls, drivePath, drivenPaths, region, renderPage } from './pageModelHarness';

const TITLE = 'Disbursement Account';
const output = (page: number): HistoryLoaded => ({
  balance: 4_250_000,
  rows: [deposit(page * 10 + 1, 250_000)],
  meta: { current_page: page, last_page: 3, total: 40, per_page: 15 },
  loadedAt: LOADED_AT,
});
let socket = new FakeSocket();
// Only the clock is fixed (timers stay real): the default range is the spec's, from a known now.
vi.useFakeTimers({ toFake: ['Date'], now: NOW });

const options = {
  // Spec section 9: 'other screens last 14 days back to now'.
  title: TITLE,
  startText: '2026-11-07 00:00 to 2026-11-21 10:15',
  table: 'Deposit History',
  paged: true,
  output,
  rowsOf: (o: unknown) => (o as HistoryLoaded).rows,
  socket: () => socket,
  checkFigures(state: string, w: { outcome: string | null }) {
    // '-' while loading; the figure once read.
    const card = within(region(TITLE)).getByRole('group', { name: 'Disbursement Balance' });
    if (state === 'loading') expect(card).toHaveTextContent(/^Disbursement Balance-$/);
    else if (w.outcome === 'loaded') expect(card).toHaveTextContent('Rp. 4,250,000');
  },
};

const model = buildModel(disbursementAccountMachine, {
  inputs: [
    { clients: CLIENTS, live: true },
    { clients: [], live: true },
  ],
  events: depositEvents(options) as never,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.clientId,
      s.context.filter,
      s.context.page,
      s.context.limit,
      s.context.loadError != null,
      s.context.balance != null,
    ]),
});

describe('Disbursement Account: every path of disbursementAccount, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  const pageModel = depositPageModel(options);
  it.each(drivenPaths(disbursementAccountMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path) => {
      const calls = new PendingCalls();
      socket = new FakeSocket();
      const logic = disbursementAccountMachine.provide({
        actors: { load: calls.logic<HistoryLoaded>(), balanceChanges: balanceChangesFrom(socket.watch) },
      });
      await drivePath(pageModel, path, calls, (clients) =>
        renderPage(<DisbursementAccountPage logic={logic} />, clients),
      );
      // Every call asked for a page size the screen offers (spec section 9: 15, 30, 50).
      for (const call of calls.inputs) expect([15, 30, 50]).toContain((call.input as { limit: number }).limit);
    },
    30_000,
  );
});
