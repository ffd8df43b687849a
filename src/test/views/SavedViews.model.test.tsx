import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import {
  assign,
  createActor,
  setup,
  type Actor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type StateValue,
} from 'xstate';
import { savedViewsMachine, type ApplyViewEvent } from '../../machines/savedViewsMachine';
import { alerts, type Alert } from '../../services/alerts';
import { ApiError } from '../../services/http';
import type { SavedView } from '../../services/savedViewRules';
import { SavedViewsMenu, type SavedViewsActor } from '../../views/common/SavedViewsMenu';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { PendingCalls, click, drivePath, drivenPaths, savedViewsMenu, type PageModel } from './pageModelHarness';

/**
 * Issue 29, the Views menu driven through its rendered self: every path of the savedViews machine (the
 * smallest set taking each transition) is played as a person uses the menu and as the server answers;
 * after each step the menu must show what the table below says. Save under a name (a same name replaces
 * that view in place, the server says 'updated'), mark it the default (one default per list), open a
 * view (the list is told its query; a view with columns shows them), delete one, and the server's
 * refusals said beside the form. The list it belongs to is a stand-in that records what it was told.
 */

const QUERY = 'status=PENDING&range=yesterday';
const view = (id: number, name: string, query: string, columns: string[] | null, isDefault = false): SavedView => ({
  id,
  list: 'transactions',
  name,
  query,
  columns,
  is_default: isDefault,
  created_at: '2026-11-20T02:00:00.000Z',
});
/** Kept before: one with columns, one the list opens with. */
const PENDING = view(1, 'Pending', 'status=PENDING', ['Client', 'Amount']);
const SETTLED = view(2, 'Settled', 'status=SETTLED', null, true);
/** As the server lists them: by name (after a save the menu puts the default first). */
const KEPT = [PENDING, SETTLED];
const MINE = 'Mine';
/** The server's words for a refused save and a refused delete. */
const TOO_MANY = 'You keep at most 50 views of this list';
const GONE = 'Saved view not found';

// --- The model. ------------------------------------------------------------------------------------

/** What the server answers a save of the form as it stands: a same name replaces that view (same id). */
function saved(s: AnyMachineSnapshot) {
  const c = s.context as { name: string; isDefault: boolean; shown: string[] | null; views: SavedView[] };
  const same = c.views.find((v) => v.name === c.name.trim());
  const v = view(same?.id ?? 3, c.name.trim(), QUERY, c.shown, c.isDefault);
  return { view: v, message: same ? `View '${v.name}' updated` : `View '${v.name}' saved` };
}

const model = buildModel(savedViewsMachine, {
  inputs: [{ list: 'transactions', query: QUERY, opensDefault: false }],
  events: (s) => {
    const c = s.context as { name: string; isDefault: boolean; views: SavedView[] };
    if (s.matches({ views: 'loading' }))
      return [doneEvent('load', { views: KEPT, shown: null }), errorEvent('load', new ApiError(500, 'down'))];
    if (s.matches({ views: 'failed' })) return [{ type: 'RETRY' }];
    if (s.matches({ views: { ready: 'saving' } }))
      return [doneEvent('save', saved(s)), errorEvent('save', new ApiError(409, TOO_MANY))];
    if (s.matches({ views: { ready: 'deleting' } }))
      return [doneEvent('remove', 'View deleted'), errorEvent('remove', new ApiError(404, GONE))];
    return [
      // A new name, or one already kept; typed once per form.
      ...(c.name === ''
        ? [
            { type: 'SET_NAME', value: MINE },
            { type: 'SET_NAME', value: 'Pending' },
          ]
        : []),
      ...(c.isDefault ? [] : [{ type: 'SET_DEFAULT', value: true }]),
      { type: 'SAVE' },
      // Open (APPLY) tells the parent list, which a graph without one cannot take: its own test below.
      ...c.views.map((v) => ({ type: 'DELETE', id: v.id })),
    ];
  },
  serialize: (s) =>
    JSON.stringify([
      s.value,
      (s.context.views as SavedView[]).map((v) => [v.id, v.name, v.is_default, v.columns]),
      s.context.name,
      s.context.isDefault,
      s.context.error,
      s.context.shown,
    ]),
});

// --- What the person knows. ------------------------------------------------------------------------

interface World {
  views: Array<{ id: number; name: string; isDefault: boolean; query: string; columns: string[] | null }>;
  name: string;
  isDefault: boolean;
  error: string | null;
  shown: string[] | null;
  /** What the list was told to open. */
  opened: ApplyViewEvent[];
  /** The view whose Delete was pressed. */
  deleting: number | null;
  alerts: Alert[];
}

const start = (): World => ({
  views: [],
  name: '',
  isDefault: false,
  error: null,
  shown: null,
  opened: [],
  deleting: null,
  alerts: [],
});
const byName = (a: World['views'][number], b: World['views'][number]) =>
  Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name);
const said = (w: World, message: string): World => ({
  ...w,
  alerts: [...w.alerts, { title: 'Success', message, intent: 'success' }],
});

/** Where each event takes the menu (hand-written from the issue: a machine going elsewhere fails). */
function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  switch (event.type) {
    case 'xstate.done.actor.load':
    case 'xstate.done.actor.save':
    case 'xstate.error.actor.save':
    case 'xstate.done.actor.remove':
    case 'xstate.error.actor.remove':
      return 'idle';
    case 'xstate.error.actor.load':
      return 'failed';
    case 'RETRY':
      return 'loading';
    case 'SAVE':
      return w.name.trim() ? 'saving' : state;
    case 'DELETE':
      return 'deleting';
    default:
      return state;
  }
}

function nextWorld(w: World, event: AnyEventObject & { output?: any; error?: ApiError }): World {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return {
        ...w,
        views: KEPT.map((v) => ({
          id: v.id,
          name: v.name,
          isDefault: v.is_default,
          query: v.query,
          columns: v.columns,
        })),
      };
    case 'SET_NAME':
      return { ...w, name: event.value, error: null };
    case 'SET_DEFAULT':
      return { ...w, isDefault: event.value };
    case 'SAVE':
      return w.name.trim() ? w : { ...w, error: 'Name the view' };
    // Kept under its name with the list's query and the person's columns; a new default is the only one.
    case 'xstate.done.actor.save': {
      const v = event.output.view as SavedView;
      const others = w.views
        .filter((x) => x.name !== w.name)
        .map((x) => (w.isDefault ? { ...x, isDefault: false } : x));
      const kept = { id: v.id, name: w.name, isDefault: w.isDefault, query: QUERY, columns: w.shown };
      return said(
        { ...w, views: [...others, kept].sort(byName), name: '', isDefault: false, error: null },
        event.output.message,
      );
    }
    case 'xstate.error.actor.save':
    case 'xstate.error.actor.remove':
      return { ...w, error: event.error!.message };
    case 'DELETE':
      return { ...w, error: null, deleting: event.id };
    case 'xstate.done.actor.remove':
      return said({ ...w, views: w.views.filter((v) => v.id !== w.deleting) }, 'View deleted');
    // The list is told to open the view's query, into history; its columns become the person's.
    case 'APPLY': {
      const v = w.views.find((x) => x.id === event.id)!;
      return {
        ...w,
        opened: [...w.opened, { type: 'APPLY_VIEW', query: v.query, replace: false }],
        shown: v.columns ?? w.shown,
      };
    }
    default:
      return w;
  }
}

// --- The menu on screen, beside a stand-in for its list. -------------------------------------------

const listStandIn = setup({
  types: { context: {} as { opened: ApplyViewEvent[] }, events: {} as ApplyViewEvent },
  actors: { savedViews: savedViewsMachine },
}).createMachine({
  context: { opened: [] },
  invoke: { id: 'views', src: 'savedViews', input: { list: 'transactions', query: QUERY, opensDefault: false } },
  on: { APPLY_VIEW: { actions: assign({ opened: ({ context, event }) => [...context.opened, event] }) } },
});

function Menu({ list }: { list: Actor<typeof listStandIn> }) {
  const views = useSelector(list, (s) => s.children.views) as SavedViewsActor;
  return <SavedViewsMenu actor={views} />;
}

const menu = () => document.querySelector<HTMLElement>('[role=dialog][aria-label="Saved views"]')!;
const button = (name: string) => within(menu()).getByRole('button', { name, hidden: true });
const saveButton = () =>
  within(menu())
    .getAllByRole('button', { hidden: true })
    .find((b) => /^(Save view|Saving…)$/.test(b.textContent ?? '')) as HTMLButtonElement;
const viewButtons = () =>
  within(menu())
    .queryAllByRole('button', { hidden: true })
    .filter((b) => b.getAttribute('aria-label')?.startsWith('Open view '));

function readScreen(): string {
  if (within(menu()).queryByText('Your views could not be read.')) return 'failed';
  if (saveButton().textContent === 'Saving…') return 'saving';
  // Save waits while the views are read, and while one is deleted.
  // (Busy, it stays focusable, so says it waits by aria-disabled: a disabled button would drop the focus.)
  const waits = saveButton().disabled || saveButton().getAttribute('aria-disabled') === 'true';
  if (waits) return viewButtons().length ? 'deleting' : 'loading';
  return 'idle';
}

let seen: Alert[] = [];

function checkScreen(state: string, w: World, list: Actor<typeof listStandIn>, calls: PendingCalls) {
  expect(seen).toEqual(w.alerts);
  // The views as listed, the default starred.
  expect(viewButtons().map((b) => b.getAttribute('aria-label'))).toEqual(
    state === 'loading' || state === 'failed'
      ? []
      : w.views.map((v) => `Open view ${v.name}${v.isDefault ? ' (default)' : ''}`),
  );
  if (state === 'idle' && w.views.length === 0) expect(within(menu()).getByText('No saved views yet.')).toBeTruthy();
  expect(within(menu()).getByRole('textbox', { hidden: true })).toHaveValue(w.name);
  expect(within(menu()).getByRole('checkbox', { name: 'Open this list with it', hidden: true })).toHaveProperty(
    'checked',
    w.isDefault,
  );
  // Why the last save or delete was refused, beside the form; nothing otherwise.
  if (w.error) expect(within(menu()).getByText(w.error)).toBeTruthy();
  else for (const words of ['Name the view', TOO_MANY, GONE]) expect(within(menu()).queryByText(words)).toBeNull();
  expect(list.getSnapshot().context.opened).toEqual(w.opened);
  // The save asks for the name typed, the list's query, the person's columns and the default as ticked.
  if (state === 'saving')
    expect(calls.inputs.filter((c) => c.id === 'save').at(-1)!.input).toEqual({
      list: 'transactions',
      name: w.name.trim(),
      query: QUERY,
      columns: w.shown,
      isDefault: w.isDefault,
    });
}

async function perform(event: AnyEventObject, w: World) {
  switch (event.type) {
    case 'SET_NAME':
      return act(async () => {
        fireEvent.change(within(menu()).getByRole('textbox', { hidden: true }), { target: { value: event.value } });
      });
    case 'SET_DEFAULT':
      return click(within(menu()).getByRole('checkbox', { name: 'Open this list with it', hidden: true }));
    case 'SAVE':
      return click(saveButton());
    case 'RETRY':
      return click(button('Retry'));
    case 'APPLY': {
      const v = w.views.find((x) => x.id === event.id)!;
      await click(button(`Open view ${v.name}${v.isDefault ? ' (default)' : ''}`));
      // A view opened is a choice made: the menu closes. It is opened again to read what it shows now.
      await waitFor(() => expect(document.querySelector('[role=dialog][aria-label="Saved views"]')).toBeNull());
      await click(screen.getByRole('button', { name: 'Views', hidden: true }));
      return waitFor(() => expect(menu()).not.toBeNull());
    }
    case 'DELETE': {
      const v = w.views.find((x) => x.id === event.id)!;
      return click(button(`Delete view ${v.name}`));
    }
    default:
      throw new Error(`cannot perform ${event.type}`);
  }
}

const label = (value: StateValue) => {
  const views = (value as { views: string | { ready: string } }).views;
  return typeof views === 'string' ? views : views.ready;
};

/** Plays `events` on the rendered menu, checking it after each step; the menu's state at the end. */
async function drive(events: AnyEventObject[]) {
  const calls = new PendingCalls();
  const list = createActor(
    listStandIn.provide({
      actors: {
        savedViews: savedViewsMachine.provide({
          actors: { load: calls.logic(), save: calls.logic(), remove: calls.logic(), saveColumns: calls.logic() },
        }),
      },
    }),
  ).start();
  const model: PageModel<World> = {
    title: '',
    start,
    initial: () => 'loading',
    expectedAfter,
    nextWorld: (w, event) => nextWorld(w, event),
    readScreen,
    checkScreen: (state, w) => checkScreen(state, w, list, calls),
    perform: (event, w) => perform(event, w),
    label,
  };
  const { state } = await drivePath(
    model,
    { events },
    calls,
    () =>
      render(
        <FluentProvider theme={webLightTheme}>
          <Menu list={list} />
        </FluentProvider>,
      ),
    {
      ready: async () => {
        await click(screen.getByRole('button', { name: 'Views' }));
        await savedViewsMenu();
      },
    },
  );
  list.stop();
  return state;
}

describe('Saved views: every path of savedViews, driven through the Views menu', () => {
  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  let stop = () => {};
  beforeEach(() => {
    seen = [];
    stop = alerts.subscribe((a) => seen.push(a));
  });
  afterEach(() => stop());

  it('has a path through every transition of its definition but those that tell the list', () => {
    // Open and a bare list opening its default view tell the parent list (the test below and the lists'
    // 'opens the default view' tests), and the Columns chooser is the lists' (AuditLogMemory, ColumnChooser):
    // this menu shows neither.
    expect(
      model.uncovered.filter(
        (t) => !/APPLY|views\.loading --xstate\.done\.actor\.load#0|columns\.|SET_COLUMNS|QUERY/.test(t),
      ),
    ).toEqual([]);
  });

  // The cover, and each refusal and same-name save spelled out from the first screen.
  // Also, spelled out: a same name replaces that view in place (marked the default now, the only one).
  const sameName = model.paths.filter(
    (p) =>
      JSON.stringify(p.events.map((e) => e.value ?? e.type)) ===
      JSON.stringify(['xstate.done.actor.load', 'Pending', true, 'SAVE', 'xstate.done.actor.save']),
  );
  expect(sameName).toHaveLength(1);
  const paths = [...new Set([...drivenPaths(savedViewsMachine, model.paths), ...sameName])];
  const nameOf = (p: ModelPath) =>
    `${p.description} ${JSON.stringify(p.events.slice(1).map((e) => e.value ?? e.id ?? ''))}`;

  it.each(paths.map((p) => [nameOf(p), p]))('%s', { timeout: 30_000 }, async (_, path) => {
    expect(await drive(path.events)).toBe(label(path.end.value));
  });

  it("opens a view: the list is told its query, into history; a view that keeps columns makes them the person's", async () => {
    const pendingWithColumns = { view: view(3, MINE, QUERY, PENDING.columns, false), message: `View '${MINE}' saved` };
    const events = [
      doneEvent('load', { views: KEPT, shown: null }),
      { type: 'APPLY', id: SETTLED.id },
      { type: 'APPLY', id: PENDING.id },
      // Saved now, the view keeps the columns the last one showed.
      { type: 'SET_NAME', value: MINE },
      { type: 'SAVE' },
      doneEvent('save', pendingWithColumns),
    ];
    expect(await drive(events)).toBe('idle');
  });
});
