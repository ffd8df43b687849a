import { msg } from '../i18n/msg';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import { overviewLinks, type OverviewLinks } from '../services/overviewLinks';
import type { Overview } from '../services/overviewRules';
import { watchOverview } from '../services/realtime';
import type { PageUser } from '../services/schemas';
import type { GuardWords } from './guardWords';

export const OVERVIEW_LOAD_FAILED = msg({ defaultMessage: 'The overview could not be loaded.', id: 'guHaVK' });
/** The most often the figures are read again while changes keep arriving (a settlement run emits after every batch). */
export const OVERVIEW_SETTLE_MS = 2000;

/** The signed-in user, whole: the tiles' links follow the pages their role holds. */
export interface OverviewInput {
  user: PageUser;
  live: boolean;
}

export interface OverviewContext {
  live: boolean;
  user: PageUser;
  /** Where each tile opens its list, for this user; null where the user has no such list. */
  links: OverviewLinks;
  /** The last figures read; kept through a re-read or a failed one, with the time they are of. */
  overview: Overview | null;
  error: string | null;
  /** A change arrived while a read was under way: that read may have missed it, so another follows. */
  changedMeanwhile: boolean;
}

export type OverviewEvent = { type: 'RETRY' } | { type: 'CHANGED' };

type Watch = (onChanged: () => void) => () => void;

/**
 * The lists' socket events as an actor the page invokes: it lives as long as the page, and leaving
 * the page closes the socket. Tests give it a fake `watch`; the mapping stays this one.
 */
export const overviewChangesFrom = (watch: Watch) =>
  fromCallback<OverviewEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    return watch(() => sendBack({ type: 'CHANGED' }));
  });

export const overviewChanges = overviewChangesFrom(watchOverview);

/**
 * The Overview (issue 29): today's and yesterday's figures, what waits for a decision, balances and
 * settlement, read in one call and read again when the socket says something the lists show changed.
 * Changes are gathered for OVERVIEW_SETTLE_MS before the next read, so a burst costs one read.
 */
export const overviewMachine = setup({
  types: {
    context: {} as OverviewContext,
    events: {} as OverviewEvent,
    input: {} as OverviewInput,
  },
  actors: {
    load: fromPromise<Overview>(() => api.overview()),
    overviewChanges,
  },
  delays: { settle: OVERVIEW_SETTLE_MS },
  actions: {
    // The disbursement tile's link names the window its count is of (issue 45): it follows the figures.
    show: assign(({ context, event }) => {
      const overview = (event as unknown as { output: Overview }).output;
      return { overview, links: overviewLinks(context.user, overview), error: null };
    }),
  },
  guards: {
    changedMeanwhile: ({ context }) => context.changedMeanwhile,
  },
}).createMachine({
  id: 'overview',
  context: ({ input }) => ({
    live: input.live,
    user: input.user,
    links: overviewLinks(input.user),
    overview: null,
    error: null,
    changedMeanwhile: false,
  }),
  invoke: { id: 'overviewChanges', src: 'overviewChanges', input: ({ context }) => ({ live: context.live }) },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ changedMeanwhile: false }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: 'changedMeanwhile',
            target: 'showing.settling',
            actions: 'show',
          },
          { target: 'showing', actions: 'show' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, OVERVIEW_LOAD_FAILED) }),
        },
      },
      on: { CHANGED: { actions: assign({ changedMeanwhile: true }) } },
    },
    showing: {
      initial: 'current',
      states: {
        current: { on: { CHANGED: 'settling' } },
        // Further changes are gathered here (no transition): one read follows the delay.
        settling: { after: { settle: '#overview.loading' } },
      },
    },
    // A failed read waits for the person's Retry: socket changes do not keep asking a failing server.
    failed: { on: { RETRY: 'loading' } },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const overviewGuardWords: GuardWords<typeof overviewMachine> = {
  changedMeanwhile: msg({
    defaultMessage:
      'The socket said something changed while the figures were being read: they are shown, and read again ' +
      'after the pause.',
    id: 'wqsUza',
  }),
};
