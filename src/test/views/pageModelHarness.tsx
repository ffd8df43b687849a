import type { ReactElement } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { savedViewsMachine } from '../../machines/savedViewsMachine';
import type { BalanceChanged } from '../../services/disbursementAccountRules';
import type { SavedView } from '../../services/savedViewRules';
import type { ClientOption, CurrentUser } from '../../services/schemas';
import { makeUser } from '../fixtures';
import type { ModelPath } from '../machines/modelCoverage';
import { renderWithSession } from './renderWithSession';

/**
 * Drives a page through a generated path the way a user and the server would: UI events through
 * the rendered view, an invoked call's done/error by settling the pending fake call of that
 * invoke id, a socket event through the fake socket. After every step the screen must show the
 * state the spec's own table (`expectedAfter`, written by hand, not read from the machine) names,
 * so a machine whose transition goes elsewhere fails, and a view that shows the wrong thing too.
 */

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  input: unknown;
}

/** Every invoked call of the page, left open until the path says how it ends. */
export class PendingCalls {
  private open = new Map<string, Pending>();
  readonly inputs: Array<{ id: string; input: unknown }> = [];

  /** Promise logic whose call is keyed by the invoke id (an actor's id is its invoke's). */
  logic<T>() {
    return fromPromise<T, any>(
      ({ input, self, signal }) =>
        new Promise<T>((resolve, reject) => {
          const entry: Pending = { resolve: resolve as (v: unknown) => void, reject, input };
          this.open.set(self.id, entry);
          this.inputs.push({ id: self.id, input });
          signal.addEventListener('abort', () => {
            if (this.open.get(self.id) === entry) this.open.delete(self.id);
          });
        }),
    );
  }

  isOpen(id: string) {
    return this.open.has(id);
  }

  async settle(event: AnyEventObject) {
    const [, outcome, , id] = event.type.split('.');
    const call = this.open.get(id);
    if (!call) throw new Error(`the path ends a call of '${id}', but none is under way`);
    this.open.delete(id);
    await act(async () => {
      if (outcome === 'done') call.resolve((event as { output?: unknown }).output);
      else call.reject((event as { error?: unknown }).error);
    });
  }
}

/** The 'balance-changed' socket, as watchBalances' stand-in. */
export class FakeSocket {
  private listeners = new Set<(change: BalanceChanged) => void>();
  /** How many sockets the page opened (the session cookie authenticates each). */
  opened = 0;
  watch = (onChanged: (change: BalanceChanged) => void) => {
    this.opened += 1;
    this.listeners.add(onChanged);
    return () => {
      this.listeners.delete(onChanged);
    };
  };
  get watching() {
    return this.listeners.size;
  }
  async emit(change: BalanceChanged) {
    await act(async () => {
      this.listeners.forEach((l) => l(change));
    });
  }
}

export const CLIENTS: ClientOption[] = [
  { id: 1, client_name: 'PT Maju' },
  { id: 2, client_name: 'CV Jaya' },
];

export function renderPage(
  page: ReactElement,
  clients: ClientOption[],
  sessionActors: Record<string, AnyActorLogic> = {},
  /** What the signed-in SUPER ADMIN is besides, e.g. the modules their role holds. */
  userOver: Partial<CurrentUser> = {},
) {
  const user = makeUser({ type: 'SUPER ADMIN', otp_verified: true, ...userOver });
  return renderWithSession(page, user, { modules: [], banks: [], clients, roles: [] }, sessionActors);
}

/** The page itself (its section, named by its title), not the toasts beside it. */
export const region = (title: string) => screen.getByRole('region', { name: title });

/** A click as the page receives it (fireEvent: user-event's pointer sequence costs seconds over hundreds of paths). */
export const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

export async function chooseClient(title: string, clientId: number, clients = CLIENTS) {
  await click(within(region(title)).getByRole('combobox', { name: 'Client' }));
  await click(await screen.findByRole('option', { name: clients.find((c) => c.id === clientId)!.client_name }));
}

/**
 * The generated paths the view is driven through: every path is replayed on the machine by
 * buildModel; rendering each costs about a second, so the page is driven through a smallest-first
 * greedy set of them that still takes every transition of the definition (`MODEL_ALL_PATHS=1`
 * drives them all). Each driven path asserts the screen after every step, so a transition whose
 * target is wrong fails wherever a driven path takes it.
 */
export function drivenPaths<P extends ModelPath>(machine: AnyStateMachine, paths: P[]): P[] {
  if (process.env.MODEL_ALL_PATHS) return paths;
  const never = fromPromise(() => new Promise<never>(() => {}));
  const stub = machine.provide({
    actors: Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((n) => [n, never])),
  });
  const taken = paths.map((path) => {
    const seen = new Set<unknown>();
    const actor = createActor(stub, {
      input: (path as unknown as { input: unknown }).input,
      inspect: (e) => {
        if (e.type === '@xstate.microstep')
          (e as unknown as { _transitions: unknown[] })._transitions.forEach((t) => seen.add(t));
      },
    });
    actor.start();
    path.events.forEach((event) => actor.send(event));
    actor.stop();
    return seen;
  });
  const covered = new Set<unknown>();
  const chosen: P[] = [];
  // Longest gain first; among equals the shorter path, so failures read simply.
  for (;;) {
    let best = -1;
    let gain = 0;
    taken.forEach((set, i) => {
      const g = [...set].filter((t) => !covered.has(t)).length;
      if (g > gain || (g === gain && g > 0 && paths[i].events.length < paths[best].events.length)) {
        best = i;
        gain = g;
      }
    });
    if (best < 0) return chosen;
    taken[best].forEach((t) => covered.add(t));
    chosen.push(paths[best]);
  }
}

export const isActorEvent = (event: AnyEventObject) =>
  event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');

export interface PageModel<World> {
  title: string;
  start(input: { clients: ClientOption[] }): World;
  /** Where the spec says this event takes the screen (hand-written from the spec, not from the machine). */
  expectedAfter(state: string, event: AnyEventObject, world: World): string;
  nextWorld(world: World, event: AnyEventObject, state: string): World;
  /**
   * Which state the screen shows, read from the DOM alone. A model without it (a dialog whose every step shows at
   * once) asserts the whole screen in checkScreen instead.
   */
  readScreen?(world: World): string;
  /** What the screen must show in that state, given what the user and the server did. */
  checkScreen(state: string, world: World): void | Promise<void>;
  /** Performs a UI or socket event (actor events are settled by the harness when it is given the calls). */
  perform(event: AnyEventObject, world: World, state: string): Promise<void>;
  /** The machine's state value as the names readScreen uses. */
  label(value: StateValue): string;
  initial(world: World): string;
}

/** How one page differs from the common drive; every part is optional. */
export interface DriveOptions<World> {
  /** Waits for the first screen (default: the page's region, named by its title). */
  ready?(world: World): Promise<unknown>;
  /** What readScreen shows for a state name, where the screen cannot tell some states apart (default: the name). */
  visible?(state: string): string;
  /** Checks after each step besides the screen's, e.g. what the page asked the server. */
  afterStep?(state: string, world: World, event: AnyEventObject): void | Promise<void>;
}

// How long a step may take to show on screen. Generous on purpose: under CI's full load (two cores, four
// projects) a dialog's first render has taken longer than 1.5 s; a wrong screen still fails, only later.
export const SCREEN_SETTLES_MS = 5000;

/**
 * The one runner of a path's steps: each event through the page (an actor event settles its pending call when
 * `calls` is given, everything else goes to the model's perform), then the screen must show the state the model
 * expects. `path.end` (when the path has one) must be where the screen ended. Returns the last state and world.
 */
export async function drivePath<World>(
  model: PageModel<World>,
  path: Pick<ModelPath, 'events'> & { end?: ModelPath['end']; input?: unknown },
  calls: PendingCalls | null,
  renderIt: (clients: ClientOption[]) => void,
  options: DriveOptions<World> = {},
) {
  const input = (path.input ?? { clients: [] }) as { clients: ClientOption[] };
  const visible = options.visible ?? ((state: string) => state);
  renderIt(input.clients);
  let world = model.start(input);
  let state = model.initial(world);
  await (options.ready ? options.ready(world) : screen.findByRole('region', { name: model.title }));
  const shows = async (expected: string, why: string) => {
    if (model.readScreen)
      await waitFor(() => expect(model.readScreen!(world), why).toBe(visible(expected)), {
        timeout: SCREEN_SETTLES_MS,
      });
  };
  await shows(state, 'at first');
  await model.checkScreen(state, world);
  for (const event of path.events) {
    const expected = model.expectedAfter(state, event, world);
    if (calls && isActorEvent(event)) await calls.settle(event);
    else await model.perform(event, world, state);
    world = model.nextWorld(world, event, state);
    await shows(expected, `after ${event.type} from ${state}`);
    await model.checkScreen(expected, world);
    await options.afterStep?.(expected, world, event);
    state = expected;
  }
  // And the machine agrees with the screen where the path ends.
  if (path.end) expect(state).toBe(model.label(path.end.value));
  return { state, world };
}

/** Opens a saved view from the Views menu (issue 29), then closes the menu (a dialog of its own while open). */
export async function openSavedView(name: string) {
  await click(screen.getByRole('button', { name: 'Views', hidden: true }));
  const menu = await savedViewsMenu();
  const open = await waitFor(() => {
    const button = within(menu).getByRole('button', { name: `Open view ${name}`, hidden: true });
    expect(button).toBeEnabled();
    return button;
  });
  await click(open);
  await act(async () => {
    fireEvent.keyDown(menu, { key: 'Escape' });
  });
  await waitFor(() => expect(document.querySelector('[role=dialog][aria-label="Saved views"]')).toBeNull());
}

/** The open Views menu. */
export const savedViewsMenu = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('[role=dialog][aria-label="Saved views"]');
    if (!found) throw new Error('no Views menu');
    return found;
  });

/** Back or Forward onto an entry of this page whose address has `query`: the browser shows it, then says so. */
export async function moveInHistory(query: string) {
  await act(async () => {
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

/** The address's query as its parameters. */
export const addressParams = () => Object.fromEntries(new URLSearchParams(window.location.search));

/**
 * The person's saved views and columns as the server keeps them (issue 29): `views` read at once, each
 * kept column choice recorded in `kept`.
 */
export const savedViewsWith = (views: SavedView[] = [], kept: string[][] = []) =>
  savedViewsMachine.provide({
    actors: {
      load: fromPromise(async () => ({ views, shown: null as string[] | null })),
      saveColumns: fromPromise<unknown, { list: SavedView['list']; shown: string[] }>(async ({ input }) => {
        kept.push(input.shown);
      }),
    },
  });
