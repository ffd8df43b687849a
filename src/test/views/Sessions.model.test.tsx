import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot, type StateValue } from 'xstate';
import { sessionMachine } from '../../machines/sessionMachine';
import { sessionsMachine } from '../../machines/sessionsMachine';
import { formatDateTime } from '../../services/format';
import { ApiError } from '../../services/http';
import type { SessionRow } from '../../services/sessionRules';
import { AlertHost } from '../../views/AlertHost';
import { SessionsCard } from '../../views/settings/SessionsCard';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { PendingCalls, click, drivePath, drivenPaths, type PageModel } from './pageModelHarness';
import { OPTIONS, SETTINGS, SIGN_IN_REGION, renderSignIn, signedInUser } from './signInHarness';

/**
 * User Settings' Sessions card (issue 44), driven through every transition of its machine on the
 * page: the list with this session marked, Sign out of another session and Sign out everywhere else
 * after 'Are you sure?', the server's words in the alerts, the list read again after each. The
 * screen's words are written by hand below. A sign-in still waiting for its code shows no card.
 */

const THIS: SessionRow = {
  id: 1,
  browser: 'Chrome on Linux',
  ip: '10.0.0.1',
  created_at: '2026-12-06T01:00:00.000Z',
  last_seen_at: '2026-12-06T02:00:00.000Z',
  current: true,
  otp_verified: true,
};
const OTHER: SessionRow = {
  id: 2,
  browser: 'Firefox on Windows',
  ip: '10.0.0.2',
  created_at: '2026-12-05T01:00:00.000Z',
  last_seen_at: '2026-12-05T03:00:00.000Z',
  current: false,
  otp_verified: true,
};
const ENDED_ONE = 'The session has been signed out';
const ENDED_OTHERS = '1 other session has been signed out';

const events: AnyEventObject[] = [
  doneEvent('load', [THIS, OTHER]),
  doneEvent('load', [THIS]),
  errorEvent('load', new ApiError(503, 'The database is unavailable')),
  { type: 'RETRY' },
  { type: 'END', id: OTHER.id },
  { type: 'END_OTHERS' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  doneEvent('endOne', ENDED_ONE),
  errorEvent('endOne', new ApiError(404, 'Session not found')),
  doneEvent('endOthers', ENDED_OTHERS),
  errorEvent('endOthers', new ApiError(0, 'Error')),
];

type Input = { verified: boolean; clients: [] };
const INPUTS: Input[] = [
  { verified: true, clients: [] },
  { verified: false, clients: [] },
];

const model = buildModel(sessionsMachine, {
  inputs: INPUTS,
  events,
  serialize: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.sessions.length, s.context.loadError, s.context.target?.id ?? null]),
});

// --- What the person should see, by hand ---------------------------------------------------------------

interface World {
  sessions: SessionRow[];
  loadError: string | null;
  /** The last alert raised (the server's words, or the card's own when it said none). */
  alert: string | null;
}

function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return 'showing';
    case 'xstate.error.actor.load':
      return 'loadFailed';
    case 'RETRY':
      return 'loading';
    case 'END':
      return w.sessions.some((s) => s.id === event.id && !s.current) ? 'confirmingOne' : state;
    case 'END_OTHERS':
      return w.sessions.some((s) => !s.current) ? 'confirmingOthers' : state;
    case 'CONFIRM':
      return state === 'confirmingOne' ? 'endingOne' : 'endingOthers';
    case 'CANCEL':
      return 'showing';
    // Ended or refused, the list is read again: it shows what the server now holds.
    case 'xstate.done.actor.endOne':
    case 'xstate.error.actor.endOne':
    case 'xstate.done.actor.endOthers':
    case 'xstate.error.actor.endOthers':
      return 'loading';
    default:
      throw new Error(`no expectation for ${event.type} in ${state}`);
  }
}

function nextWorld(w: World, event: AnyEventObject): World {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return { ...w, sessions: event.output as SessionRow[], loadError: null };
    case 'xstate.error.actor.load':
      return { ...w, loadError: (event.error as ApiError).message };
    case 'xstate.done.actor.endOne':
    case 'xstate.done.actor.endOthers':
      return { ...w, alert: event.output as string };
    case 'xstate.error.actor.endOne':
      return { ...w, alert: 'Session not found' };
    // No answer at all: the card's own words.
    case 'xstate.error.actor.endOthers':
      return { ...w, alert: 'The other sessions could not be signed out.' };
    default:
      return w;
  }
}

// --- Reading and working the screen -------------------------------------------------------------------

const dialog = () => document.querySelector<HTMLElement>('[role=dialog],[role=alertdialog]');
const table = () => screen.queryByRole('table', { name: 'Your sessions' });

function readScreen(): string {
  if (!screen.queryByRole('heading', { name: 'Sessions' })) return 'hidden';
  if (screen.queryByRole('button', { name: 'Reload sessions' })) return 'loadFailed';
  const d = dialog();
  if (d) {
    const busy = d.textContent!.includes('Signing out…');
    const aboutOne = d.textContent!.includes(`Sign out ${OTHER.browser}`);
    if (aboutOne) return busy ? 'endingOne' : 'confirmingOne';
    return busy ? 'endingOthers' : 'confirmingOthers';
  }
  if (table()?.getAttribute('aria-busy') === 'true') return 'loading';
  if (table()) return 'showing';
  return 'nothing known';
}

/** The card's own button of this name, not the dialog's (whose confirm says the same words). */
const cardButton = (name: string) => {
  const found = screen.getAllByRole('button', { name }).filter((b) => !dialog()?.contains(b));
  expect(found).toHaveLength(1);
  return found[0];
};

const signOutName = (s: SessionRow) => `Sign out ${s.browser}, signed in ${formatDateTime(s.created_at)}`;

function checkScreen(state: string, w: World) {
  if (state === 'hidden') {
    expect(table()).toBeNull();
    return;
  }
  expect(screen.getByText(/Sign out of any session you do not recognise/)).toBeInTheDocument();
  if (w.alert) expect(screen.getByText(w.alert)).toBeInTheDocument();
  const everywhereElse = cardButton('Sign out everywhere else');
  switch (state) {
    case 'loading':
      expect(everywhereElse).toBeDisabled();
      return;
    case 'loadFailed':
      expect(screen.getByText(w.loadError!)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload sessions' })).toBeEnabled();
      expect(everywhereElse).toBeDisabled();
      return;
    case 'showing': {
      const rows = within(table()!).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(w.sessions.length);
      w.sessions.forEach((s, i) => {
        const row = within(rows[i]);
        expect(row.getByText(s.browser)).toBeInTheDocument();
        expect(row.getByText(s.ip!)).toBeInTheDocument();
        expect(row.getByText(formatDateTime(s.created_at))).toBeInTheDocument();
        expect(row.getByText(formatDateTime(s.last_seen_at))).toBeInTheDocument();
        // This session is marked and has no Sign out of its own (the header signs it out).
        if (s.current) {
          expect(row.getByText('This session')).toBeInTheDocument();
          expect(row.queryByRole('button')).toBeNull();
        } else expect(row.getByRole('button', { name: signOutName(s) })).toBeEnabled();
      });
      if (w.sessions.some((s) => !s.current)) expect(everywhereElse).toBeEnabled();
      else expect(everywhereElse).toBeDisabled();
      return;
    }
    case 'confirmingOne':
      expect(dialog()).toHaveTextContent('Are you sure?');
      expect(dialog()).toHaveTextContent(`Sign out ${OTHER.browser} (${OTHER.ip})`);
      expect(within(dialog()!).getByRole('button', { name: 'Sign out', hidden: true })).toBeEnabled();
      return;
    case 'confirmingOthers':
      expect(dialog()).toHaveTextContent('Every other session of your account is signed out at once');
      expect(within(dialog()!).getByRole('button', { name: 'Sign out everywhere else', hidden: true })).toBeEnabled();
      return;
    case 'endingOne':
    case 'endingOthers':
      expect(within(dialog()!).getByRole('button', { name: 'Cancel', hidden: true })).toBeDisabled();
      return;
    default:
      throw new Error(`no check for ${state}`);
  }
}

async function perform(event: AnyEventObject) {
  switch (event.type) {
    case 'RETRY':
      await click(screen.getByRole('button', { name: 'Reload sessions' }));
      return;
    case 'END':
      await click(screen.getByRole('button', { name: signOutName(OTHER) }));
      return;
    case 'END_OTHERS':
      await click(cardButton('Sign out everywhere else'));
      return;
    case 'CONFIRM':
    case 'CANCEL': {
      const d = await waitFor(() => {
        const found = dialog();
        if (!found) throw new Error('no dialog');
        return found;
      });
      const buttons = within(d).getAllByRole('button', { hidden: true });
      const cancel = buttons.find((b) => b.textContent === 'Cancel')!;
      await click(event.type === 'CANCEL' ? cancel : buttons.filter((b) => b !== cancel).at(-1)!);
      return;
    }
    default:
      throw new Error(`cannot perform ${event.type}`);
  }
}

const pageModel: PageModel<World> = {
  title: SIGN_IN_REGION,
  start: () => ({ sessions: [], loadError: null, alert: null }),
  expectedAfter,
  nextWorld,
  readScreen,
  checkScreen,
  perform,
  label: (value: StateValue) => String(value),
  initial: () => 'loading',
};

describe("User Settings' Sessions card: each transition of the sessions machine, via the page", () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(drivenPaths(sessionsMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const { verified } = (path as ModelPath & { input: Input }).input;
      const cardLogic = sessionsMachine.provide({
        actors: { load: calls.logic(), endOne: calls.logic(), endOthers: calls.logic() },
      });
      const session = sessionMachine.provide({ actors: { loadOptions: fromPromise(async () => OPTIONS) } });
      // Past the OTP step the card lists; a sign-in waiting for its code (two-factor set-up) shows none.
      const stored = verified
        ? signedInUser()
        : makeUser({ token: 'pre-setup', two_factor_active: false, otp_verified: false });
      const screenModel = { ...pageModel, initial: () => (verified ? 'loading' : 'hidden') };
      await drivePath(screenModel, path, calls, () =>
        renderSignIn({
          logic: session,
          stored,
          at: SETTINGS,
          settings: (
            <>
              <AlertHost />
              <SessionsCard logic={cardLogic} />
            </>
          ),
        }),
      );
    },
    30_000,
  );
});
