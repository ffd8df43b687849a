import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetupMachine';
import { ApiError } from '../../services/http';
import { OTP_DISABLED } from '../../services/successTexts';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const events = [
  doneEvent('generateSecret', { qrcode: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' }),
  errorEvent('generateSecret', new ApiError(0, 'Error')),
  { type: 'RETRY' },
  { type: 'CODE_CHANGE', value: '12' },
  { type: 'CODE_CHANGE', value: '123456' },
  { type: 'VERIFY' },
  doneEvent('verifyCode', { recovery_codes: ['ABCD-EFGH-JKMN'] }),
  { type: 'CODES_SAVED' },
  errorEvent('verifyCode', new ApiError(422, 'OTP is invalid.')),
  { type: 'xstate.after.redirect.twoFactorSetup.verified' },
  { type: 'RESET' },
  { type: 'CANCEL' },
  { type: 'CONFIRM' },
  doneEvent('disableTwoFactor', {}),
  errorEvent('disableTwoFactor', new ApiError(500, 'Something went wrong, please try again later.')),
  { type: 'xstate.after.redirect.twoFactorSetup.disabled' },
];

describe('two-factor set-up machine: model', () => {
  const model = buildModel(twoFactorSetupMachine, {
    events,
    inputs: [
      { twoFactorActive: false, session: null },
      { twoFactorActive: true, session: null },
    ],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const snapshot = model.replay(path);
    if (snapshot.matches('awaitingCode')) expect(snapshot.context.secret).toBeTruthy();
    if (snapshot.matches('verifying')) expect(snapshot.context.code).toMatch(/^\d{6}$/);
    if (snapshot.matches('reconfirm')) expect(snapshot.status).toBe('done');
    // The codes are held only while shown, once.
    if (snapshot.matches('showingCodes')) expect(snapshot.context.codes).toEqual(['ABCD-EFGH-JKMN']);
    else expect(snapshot.context.codes).toEqual([]);
  });
});

describe('two-factor set-up machine: what the user sees', () => {
  it('shows the QR code, refuses a short code, and says OTP is invalid. for a wrong one', async () => {
    const verify = vi.fn().mockRejectedValueOnce(new ApiError(422, 'OTP is invalid.'));
    const actor = createActor(
      twoFactorSetupMachine.provide({
        actors: {
          generateSecret: fromPromise(async () => ({
            qrcode: 'data:image/png;base64,QR',
            secret: 'SECRETSECRETSECRET',
          })),
          verifyCode: fromPromise(verify),
        },
      }),
      { input: { twoFactorActive: false, session: null } },
    ).start();
    const ready = await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(ready.context.qrcode).toBe('data:image/png;base64,QR');
    actor.send({ type: 'CODE_CHANGE', value: '12 3' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().context.error).toBe('OTP must be 6 digits');
    actor.send({ type: 'CODE_CHANGE', value: '123456' });
    actor.send({ type: 'VERIFY' });
    const failed = await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.error != null);
    expect(failed.context.error).toBe('OTP is invalid.');
  });

  it('asks before resetting, then redirects to sign-in after the message', async () => {
    vi.useFakeTimers();
    const actor = createActor(
      twoFactorSetupMachine.provide({ actors: { disableTwoFactor: fromPromise(async () => {}) } }),
      { input: { twoFactorActive: true, session: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe('active');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('confirmingReset');
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disabled'));
    expect(OTP_DISABLED).toBe('OTP has been disabled.');
    await vi.advanceTimersByTimeAsync(2600);
    expect(actor.getSnapshot().status).toBe('done');
    vi.useRealTimers();
  });
});
