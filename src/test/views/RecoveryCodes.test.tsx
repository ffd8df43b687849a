import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { recoveryCodesMachine } from '../../machines/recoveryCodesMachine';
import { ApiError } from '../../services/http';
import type { CurrentUser } from '../../services/schemas';
import { OtpForm } from '../../views/OtpForm';
import { RecoveryCodeForm } from '../../views/RecoveryCodeForm';
import { NewRecoveryCodes } from '../../views/RecoveryCodesSection';
import { makeUser } from '../fixtures';

/** Issue 44 on screen: the recovery code step of sign-in, and New recovery codes on User Settings. */
const wrap = (node: ReactElement) => render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JK${String.fromCharCode(65 + i)}${i + 2}`);
const dialog = () => document.querySelector<HTMLElement>('[role=dialog],[role=alertdialog]');

function atOtpStep(signInWithRecoveryCode: (input: { recoveryCode: string }) => Promise<CurrentUser>) {
  const actor = createActor(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(async () => makeUser({ token: 'pre' })),
        signInWithRecoveryCode: fromPromise(({ input }: { input: { recoveryCode: string } }) =>
          signInWithRecoveryCode(input),
        ),
      },
    }),
    { input: { notice: null } },
  ).start();
  actor.send({ type: 'EDIT_EMAIL', value: 'adi@demo.local' });
  actor.send({ type: 'EDIT_PASSWORD', value: 'Demo-Password-1!' });
  actor.send({ type: 'SUBMIT' });
  return actor;
}

describe('Use a recovery code, on the OTP step', () => {
  it('switches to one focused field, checks its shape, and sends the code (the pre-OTP session is the cookie)', async () => {
    const send = vi.fn(async () => makeUser({ otp_verified: true, must_reset_two_factor: true }));
    const actor = atOtpStep(send);
    await waitFor(() => expect(actor.getSnapshot().matches('enteringOtp')).toBe(true));
    const { rerender } = wrap(<OtpForm actor={actor} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    rerender(
      <FluentProvider theme={webLightTheme}>
        <RecoveryCodeForm actor={actor} />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Use a recovery code' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(field).toHaveFocus();
    await userEvent.type(field, 'abcd{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A recovery code is 12 letters and digits, as xxxx-xxxx-xxxx');
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(field, ' efgh jkmn{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ recoveryCode: 'abcd efgh jkmn' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it("says 'Invalid recovery code' for a refused code and empties the field", async () => {
    const actor = atOtpStep(() => Promise.reject(new ApiError(422, 'Invalid recovery code')));
    await waitFor(() => expect(actor.getSnapshot().matches('enteringOtp')).toBe(true));
    actor.send({ type: 'USE_RECOVERY_CODE' });
    wrap(<RecoveryCodeForm actor={actor} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'ABCD-EFGH-JKMN{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recovery code');
    expect(screen.getByRole('textbox', { name: 'Recovery code' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(actor.getSnapshot().matches('enteringOtp')).toBe(true);
  });
});

describe('New recovery codes', () => {
  it('asks for a current authenticator code, then lists the ten new codes once', async () => {
    const create = vi.fn(async ({ passcode }: { passcode: string }) => {
      if (passcode !== '123456') throw new ApiError(422, 'Invalid OTP');
      return { recovery_codes: CODES };
    });
    const logic = recoveryCodesMachine.provide({
      actors: { newRecoveryCodes: fromPromise(({ input }: { input: { passcode: string } }) => create(input)) },
    });
    wrap(<NewRecoveryCodes logic={logic} />);
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const field = await screen.findByRole('textbox', { name: 'Code from your authenticator app' });
    await userEvent.type(field, '111111{Enter}');
    expect(await within(dialog()!).findByText('Invalid OTP')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Code from your authenticator app' }), '123456{Enter}');
    await waitFor(() => expect(dialog()?.textContent).toContain('Save your recovery codes'));
    const items = [...dialog()!.querySelectorAll('[aria-label="Recovery codes"] li')].map((li) => li.textContent);
    expect(items).toEqual(CODES);
    expect(create).toHaveBeenLastCalledWith({ passcode: '123456' });
    const saved = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'I have saved these codes')!;
    await userEvent.click(saved);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(screen.queryByText(CODES[0])).toBeNull();
  });
});
