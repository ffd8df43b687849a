import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { overviewChangesFrom, overviewMachine } from '../../machines/overviewMachine';
import { ApiError } from '../../services/http';
import type { Overview } from '../../services/overviewRules';
import { OverviewPage } from '../../views/overview/OverviewPage';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { FakeOverviewSocket, OVERVIEW } from './overviewFixtures';
import { PendingCalls, click, drivePath, drivenPaths, region, type PageModel } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';

// The chart library's drawings only (jsdom lays out no SVG text): see chartStandIns.tsx.
vi.mock('@fluentui/react-charts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chartStandIns')),
}));

/**
 * The Overview driven through every transition of its machine on the page: the server's answers
 * settled as the path says, changes pushed through the fake socket, Try again pressed. After each
 * step the screen must show what the issue asks, written here by hand: a spinner until the first
 * figures, then the figures (kept while they are read again, with 'Updating…'), a failure with Try
 * again above whatever was shown, and a change read again once the pause has passed.
 */
const TITLE = 'Overview';
const FAILURE = 'The overview is not available right now';
const LATER: Overview = {
  ...OVERVIEW,
  as_of: '2026-11-26T03:20:00Z',
  pending: { ...OVERVIEW.pending, disbursements: 4 },
};
/** Short in the test (the app's is OVERVIEW_SETTLE_MS), long enough to read the screen while it runs. */
const TEST_SETTLE_MS = 600;
const SETTLED = 'xstate.after.settle.overview.showing.settling';

const events: AnyEventObject[] = [
  doneEvent('load', OVERVIEW),
  doneEvent('load', LATER),
  errorEvent('load', new ApiError(503, FAILURE)),
  { type: 'RETRY' },
  { type: 'CHANGED' },
  { type: SETTLED },
];

const INPUT = { user: { type: 'SUPER ADMIN', modules: ['overview', 'disbursement-list'] }, live: true, clients: [] };

const model = buildModel(overviewMachine, {
  inputs: [INPUT],
  events,
  serialize: (s: AnyMachineSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.changedMeanwhile,
      (s.context.overview as Overview | null)?.as_of ?? null,
      s.context.error,
    ]),
});

interface World {
  /** The figures on screen: the last answer, kept through a re-read or a failure. */
  shown: Overview | null;
}

const page = () => region(TITLE);
const disbursementsLink = () => within(page()).queryByRole('link', { name: /^Pending disbursements: / });

const pageModel = (socket: FakeOverviewSocket): PageModel<World> => ({
  title: TITLE,
  start: () => ({ shown: null }),
  initial: () => 'loading',
  label: (value: StateValue) => (typeof value === 'object' && 'showing' in value ? 'showing' : String(value)),

  // The screen: loading until an answer; a failure waits for Try again; a change is read after the pause.
  expectedAfter(state, event) {
    switch (event.type) {
      case 'xstate.done.actor.load':
        return 'showing';
      case 'xstate.error.actor.load':
        return 'failed';
      case 'RETRY':
      case SETTLED:
        return 'loading';
      case 'CHANGED':
        // A change during a read is remembered (read again after it); on screen the read goes on.
        return state === 'loading' ? 'loading' : 'showing';
      default:
        return state;
    }
  },

  nextWorld(w, event) {
    if (event.type === 'xstate.done.actor.load')
      return { shown: (event as AnyEventObject & { output: Overview }).output };
    return w;
  },

  readScreen() {
    if (within(page()).queryByRole('button', { name: 'Try again' })) return 'failed';
    if (within(page()).queryByText('Loading the overview…') || within(page()).queryByText('Updating…'))
      return 'loading';
    return disbursementsLink() ? 'showing' : 'nothing';
  },

  checkScreen(state, w) {
    if (w.shown) {
      // Whatever is on screen is the last answer, with the time it is of, and its link.
      const asOf = w.shown === LATER ? 'As of 2026-11-26 10:20:00' : 'As of 2026-11-26 10:15:30';
      expect(within(page()).getByText(asOf)).toBeInTheDocument();
      expect(disbursementsLink()).toHaveAccessibleName(`Pending disbursements: ${w.shown.pending.disbursements}`);
      expect(disbursementsLink()).toHaveAttribute(
        'href',
        '/dashboard/disbursement/transactions?status=WAITING&start=2026-11-20+00%3A00&end=2026-11-26+23%3A59',
      );
      // The user holds no Payments List: today's count is shown, as no link.
      expect(within(page()).queryByRole('link', { name: /finalized pay-ins/ })).toBeNull();
    } else {
      expect(within(page()).queryByRole('group', { name: 'Today' })).toBeNull();
      expect(within(page()).queryByText(/^As of/)).toBeNull();
    }
    if (state === 'loading')
      expect(within(page()).getByText(w.shown ? 'Updating…' : 'Loading the overview…')).toBeInTheDocument();
    if (state === 'failed') expect(within(page()).getByText(FAILURE)).toBeInTheDocument();
    else expect(within(page()).queryByText(FAILURE)).toBeNull();
    // The socket stays open for the page's whole life, whatever it shows.
    expect(socket.watching).toBe(1);
  },

  async perform(event) {
    switch (event.type) {
      case 'RETRY':
        return click(within(page()).getByRole('button', { name: 'Try again' }));
      case 'CHANGED':
        return socket.change();
      // The pause after a change: nothing to do but wait for the read it ends in.
      case SETTLED:
        return;
      default:
        throw new Error(`cannot perform ${event.type}`);
    }
  },
});

describe('Overview: each transition of overview, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(drivenPaths(overviewMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const socket = new FakeOverviewSocket();
      const logic = overviewMachine.provide({
        actors: { load: calls.logic<Overview>(), overviewChanges: overviewChangesFrom(socket.watch) },
        delays: { settle: TEST_SETTLE_MS },
      });
      const user = makeUser({ type: 'SUPER ADMIN', otp_verified: true, modules: INPUT.user.modules });
      await drivePath(pageModel(socket), path, calls, () =>
        renderWithSession(<OverviewPage logic={logic} />, user, { modules: [], banks: [], clients: [], roles: [] }),
      );
      // The page watched the socket with the session's token.
      expect(socket.opened).toBe(1);
      expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    },
    30_000,
  );
});
