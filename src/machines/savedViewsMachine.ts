import { assign, enqueueActions, fromPromise, raise, sendParent, setup } from 'xstate';
import { api } from '../services/api';
import { alerts } from '../services/alerts';
import { messageOf } from '../services/http';
import { msg } from '../i18n/msg';
import { LIST_COLUMNS, type ListId, type SavedView } from '../services/savedViewRules';
import type { GuardWords } from './guardWords';
import { outputOf } from './doneOutput';

/**
 * Issue 29: a list's saved views and its columns, for the signed-in person, kept on the server so they
 * follow them across reloads and devices. A child of the list's page machine: it is told the list's
 * current query (QUERY) and tells its parent which query to open (APPLY_VIEW); the parent owns the
 * filters and the address bar, this machine only what the person keeps.
 */
export interface SavedViewsContext {
  list: ListId;
  /** The optional columns the list offers (the first two, its identity, are always shown). */
  offered: readonly string[];
  views: SavedView[];
  /** The shown optional columns in order; null: the table's own. */
  shown: string[] | null;
  /** The list's query now, as its address bar shows it: what Save keeps. */
  query: string;
  /** The page opened without filters of its own: the person's default view, if any, opens. */
  opensDefault: boolean;
  name: string;
  isDefault: boolean;
  /** Why the last save or delete was refused, shown beside the form. */
  error: string | null;
  /** The view being deleted. */
  target: number | null;
}

export type SavedViewsEvent =
  | { type: 'QUERY'; query: string }
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_DEFAULT'; value: boolean }
  | { type: 'SAVE' }
  | { type: 'APPLY'; id: number }
  | { type: 'DELETE'; id: number }
  | { type: 'SET_COLUMNS'; shown: string[] }
  | { type: 'RETRY' };

/** What the parent list takes: open this query (pushed to history, or replacing the entry the page opened on). */
export type ApplyViewEvent = { type: 'APPLY_VIEW'; query: string; replace: boolean };

export interface SavedViewsInput {
  list: ListId;
  query: string;
  opensDefault: boolean;
}

const viewOf = (context: SavedViewsContext, id: number) => context.views.find((view) => view.id === id);
const defaultOf = (views: SavedView[]) => views.find((view) => view.is_default);
const byName = (a: SavedView, b: SavedView) =>
  Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name);

export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    input: {} as SavedViewsInput,
  },
  actors: {
    load: fromPromise<{ views: SavedView[]; shown: string[] | null }, { list: ListId }>(async ({ input }) => {
      const [views, shown] = await Promise.all([api.savedViews(input.list), api.listColumns(input.list)]);
      return { views, shown };
    }),
    save: fromPromise<
      { view: SavedView; message: string },
      { list: ListId; name: string; query: string; columns: string[] | null; isDefault: boolean }
    >(({ input }) =>
      api.createSavedView({
        list: input.list,
        name: input.name,
        query: input.query,
        columns: input.columns,
        is_default: input.isDefault,
      }),
    ),
    remove: fromPromise<string, { id: number }>(({ input }) => api.deleteSavedView(input.id)),
    saveColumns: fromPromise<unknown, { list: ListId; shown: string[] }>(({ input }) =>
      api.saveListColumns(input.list, input.shown),
    ),
  },
  actions: {
    announce: (_, message: string) => alerts.success(message),
    refuse: (_, message: string) => alerts.error(message),
  },
  guards: {
    opensDefault: ({ context, event }) =>
      context.opensDefault && defaultOf(outputOf<{ views: SavedView[] }>(event).views) != null,
    nameGiven: ({ context }) => context.name.trim().length > 0,
    viewExists: ({ context, event }) => 'id' in event && viewOf(context, event.id) != null,
    viewHasColumns: ({ context, event }) => 'id' in event && viewOf(context, event.id)?.columns != null,
    offersColumns: ({ context }) => context.offered.length > 0,
  },
}).createMachine({
  id: 'savedViews',
  context: ({ input }) => ({
    list: input.list,
    offered: LIST_COLUMNS[input.list],
    views: [],
    shown: null,
    query: input.query,
    opensDefault: input.opensDefault,
    name: '',
    isDefault: false,
    error: null,
    target: null,
  }),
  type: 'parallel',
  on: {
    QUERY: { actions: assign({ query: ({ event }) => event.query }) },
    SET_NAME: { actions: assign({ name: ({ event }) => event.value, error: null }) },
    SET_DEFAULT: { actions: assign({ isDefault: ({ event }) => event.value }) },
  },
  states: {
    views: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ list: context.list }),
            onDone: [
              {
                // The page opened bare: the person's default view opens in place of the list's defaults.
                guard: 'opensDefault',
                target: 'ready',
                actions: [
                  assign(({ event }) => event.output),
                  sendParent(({ event }) => ({
                    type: 'APPLY_VIEW',
                    query: defaultOf(event.output.views)!.query,
                    replace: true,
                  })),
                  // Its columns, when it keeps some, become the person's columns (kept, so a reload keeps them).
                  enqueueActions(({ event, enqueue }) => {
                    const columns = defaultOf(event.output.views)!.columns;
                    if (columns) enqueue.raise({ type: 'SET_COLUMNS', shown: columns });
                  }),
                ],
              },
              { target: 'ready', actions: assign(({ event }) => event.output) },
            ],
            // Views are a convenience: the list works without them; the menu says they could not be read.
            onError: 'failed',
          },
        },
        failed: { on: { RETRY: 'loading' } },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                SAVE: [
                  { guard: 'nameGiven', target: 'saving' },
                  { actions: assign({ error: msg({ defaultMessage: 'Name the view', id: 'tX7LWY' }) }) },
                ],
                APPLY: [
                  {
                    guard: 'viewHasColumns',
                    actions: [
                      sendParent(({ context, event }) => ({
                        type: 'APPLY_VIEW',
                        query: viewOf(context, event.id)!.query,
                        replace: false,
                      })),
                      raise(({ context, event }) => ({
                        type: 'SET_COLUMNS',
                        shown: viewOf(context, event.id)!.columns!,
                      })),
                    ],
                  },
                  {
                    guard: 'viewExists',
                    actions: sendParent(({ context, event }) => ({
                      type: 'APPLY_VIEW',
                      query: viewOf(context, event.id)!.query,
                      replace: false,
                    })),
                  },
                ],
                DELETE: {
                  guard: 'viewExists',
                  target: 'deleting',
                  actions: assign({ target: ({ event }) => event.id, error: null }),
                },
              },
            },
            saving: {
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => ({
                  list: context.list,
                  name: context.name.trim(),
                  query: context.query,
                  columns: context.offered.length ? context.shown : null,
                  isDefault: context.isDefault,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      // A same name replaces that view in place on the server (same id): it is not listed twice.
                      views: [
                        ...context.views
                          .filter((view) => view.id !== event.output.view.id)
                          .map((view) => (event.output.view.is_default ? { ...view, is_default: false } : view)),
                        event.output.view,
                      ].sort(byName),
                      name: '',
                      isDefault: false,
                      error: null,
                    })),
                    { type: 'announce', params: ({ event }) => event.output.message },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    error: ({ event }) =>
                      messageOf(event.error, msg({ defaultMessage: 'The view could not be saved.', id: '7qgOgS' })),
                  }),
                },
              },
            },
            deleting: {
              invoke: {
                id: 'remove',
                src: 'remove',
                input: ({ context }) => ({ id: context.target! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      views: ({ context }) => context.views.filter((view) => view.id !== context.target),
                      target: null,
                    }),
                    { type: 'announce', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    error: ({ event }) =>
                      messageOf(event.error, msg({ defaultMessage: 'The view could not be deleted.', id: 'HoqXYk' })),
                  }),
                },
              },
            },
          },
        },
      },
    },
    // Columns are kept as they change; the table follows at once and a refusal is announced.
    columns: {
      initial: 'kept',
      states: {
        kept: {
          on: {
            SET_COLUMNS: {
              guard: 'offersColumns',
              target: 'keeping',
              actions: assign({ shown: ({ event }) => event.shown }),
            },
          },
        },
        keeping: {
          invoke: {
            id: 'saveColumns',
            src: 'saveColumns',
            input: ({ context }) => ({ list: context.list, shown: context.shown ?? [...context.offered] }),
            onDone: 'kept',
            onError: {
              target: 'kept',
              actions: {
                type: 'refuse',
                params: ({ event }) =>
                  messageOf(
                    event.error,
                    msg({ defaultMessage: 'Your columns could not be kept for next time.', id: 'Y7xNEb' }),
                  ),
              },
            },
          },
          on: {
            // A newer choice restarts the call with it: the last one is what is kept.
            SET_COLUMNS: { target: 'keeping', reenter: true, actions: assign({ shown: ({ event }) => event.shown }) },
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const savedViewsGuardWords: GuardWords<typeof savedViewsMachine> = {
  opensDefault: msg({
    defaultMessage:
      "The list opened on a bare address and the person keeps a default view of it: that view opens in the list's " +
      "defaults' place.",
    id: '/BaVpi',
  }),
  nameGiven: msg({ defaultMessage: 'A view is saved only under a name; without one, the form says so.', id: 'qpxLza' }),
  viewExists: msg({ defaultMessage: 'Only a view of the list as last read opens or is deleted.', id: '7qvaMD' }),
  viewHasColumns: msg({
    defaultMessage: "The view keeps columns: opening it shows them, and they become the person's columns.",
    id: '7QqBBH',
  }),
  offersColumns: msg({
    defaultMessage: 'Only a list with a column chooser keeps columns (Withdrawal History has none).',
    id: 'MbvKba',
  }),
};
