import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type Options } from '../../machines/sessionMachine';
import type { CurrentUser } from '../../services/schemas';
import { sessionStore } from '../../services/sessionStore';
import { MemoryStorage, makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const user = (over: Partial<CurrentUser> = {}) =>
  makeUser({
    token: 'tok',
    otp_verified: true,
    type: 'CLIENT',
    modules: ['balance', 'settings', 'settings-user'],
    allowed_paths: ['/dashboard/balance'],
    client_id: [1],
    ...over,
  });

const options: Options = {
  modules: [
    {
      id: 'transactions',
      title: 'Payments List',
      path: '/dashboard/transactions',
      icon: 'x',
      is_required: false,
      children: [],
    },
    {
      id: 'balance',
      title: 'Payments Balance',
      path: '/dashboard/balance',
      icon: 'x',
      is_required: false,
      children: [],
    },
    {
      id: 'settings',
      title: 'Settings',
      path: '/dashboard/settings',
      icon: 'x',
      is_required: false,
      children: [{ id: 'settings-user', title: 'User Settings', path: '/dashboard/settings/user', is_required: true }],
    },
  ],
  banks: [],
  clients: [{ id: 1, client_name: 'PT A' }],
  roles: [],
};

/** The same user after an admin swapped Payments Balance for Payments List in their role. */
const regranted = user({
  modules: ['transactions', 'settings', 'settings-user'],
  allowed_paths: ['/dashboard/transactions'],
});

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

const events = [
  doneEvent('login', user()),
  doneEvent('login', user({ otp_verified: false })),
  { type: 'REAUTHENTICATE', notice: 'OTP has been validated. You will be redirected to login page to reconfirm.' },
  { type: 'FORBIDDEN' },
  doneEvent('loadOptions', options),
  errorEvent('loadOptions', new Error('offline')),
  { type: 'RETRY' },
  { type: 'LOGOUT' },
  { type: 'SESSION_ENDED' },
  doneEvent('endSession', undefined),
  errorEvent('endSession', new Error('offline')),
  { type: 'ACCESS_CHANGED' },
  doneEvent('refreshUser', { user: regranted, modules: options.modules }),
  errorEvent('refreshUser', new Error('offline')),
  { type: 'CHOOSE_LANGUAGE', language: 'en' },
];

describe('session machine: model', () => {
  const model = buildModel(sessionMachine, {
    events,
    inputs: [{ stored: null }, { stored: user() }, { stored: user({ otp_verified: false }) }],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const snapshot = model.replay(path);
    if (snapshot.matches('signedOut')) {
      expect(snapshot.context.user).toBeNull();
      expect(snapshot.context.options).toBeNull();
      expect(sessionStore.load()).toBeNull();
    }
    if (snapshot.matches('signedIn')) {
      expect(snapshot.context.landingPath).toBe(
        snapshot.context.user!.modules.includes('balance') ? '/dashboard/balance' : '/dashboard/transactions',
      );
    }
    if (snapshot.matches('awaitingTwoFactor')) expect(snapshot.context.user?.otp_verified).toBe(false);
    // Signed out, the sign-in form runs, with the reason the user was sent back if there is one.
    if (snapshot.matches('signedOut')) {
      expect(snapshot.children.login).toBeDefined();
      const types = path.events.map((e) => e.type);
      const sentBack = types.lastIndexOf('REAUTHENTICATE') > types.lastIndexOf('xstate.done.actor.login');
      expect(snapshot.context.notice).toBe(
        sentBack ? 'OTP has been validated. You will be redirected to login page to reconfirm.' : null,
      );
    }
  });
});

describe('session machine: what the user gets', () => {
  it('lands on the first module the user holds, and logout forgets the user', async () => {
    let loggedOut = false;
    const went: string[] = [];
    let signIns = 0;
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          // Signs in once; the sign-in form shown after logout waits for the user.
          login: fromPromise(() => (signIns++ === 0 ? Promise.resolve(user()) : new Promise<never>(() => {}))) as never,
          loadOptions: fromPromise(async () => options),
          endSession: fromPromise(async () => {
            loggedOut = true;
          }),
        },
        actions: {
          goToLanding: ({ context }) => went.push(context.landingPath),
          goToSignIn: () => went.push('/login'),
        },
      }),
      { input: { stored: null } },
    ).start();
    const signedIn = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(sessionStore.signedIn()).toBe(true);
    // The stored user holds no token: the session is the server's HttpOnly cookie.
    expect(localStorage.getItem('backoffice.user')).not.toContain('tok');
    expect(signedIn.context.landingPath).toBe('/dashboard/balance');
    expect(went).toEqual(['/dashboard/balance']);
    actor.send({ type: 'LOGOUT' });
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(loggedOut).toBe(true);
    expect(out.context.options).toBeNull();
    expect(sessionStore.signedIn()).toBe(false);
    expect(went).toEqual(['/dashboard/balance', '/login']);
  });

  it('sends a user without two-factor to set it up, and back to sign in, told why, once it is set up', async () => {
    const went: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: { login: fromPromise(async () => user({ otp_verified: false, two_factor_active: false })) as never },
        actions: {
          goToSettings: () => went.push('/dashboard/settings/user'),
          goToSignIn: () => went.push('/login'),
          goToLanding: () => went.push('landing'),
        },
      }),
      { input: { stored: null } },
    ).start();
    await waitFor(actor, (s) => s.matches('awaitingTwoFactor'));
    expect(went).toEqual(['/dashboard/settings/user']);
    expect(sessionStore.load()?.otp_verified).toBe(false);
    const notice = 'OTP has been validated. You will be redirected to login page to reconfirm.';
    actor.send({ type: 'REAUTHENTICATE', notice });
    // The login machine would finish again at once here: the state is read before it does.
    expect(went).toEqual(['/dashboard/settings/user', '/login']);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(sessionStore.load()).toBeNull();
    expect(actor.getSnapshot().context.notice).toBe(notice);
  });

  it('a restored session stays where it was opened, and a 403 goes to the landing path', async () => {
    const went: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadOptions: fromPromise(async () => options) },
        actions: { goToLanding: ({ context }) => went.push(context.landingPath) },
      }),
      { input: { stored: user() } },
    ).start();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(went).toEqual([]);
    actor.send({ type: 'FORBIDDEN' });
    expect(went).toEqual(['/dashboard/balance']);
  });
});

describe('session machine: a role changed by an admin', () => {
  it('reads the user and menu again, lands on what the new role grants, and stores it', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => options),
          refreshUser: fromPromise(async () => ({ user: regranted, modules: options.modules })),
        },
      }),
      { input: { stored: user() } },
    ).start();
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'ACCESS_CHANGED' });
    const after = await waitFor(
      actor,
      (s) => s.matches('signedIn') && s.context.user?.modules.includes('transactions') === true,
    );
    expect(after.context.landingPath).toBe('/dashboard/transactions');
    expect(sessionStore.load()?.allowed_paths).toEqual(['/dashboard/transactions']);
  });
});
