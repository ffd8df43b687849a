import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { sessionMachine } from '../../machines/sessionMachine';
import { ApiError } from '../../services/http';
import type { ClientOption, CurrentUser } from '../../services/schemas';
import { sessionStore } from '../../services/sessionStore';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import { PendingCalls, click, drivePath, drivenPaths, type PageModel } from './pageModelHarness';
import {
  LANDING,
  OPTIONS,
  SETTINGS,
  SIGN_IN_REGION,
  landedAt,
  renderSignIn,
  sendToSession,
  signedInUser,
} from './signInHarness';

/**
 * The sign-in screen, driven through every transition of the login machine: typing, Enter, the
 * six boxes, paste, the back arrow, and the server's answers settled as the path says. After every
 * step the screen must show what the spec (sections 2 Login, 4 login flow, 5, 8) says, written by
 * hand below; where the path signs the user in, the session takes over and the browser must end up
 * on two-factor set-up (first sign-in) or on the landing path (after a valid OTP).
 */

// --- What the user types and the server answers, in the spec's words -------------------------------

const EMAIL = 'adi@demo.local';
const PASSWORD = 'Demo-Password-1!';
const WRONG = new ApiError(401, 'Invalid Email or Password');
const LOCKED_TEXT = 'Too many failed attempts. The account is locked for 30 minutes.';
const LOCKED = new ApiError(429, LOCKED_TEXT);
const BAD_CODE = new ApiError(422, 'Invalid OTP');
const EXPIRED = new ApiError(401, 'Session expired');
const NOTICE = 'OTP has been validated. You will be redirected to login page to reconfirm.';
const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';
// Issue 44: a recovery code in place of the OTP.
const BAD_RECOVERY = new ApiError(422, 'Invalid recovery code');
const CODE_SHAPE = 'A recovery code is 12 letters and digits, as xxxx-xxxx-xxxx';
/** Typed as a person might: lower case, spaces for dashes. */
const TYPED_CODE = 'abcd efgh jkmn';
const wellFormed = (code: string) => /^[2-9A-HJ-NP-Z]{12}$/.test(code.replace(/[\s-]/g, '').toUpperCase());

/** Credentials accepted, two-factor active: the OTP step follows. */
const withTwoFactor = makeUser({ token: 'pre-otp', two_factor_active: true, otp_verified: false });
/** First sign-in: two-factor not set up yet. */
const firstSignIn = makeUser({ token: 'pre-setup', two_factor_active: false, otp_verified: false });
const verified = signedInUser();
/** Signed in with a recovery code: verified, and asked for a new authenticator. */
const recovered = signedInUser({ token: 'recovered', must_reset_two_factor: true });

function events(s: AnyMachineSnapshot): AnyEventObject[] {
  const otp = (s.context as { otp: string }).otp;
  return [
    { type: 'EDIT_EMAIL', value: EMAIL },
    { type: 'EDIT_PASSWORD', value: PASSWORD },
    { type: 'SUBMIT' },
    doneEvent('signIn', withTwoFactor),
    doneEvent('signIn', firstSignIn),
    errorEvent('signIn', WRONG),
    errorEvent('signIn', LOCKED),
    // One digit typed, or the last one taken back with Backspace.
    ...(otp.length < 6 ? [{ type: 'OTP_CHANGE', value: `${otp}1` }] : []),
    ...(otp ? [{ type: 'OTP_CHANGE', value: otp.slice(0, -1) }] : []),
    { type: 'PASTE', text: '654321' },
    { type: 'PASTE', text: '1234' },
    { type: 'BACK' },
    doneEvent('validateOtp', verified),
    errorEvent('validateOtp', BAD_CODE),
    errorEvent('validateOtp', EXPIRED),
    errorEvent('validateOtp', LOCKED),
    { type: 'USE_RECOVERY_CODE' },
    { type: 'USE_AUTHENTICATOR' },
    { type: 'RECOVERY_CODE_CHANGE', value: TYPED_CODE },
    { type: 'RECOVERY_CODE_CHANGE', value: 'ABCD' },
    doneEvent('signInWithRecoveryCode', recovered),
    errorEvent('signInWithRecoveryCode', BAD_RECOVERY),
    errorEvent('signInWithRecoveryCode', EXPIRED),
    errorEvent('signInWithRecoveryCode', LOCKED),
  ];
}

type Input = { notice: string | null; clients: ClientOption[] };
const INPUTS: Input[] = [
  { notice: null, clients: [] },
  { notice: NOTICE, clients: [] },
];

const model = buildModel(loginMachine, {
  inputs: INPUTS,
  events,
  serialize: (s) => {
    const c = s.context as {
      email: string;
      password: string;
      otp: string;
      recoveryCode: string;
      error: string | null;
      notice: string | null;
    };
    return JSON.stringify([
      s.value,
      c.email !== '',
      c.password !== '',
      c.otp.length,
      c.recoveryCode,
      c.error,
      c.notice != null,
    ]);
  },
});

// --- The spec's table, by hand: where each event takes the screen -----------------------------------

interface World {
  email: string;
  password: string;
  otp: string;
  /** On the recovery code step (issue 44), and what is typed there. */
  recovering: boolean;
  recoveryCode: string;
  error: string | null;
  notice: string | null;
  user: CurrentUser | null;
}

const output = (e: AnyEventObject) => (e as unknown as { output: CurrentUser }).output;
const failure = (e: AnyEventObject) => (e as unknown as { error: ApiError }).error;

function expectedAfter(state: string, event: AnyEventObject, w: World): string {
  switch (event.type) {
    case 'EDIT_EMAIL':
    case 'EDIT_PASSWORD':
      return 'credentials';
    case 'SUBMIT':
      if (w.recovering) return wellFormed(w.recoveryCode) ? 'checkingRecoveryCode' : 'recoveryCode';
      return w.email && w.password ? 'signingIn' : 'credentials';
    case 'USE_RECOVERY_CODE':
    case 'RECOVERY_CODE_CHANGE':
      return 'recoveryCode';
    case 'USE_AUTHENTICATOR':
      return 'otp';
    case 'xstate.done.actor.signInWithRecoveryCode':
      return 'signedIn';
    case 'xstate.error.actor.signInWithRecoveryCode':
      return failure(event).status === 401 ? 'credentials' : 'recoveryCode';
    case 'xstate.done.actor.signIn':
      return output(event).two_factor_active ? 'otp' : 'signedIn';
    case 'xstate.error.actor.signIn':
      return 'credentials';
    // Submits by itself when all six boxes are full.
    case 'OTP_CHANGE':
      return event.value.length === 6 ? 'checkingOtp' : 'otp';
    case 'PASTE':
      return /^\d{6}$/.test(event.text) ? 'checkingOtp' : 'otp';
    case 'BACK':
      return 'credentials';
    case 'xstate.done.actor.validateOtp':
      return 'signedIn';
    // The pre-OTP session is gone: sign in again. Any other refusal stays on the code.
    case 'xstate.error.actor.validateOtp':
      return failure(event).status === 401 ? 'credentials' : 'otp';
    default:
      throw new Error(`no expectation for ${event.type} in ${state}`);
  }
}

function nextWorld(w: World, event: AnyEventObject): World {
  switch (event.type) {
    case 'EDIT_EMAIL':
      return { ...w, email: event.value };
    case 'EDIT_PASSWORD':
      return { ...w, password: event.value };
    case 'SUBMIT':
      if (w.recovering) return wellFormed(w.recoveryCode) ? w : { ...w, error: CODE_SHAPE };
      return w.email && w.password
        ? { ...w, error: null, notice: null }
        : { ...w, error: 'Please enter your email and password' };
    case 'xstate.done.actor.signIn':
      return { ...w, user: output(event), otp: '' };
    case 'xstate.error.actor.signIn':
      return { ...w, error: failure(event).message, password: '' };
    case 'OTP_CHANGE':
      return { ...w, otp: event.value, error: null };
    case 'PASTE':
      return /^\d{6}$/.test(event.text) ? { ...w, otp: event.text, error: null } : { ...w, error: 'Invalid OTP' };
    case 'BACK':
      return { ...w, otp: '', recoveryCode: '', recovering: false, error: null, password: '', user: null };
    case 'USE_RECOVERY_CODE':
      return { ...w, otp: '', recoveryCode: '', recovering: true, error: null };
    case 'USE_AUTHENTICATOR':
      return { ...w, recoveryCode: '', recovering: false, error: null };
    case 'RECOVERY_CODE_CHANGE':
      return { ...w, recoveryCode: event.value, error: null };
    case 'xstate.done.actor.signInWithRecoveryCode':
      return { ...w, user: output(event), recoveryCode: '' };
    case 'xstate.error.actor.signInWithRecoveryCode': {
      const { status, message } = failure(event);
      if (status === 401)
        return { ...w, recoveryCode: '', recovering: false, password: '', user: null, error: SESSION_ENDED_TEXT };
      return { ...w, recoveryCode: '', error: status === 422 ? 'Invalid recovery code' : message };
    }
    case 'xstate.done.actor.validateOtp':
      return { ...w, user: output(event) };
    case 'xstate.error.actor.validateOtp': {
      const { status, message } = failure(event);
      if (status === 401) return { ...w, otp: '', password: '', user: null, error: SESSION_ENDED_TEXT };
      return { ...w, otp: '', error: status === 422 ? 'Invalid OTP' : message };
    }
    default:
      return w;
  }
}

// --- Reading and working the screen --------------------------------------------------------------

const heading = (name: string) => screen.queryByRole('heading', { name });
const button = (name: string) => screen.getByRole('button', { name });
const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ }) as HTMLInputElement[];
const recoveryField = () => screen.getByRole('textbox', { name: 'Recovery code' }) as HTMLInputElement;
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' }) as HTMLInputElement;

function readScreen(): string {
  if (landedAt() === SETTINGS) return 'signedIn';
  if (landedAt()) return `landed at ${landedAt()}`;
  if (heading('Sign In')) return screen.queryByRole('button', { name: 'Signing in…' }) ? 'signingIn' : 'credentials';
  if (heading('Enter OTP')) return screen.queryByRole('button', { name: 'Checking…' }) ? 'checkingOtp' : 'otp';
  if (heading('Use a recovery code'))
    return screen.queryByRole('button', { name: 'Checking…' }) ? 'checkingRecoveryCode' : 'recoveryCode';
  // Signed in with the OTP: the session loads the options while the card waits.
  if (screen.queryByText('Signing in…')) return 'signedIn';
  return 'nothing known';
}

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

function checkScreen(state: string, w: World) {
  switch (state) {
    case 'credentials':
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(w.email);
      expect(password()).toHaveValue(w.password);
      expect(password()).toHaveAttribute('type', 'password');
      expect(button('Sign In')).toBeEnabled();
      expect(alertText()).toBe(w.error);
      // Arriving from two-factor set-up, the reason stays in view until the user signs in.
      if (w.notice) expect(screen.getByText(w.notice)).toBeInTheDocument();
      else expect(screen.queryByText(NOTICE)).toBeNull();
      expect(screen.getByText(/© 2025/)).toBeInTheDocument();
      return;
    case 'signingIn':
      expect(button('Signing in…')).toBeDisabled();
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
      expect(alertText()).toBeNull();
      expect(screen.queryByText(NOTICE)).toBeNull();
      return;
    case 'otp':
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
      expect(
        boxes()
          .map((b) => b.value)
          .join(''),
      ).toBe(w.otp);
      boxes().forEach((b) => expect(b).toBeEnabled());
      expect(button('Back')).toBeEnabled();
      expect(button('Paste from Clipboard')).toBeEnabled();
      expect(button('Use a recovery code')).toBeEnabled();
      expect(alertText()).toBe(w.error);
      return;
    case 'recoveryCode':
      expect(recoveryField()).toHaveValue(w.recoveryCode);
      expect(recoveryField()).toBeEnabled();
      expect(recoveryField()).toHaveFocus();
      expect(button('Sign In')).toBeEnabled();
      expect(button('Back')).toBeEnabled();
      expect(button('Use the authenticator app instead')).toBeEnabled();
      expect(alertText()).toBe(w.error);
      return;
    case 'checkingRecoveryCode':
      expect(recoveryField()).toHaveValue(w.recoveryCode);
      expect(recoveryField()).toBeDisabled();
      expect(button('Checking…')).toBeDisabled();
      expect(button('Back')).toBeDisabled();
      return;
    case 'checkingOtp':
      expect(
        boxes()
          .map((b) => b.value)
          .join(''),
      ).toBe(w.otp);
      expect(button('Checking…')).toBeDisabled();
      expect(button('Back')).toBeDisabled();
      return;
    case 'signedIn':
      // The user is stored either way (spec section 4): with the OTP passed, or sent to set two-factor up.
      expect(sessionStore.load()?.email).toBe(w.user!.email);
      if (w.user!.otp_verified) {
        expect(window.location.pathname).toBe('/login');
        expect(screen.getByText('Signing in…')).toBeInTheDocument();
      } else {
        expect(landedAt()).toBe(SETTINGS);
      }
      return;
    default:
      throw new Error(`no check for ${state}`);
  }
}

async function perform(event: AnyEventObject, w: World) {
  switch (event.type) {
    case 'EDIT_EMAIL':
      fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: event.value } });
      return;
    case 'EDIT_PASSWORD':
      fireEvent.change(password(), { target: { value: event.value } });
      return;
    // The credentials and the recovery code step each have their own Sign In.
    case 'SUBMIT':
      await click(button('Sign In'));
      return;
    case 'USE_RECOVERY_CODE':
      await click(button('Use a recovery code'));
      return;
    case 'USE_AUTHENTICATOR':
      await click(button('Use the authenticator app instead'));
      return;
    case 'RECOVERY_CODE_CHANGE':
      fireEvent.change(recoveryField(), { target: { value: event.value } });
      return;
    case 'OTP_CHANGE': {
      const box = boxes()[Math.min(w.otp.length, 5)];
      fireEvent.keyDown(box, { key: event.value.length > w.otp.length ? '1' : 'Backspace' });
      return;
    }
    case 'PASTE':
      fireEvent.paste(boxes()[0], { clipboardData: { getData: () => event.text } });
      return;
    case 'BACK':
      await click(button('Back'));
      return;
    default:
      throw new Error(`cannot perform ${event.type}`);
  }
}

const LABELS: Record<string, string> = {
  editingCredentials: 'credentials',
  submittingCredentials: 'signingIn',
  enteringOtp: 'otp',
  submittingOtp: 'checkingOtp',
  enteringRecoveryCode: 'recoveryCode',
  submittingRecoveryCode: 'checkingRecoveryCode',
  signedIn: 'signedIn',
};

const pageModel: PageModel<World> = {
  title: SIGN_IN_REGION,
  start: (input) => ({
    email: '',
    password: '',
    otp: '',
    recovering: false,
    recoveryCode: '',
    error: null,
    notice: (input as unknown as Input).notice,
    user: null,
  }),
  expectedAfter,
  nextWorld,
  readScreen,
  checkScreen,
  perform,
  label: (value: StateValue) => LABELS[value as string],
  initial: () => 'credentials',
};

/**
 * The greedy transition cover, plus the shortest path to each answer the spec words differently
 * (several share a transition: the lockout and a wrong password, say) and the arrival from set-up.
 */
const eventKey = (e: AnyEventObject | undefined) => JSON.stringify(e ?? null);
const shortestEndingWith = (event: AnyEventObject, notice: string | null) =>
  model.paths
    .filter(
      (p) =>
        (p as ModelPath & { input: Input }).input.notice === notice && eventKey(p.events.at(-1)) === eventKey(event),
    )
    .sort((a, b) => a.events.length - b.events.length)[0];
const SPELLED_OUT = [
  errorEvent('signIn', WRONG),
  errorEvent('signIn', LOCKED),
  doneEvent('signIn', firstSignIn),
  errorEvent('validateOtp', BAD_CODE),
  errorEvent('validateOtp', EXPIRED),
  errorEvent('validateOtp', LOCKED),
  { type: 'PASTE', text: '1234' },
  doneEvent('signInWithRecoveryCode', recovered),
  errorEvent('signInWithRecoveryCode', BAD_RECOVERY),
  errorEvent('signInWithRecoveryCode', EXPIRED),
  errorEvent('signInWithRecoveryCode', LOCKED),
].map((e) => shortestEndingWith(e, null));
const FROM_SET_UP = [
  shortestEndingWith({ type: 'EDIT_EMAIL', value: EMAIL }, NOTICE),
  shortestEndingWith(errorEvent('signIn', WRONG), NOTICE),
];
const DRIVEN = [...new Set([...drivenPaths(loginMachine, model.paths), ...SPELLED_OUT, ...FROM_SET_UP])];

describe('Sign In and Enter OTP: every transition of the login machine, driven through the login page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it('drives the lockout, every refusal and the arrival from set-up', () => {
    expect([...SPELLED_OUT, ...FROM_SET_UP].every(Boolean)).toBe(true);
  });

  const answer = (p: ModelPath) => (p.events.at(-1) as { error?: ApiError } | undefined)?.error?.message;
  it.each(DRIVEN.map((p) => [answer(p) ? `${p.description} (${answer(p)})` : p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const logic = sessionMachine.provide({
        actors: {
          login: loginMachine.provide({
            actors: {
              signIn: calls.logic<CurrentUser>(),
              validateOtp: calls.logic<CurrentUser>(),
              signInWithRecoveryCode: calls.logic<CurrentUser>(),
            },
          }),
          loadOptions: calls.logic(),
        },
      });
      const { notice } = (path as ModelPath & { input: Input }).input;
      await drivePath(pageModel, path, calls, () => {
        if (!notice) {
          renderSignIn({ logic, stored: null, at: '/login' });
          return;
        }
        // Sent back from two-factor set-up: the session ends and takes the user to /login, told why.
        renderSignIn({
          logic,
          stored: makeUser({ token: 'pre-setup', two_factor_active: false, otp_verified: false }),
          at: SETTINGS,
        });
        expect(landedAt()).toBe(SETTINGS);
        sendToSession({ type: 'REAUTHENTICATE', notice });
      });
      // Signed in with a recovery code: the session takes the user to User Settings, to set up a new authenticator.
      if (
        path.end.matches('signedIn') &&
        path.events.some((e) => e.type === 'xstate.done.actor.signInWithRecoveryCode')
      ) {
        await calls.settle(doneEvent('loadOptions', OPTIONS));
        await waitFor(() => expect(landedAt()).toBe(SETTINGS));
      }
      // Past the login machine: once the options load, the session takes a verified user to where they land.
      if (path.end.matches('signedIn') && path.events.some((e) => e.type === 'xstate.done.actor.validateOtp')) {
        await calls.settle(doneEvent('loadOptions', OPTIONS));
        await waitFor(() => expect(landedAt()).toBe(LANDING));
        expect(
          within(screen.getByRole('region', { name: SIGN_IN_REGION })).queryByRole('heading', { name: 'Sign In' }),
        ).toBeNull();
      }
    },
    30_000,
  );
});
