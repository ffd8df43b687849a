import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { payinDetailMachine, type PayinLoaded } from '../../machines/accountPageMachine';
import { PayinDetailPage } from '../../views/payins/PayinDetailPage';
import { buildModel } from '../machines/modelCoverage';
import { depositEvents, depositPageModel, deposit, LOADED_AT, NOW } from './depositPageModel';
import { CLIENTS, FakeSocket, PendingCalls, drivePath, drivenPaths, region, renderPage } from './pageModelHarness';

const TITLE = 'Disbursement Accounts';
const summary = {
  disbursement_balance: 9,
  nonwithdrawable_balance: 1_250_000,
  withdrawable_balance: 500_000,
  pending_withdrawal_balance: 0,
  balance: 1_750_000,
};
const loaded: PayinLoaded = { rows: [deposit(1, 250_000), deposit(2, 100_000)], summary, loadedAt: LOADED_AT };
let socket = new FakeSocket();
// Only the clock is fixed (timers stay real): the default range is the spec's, from a known now.
vi.useFakeTimers({ toFake: ['Date'], now: NOW });

const options = {
  title: TITLE,
  startText: '2026-11-20 00:00 to 2026-11-21 23:59',
  table: 'Deposits',
  paged: false,
  output: () => loaded,
  rowsOf: (o: unknown) => (o as PayinLoaded).rows,
  socket: () => socket,
  checkFigures(state: string, w: { outcome: string | null }) {
    const figure = (name: string) => within(region(TITLE)).getByRole('group', { name });
    if (w.outcome !== 'loaded') return;
    expect(figure('Non-withdrawable Balance')).toHaveTextContent('Rp. 1,250,000');
    expect(figure('Withdrawable Balance')).toHaveTextContent('Rp. 500,000');
    expect(figure('Balance')).toHaveTextContent('Rp. 1,750,000');
  },
};

const model = buildModel(payinDetailMachine, {
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
      s.context.loadError != null,
      s.context.summary != null,
    ]),
});

describe('Payin Detail: every path of payinDetail, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  const pageModel = depositPageModel(options);
  it.each(drivenPaths(payinDetailMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path) => {
      const calls = new PendingCalls();
      socket = new FakeSocket();
      const logic = payinDetailMachine.provide({
        actors: { load: calls.logic<PayinLoaded>(), balanceChanges: balanceChangesFrom(socket.watch) },
      });
      await drivePath(pageModel, path, calls, (clients) => renderPage(<PayinDetailPage logic={logic} />, clients));
    },
    30_000,
  );
});
