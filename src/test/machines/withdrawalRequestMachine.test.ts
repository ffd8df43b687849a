import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { FAILED_FALLBACK, payloadOf, withdrawalRequestMachine } from '../../machines/withdrawalRequestMachine';
import { ApiError } from '../../services/http';
import * as v from 'valibot';
import { AddWithdrawalBody, withdrawalErrors } from '../../services/withdrawalRules';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const events = [
  { type: 'SET_BANK', value: 'BCA' },
  { type: 'SET_ACCOUNT', value: '71-000 12a' },
  { type: 'SET_BENEFICIARY', value: 'Budi Santoso' },
  { type: 'SET_REMARKS', value: 'Operating account' },
  { type: 'SET_AMOUNT_TEXT', value: '99,999,999' },
  { type: 'SET_AMOUNT_TEXT', value: '1.5' },
  { type: 'SET_AMOUNT_TEXT', value: '' },
  { type: 'SET_AMOUNT', value: 57_000 },
  { type: 'MIN' },
  { type: 'HALF' },
  { type: 'MAX' },
  { type: 'SET_OTP', value: '12a34567' },
  { type: 'SET_OTP', value: '12' },
  { type: 'PASTE_OTP', text: '654321' },
  { type: 'PASTE_OTP', text: '12345' },
  { type: 'CONFIRM' },
  { type: 'DISMISS_FAILURE' },
  { type: 'CANCEL' },
  doneEvent('submit', { message: 'Withdraw Request has been submitted successfully.', held: false }),
  doneEvent('submit', { message: 'Waiting for approval by another SUPER ADMIN', held: true }),
  errorEvent('submit', new ApiError(422, 'Invalid OTP')),
  errorEvent('submit', new ApiError(0, 'Error')),
];

const isValid = (s: AnyMachineSnapshot) =>
  withdrawalErrors(
    {
      bankName: s.context.bankName,
      accountNo: s.context.accountNo,
      beneficiary: s.context.beneficiary,
      clientId: s.context.clientId,
      amount: s.context.amount,
      amountProblem: s.context.amountProblem,
      otp: s.context.otp,
    },
    s.context.max,
    { transfer: s.context.mode === 'transfer' },
  ).length === 0;

describe('withdrawal request machine: model', () => {
  const model = buildModel(withdrawalRequestMachine, {
    events,
    inputs: [
      { mode: 'withdrawal', clientId: 1, available: 1_234_567 },
      { mode: 'transfer', clientId: 1, available: 500_000 },
    ],
    // The form is abstracted to what decides the next step: valid or not, errors shown, a failure shown.
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.mode,
        isValid(s),
        s.context.errors.length > 0,
        s.context.failure != null,
        s.context.otp.length,
      ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    const { amount, max, otp, accountNo } = s.context;
    // The inputs can never hold what the rules forbid.
    if (amount != null) expect(amount).toBeLessThanOrEqual(max);
    expect(otp).toMatch(/^\d{0,6}$/);
    expect(accountNo).toMatch(/^\d*$/);
    if (s.matches('submitting')) expect(isValid(s)).toBe(true);
    // The dialog tells the page whether the server held it for approval, as the server's answer said.
    if (s.matches('submitted'))
      expect(s.output).toEqual({
        submitted: true,
        held: (path.events.at(-1) as unknown as { output: { held: boolean } }).output.held,
      });
    if (s.matches('cancelled')) expect(s.output).toEqual({ submitted: false, held: false });
  });
});

describe('withdrawal request machine: what the user sees', () => {
  const start = (
    input: { mode: 'withdrawal' | 'transfer'; available: number },
    submit = async () => ({ message: 'ok', held: false }),
  ) =>
    createActor(withdrawalRequestMachine.provide({ actors: { submit: fromPromise(submit) } }), {
      input: { clientId: 1, ...input },
    }).start();

  it('sends a withdrawal as type withdrawal with its bank account', async () => {
    let sent: unknown;
    const actor = createActor(
      withdrawalRequestMachine.provide({
        actors: {
          submit: fromPromise<{ message: string; held: boolean }, { body: AddWithdrawalBody; key: string }>(
            async ({ input }) => {
              sent = input.body;
              return { message: 'ok', held: false };
            },
          ),
        },
      }),
      { input: { mode: 'withdrawal', clientId: 1, available: 100_000 } },
    ).start();
    for (const event of [
      { type: 'SET_BANK', value: 'BCA' },
      { type: 'SET_ACCOUNT', value: '7100012345' },
      { type: 'SET_BENEFICIARY', value: ' Budi ' },
      { type: 'SET_REMARKS', value: 'Rent' },
      { type: 'SET_OTP', value: '123456' },
      { type: 'CONFIRM' },
    ] as const)
      actor.send(event);
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual({
      type: 'withdrawal',
      bank_name: 'BCA',
      account_no: '7100012345',
      bank_account_name: 'Budi',
      description: 'Rent',
      client_filter: 1,
      amount: 20_000,
      otp_num: '123456',
    });
    expect(actor.getSnapshot().output).toEqual({ submitted: true, held: false });
  });

  it('runs the slider from 20,000 in steps of 10,000, with Min, Half (to 10,000) and Max; caps typed amounts', () => {
    const actor = start({ mode: 'withdrawal', available: 1_234_567 });
    const amount = () => actor.getSnapshot().context.amount;
    expect(amount()).toBe(20_000);
    actor.send({ type: 'SET_AMOUNT', value: 57_000 });
    expect(amount()).toBe(60_000);
    actor.send({ type: 'HALF' });
    expect(amount()).toBe(620_000);
    actor.send({ type: 'MAX' });
    expect(amount()).toBe(1_234_567);
    const note = () => actor.getSnapshot().context.amountNote;
    expect(note()).toBeNull();
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '5,000,000' });
    expect(amount()).toBe(1_234_567);
    expect(note()).toBe('The most you can withdraw is Rp. 1,234,567');
    // Issue 25: the field keeps the text and shows the capped amount it will send, saying so.
    expect(actor.getSnapshot().context.amountText).toBe('1,234,567');
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '75.000' });
    expect(amount()).toBe(75_000);
    expect(note()).toBeNull();
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '1.250.000,00' });
    expect(amount()).toBe(1_234_567);
    expect(note()).toBe('The most you can withdraw is Rp. 1,234,567');
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '250000.00' });
    expect(amount()).toBe(250_000);
    expect(actor.getSnapshot().context.amountText).toBe('250000.00');
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '1.5' });
    expect(amount()).toBeNull();
    expect(actor.getSnapshot().context.amountProblem).toBe('Rupiah amounts are whole numbers');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.errors).toContain('Amount: Rupiah amounts are whole numbers');
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '-50000' });
    expect(actor.getSnapshot().context.amountProblem).toBe('The amount cannot be negative');
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '1234568' });
    expect(note()).toBe('The most you can withdraw is Rp. 1,234,567');
    actor.send({ type: 'HALF' });
    expect(note()).toBeNull();
    actor.send({ type: 'MIN' });
    expect(amount()).toBe(20_000);
  });

  it('lists every missing field together, and says Invalid OTP for a pasted value that is not six digits', () => {
    const actor = start({ mode: 'withdrawal', available: 100_000 });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.errors).toEqual([
      'Bank Name is required',
      'Account Number is required',
      'Beneficary Account Name is required',
      'OTP is required',
    ]);
    actor.send({ type: 'PASTE_OTP', text: '1234567' });
    expect(actor.getSnapshot().context.errors).toEqual(['Invalid OTP']);
    actor.send({ type: 'SET_OTP', value: '98 76 54 32' });
    expect(actor.getSnapshot().context.otp).toBe('987654');
  });

  it('sends a transfer as type transfer, no bank fields; shows the server’s refusal or the fallback', async () => {
    let sent: unknown;
    const actor = createActor(
      withdrawalRequestMachine.provide({
        actors: {
          submit: fromPromise<{ message: string; held: boolean }, { body: AddWithdrawalBody; key: string }>(
            async ({ input }) => {
              sent = input.body;
              throw new ApiError(0, 'Error');
            },
          ),
        },
      }),
      { input: { mode: 'transfer', clientId: 2, available: 80_000 } },
    ).start();
    actor.send({ type: 'MAX' });
    actor.send({ type: 'SET_OTP', value: '123456' });
    actor.send({ type: 'CONFIRM' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.failure != null);
    expect(sent).toEqual({ type: 'transfer', client_filter: 2, amount: 80_000, otp_num: '123456' });
    expect(v.parse(AddWithdrawalBody, sent)).toEqual({
      type: 'transfer',
      client_filter: 2,
      amount: 80_000,
      otp_num: '123456',
    });
    expect(failed.context.failure).toBe(FAILED_FALLBACK);
    expect(failed.context.otp).toBe('');
    expect(payloadOf(failed.context).amount).toBe(80_000);
  });
});
