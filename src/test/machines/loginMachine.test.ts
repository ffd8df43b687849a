import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { INVALID_OTP, loginMachine, typedOtp } from '../../machines/loginMachine';
import { ApiError } from '../../services/http';
import type { CurrentUser } from '../../services/schemas';
import { makeUser } from '../fixtures';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const user = makeUser;

const events = [
  { type: 'EDIT_EMAIL', value: 'adi@demo.local' },
  { type: 'EDIT_PASSWORD', value: 'secret' },
  { type: 'SUBMIT' },
  doneEvent('signIn', user()),
  doneEvent('signIn', user({ two_factor_active: false })),
  errorEvent('signIn', new ApiError(401, 'Invalid Email or Password')),
  { type: 'OTP_CHANGE', value: '12a' },
  { type: 'OTP_CHANGE', value: '123456' },
  { type: 'PASTE', text: '654321' },
  { type: 'PASTE', text: '1234' },
  { type: 'BACK' },
  doneEvent('validateOtp', user({ otp_verified: true })),
  errorEvent('validateOtp', new ApiError(422, 'Invalid OTP')),
  errorEvent('validateOtp', new ApiError(401, 'expired')),
  errorEvent('validateOtp', new ApiError(429, 'Too many failed attempts. The account is locked for 30 minutes.')),
  { type: 'USE_RECOVERY_CODE' },
  { type: 'USE_AUTHENTICATOR' },
  { type: 'RECOVERY_CODE_CHANGE', value: 'abcd-efgh-jkmn' },
  { type: 'RECOVERY_CODE_CHANGE', value: 'ABCD' },
  doneEvent('signInWithRecoveryCode', user({ otp_verified: true, must_reset_two_factor: true })),
  errorEvent('signInWithRecoveryCode', new ApiError(422, 'Invalid recovery code')),
  errorEvent('signInWithRecoveryCode', new ApiError(401, 'expired')),
];

describe('login machine: model', () => {
  const model = buildModel(loginMachine, { events, inputs: [{ notice: null }] });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const snapshot = model.replay(path);
    // What the screen shows must hold in every state reached.
    if (snapshot.matches('enteringOtp') || snapshot.matches('submittingOtp'))
      expect(snapshot.context.pending?.email).toBe(makeUser().email);
    if (snapshot.matches('enteringOtp')) expect(snapshot.context.otp).toMatch(/^\d{0,5}$/);
    if (snapshot.matches('submittingOtp')) expect(snapshot.context.otp).toMatch(/^\d{6}$/);
    if (snapshot.matches('editingCredentials')) expect(snapshot.context.pending).toBeNull();
    if (snapshot.matches('enteringRecoveryCode') || snapshot.matches('submittingRecoveryCode'))
      expect(snapshot.context.pending?.email).toBe(makeUser().email);
    if (snapshot.matches('signedIn')) expect(snapshot.output).toBe(snapshot.context.user);
  });
});

describe('login machine: what the user sees', () => {
  const run = (
    signIn: () => Promise<CurrentUser>,
    validateOtp: () => Promise<CurrentUser> = async () => user({ otp_verified: true }),
  ) =>
    createActor(
      loginMachine.provide({ actors: { signIn: fromPromise(signIn), validateOtp: fromPromise(validateOtp) } }),
      { input: { notice: null } },
    ).start();

  it("shows the server's 'Invalid Email or Password' and clears the password", async () => {
    const actor = run(() => Promise.reject(new ApiError(401, 'Invalid Email or Password')));
    actor.send({ type: 'EDIT_EMAIL', value: 'x@y.z' });
    actor.send({ type: 'EDIT_PASSWORD', value: 'nope' });
    actor.send({ type: 'SUBMIT' });
    const s = await waitFor(actor, (x) => x.matches('editingCredentials') && x.context.error != null);
    expect(s.context.error).toBe('Invalid Email or Password');
    expect(s.context.password).toBe('');
  });

  it('asks for both fields before calling the server', () => {
    const actor = run(() => Promise.reject(new Error('must not be called')));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('Please enter your email and password');
    expect(actor.getSnapshot().matches('editingCredentials')).toBe(true);
  });

  it('submits by itself when the sixth digit is typed, and keeps digits only', async () => {
    const actor = run(async () => user());
    actor.send({ type: 'EDIT_EMAIL', value: 'a@b.co' });
    actor.send({ type: 'EDIT_PASSWORD', value: 'pw' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('enteringOtp'));
    actor.send({ type: 'OTP_CHANGE', value: '12-34x5' });
    expect(actor.getSnapshot().context.otp).toBe('12345');
    actor.send({ type: 'OTP_CHANGE', value: '1234567' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.otp_verified).toBe(true);
  });

  it("says 'Invalid OTP' for a pasted value that is not six digits, and for a rejected code", async () => {
    const actor = run(
      async () => user(),
      () => Promise.reject(new ApiError(422, 'Invalid OTP')),
    );
    actor.send({ type: 'EDIT_EMAIL', value: 'a@b.co' });
    actor.send({ type: 'EDIT_PASSWORD', value: 'pw' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('enteringOtp'));
    actor.send({ type: 'PASTE', text: '12345' });
    expect(actor.getSnapshot().context.error).toBe(INVALID_OTP);
    actor.send({ type: 'PASTE', text: ' 123456 ' });
    const s = await waitFor(actor, (x) => x.matches('enteringOtp') && x.context.error != null);
    expect(s.context.error).toBe(INVALID_OTP);
    expect(s.context.otp).toBe('');
  });

  it('sends a user without two-factor straight out, unverified, to set it up', async () => {
    const actor = run(async () => user({ two_factor_active: false }));
    actor.send({ type: 'EDIT_EMAIL', value: 'a@b.co' });
    actor.send({ type: 'EDIT_PASSWORD', value: 'pw' });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toMatchObject({ two_factor_active: false, otp_verified: false });
  });
});

// A digit box's input event (mobile keyboards, autofill) as the OTP form hands it to the machine.
describe('typedOtp', () => {
  it('appends typed digits, takes a whole code as a paste, and ignores input without digits', () => {
    expect(typedOtp('12', '3')).toEqual({ type: 'OTP_CHANGE', value: '123' });
    expect(typedOtp('12', 'a4')).toEqual({ type: 'OTP_CHANGE', value: '124' });
    expect(typedOtp('12', '345 678')).toEqual({ type: 'PASTE', text: '345678' });
    expect(typedOtp('', '1234567')).toEqual({ type: 'PASTE', text: '1234567' });
    expect(typedOtp('12', 'x ')).toBeNull();
  });
});
