import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { ApiError } from '../../services/http';
import type { CurrentUser } from '../../services/schemas';
import { CredentialsForm } from '../../views/CredentialsForm';
import { OtpForm } from '../../views/OtpForm';
import { makeUser } from '../fixtures';

const user = (over: Partial<CurrentUser> = {}) => makeUser({ ...over });

function startLogin(
  signIn: (input: { email: string; password: string }) => Promise<CurrentUser>,
  validateOtp = vi.fn(async (_input: { passcode: string }) => user({ otp_verified: true })),
) {
  const actor = createActor(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }: { input: { email: string; password: string } }) => signIn(input)),
        validateOtp: fromPromise(({ input }: { input: { passcode: string } }) => validateOtp(input as never)),
      },
    }),
    { input: { notice: null } },
  ).start();
  return { actor, validateOtp };
}

const wrap = (node: ReactElement) => render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);

describe('Sign In form', () => {
  it('submits with Enter and shows the server’s message in an alert', async () => {
    const signIn = vi.fn(() => Promise.reject(new ApiError(401, 'Invalid Email or Password')));
    const { actor } = startLogin(signIn);
    wrap(<CredentialsForm actor={actor} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'adi@demo.local');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong{Enter}');
    expect(signIn).toHaveBeenCalledWith({ email: 'adi@demo.local', password: 'wrong' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Email or Password');
  });

  it('shows and hides the password', async () => {
    const { actor } = startLogin(async () => user());
    wrap(<CredentialsForm actor={actor} />);
    const input = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('Enter OTP', () => {
  async function atOtpStep(validateOtp?: ReturnType<typeof vi.fn>) {
    const started = startLogin(async () => user(), validateOtp as never);
    started.actor.send({ type: 'EDIT_EMAIL', value: 'adi@demo.local' });
    started.actor.send({ type: 'EDIT_PASSWORD', value: 'pw' });
    started.actor.send({ type: 'SUBMIT' });
    await waitFor(() => expect(started.actor.getSnapshot().matches('enteringOtp')).toBe(true));
    wrap(<OtpForm actor={started.actor} />);
    return started;
  }

  it('fills one digit per box and submits by itself at the sixth', async () => {
    const { actor, validateOtp } = await atOtpStep();
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('12x345');
    expect(screen.getByRole('textbox', { name: 'Digit 5 of 6' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveFocus();
    await userEvent.keyboard('6');
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(validateOtp).toHaveBeenCalledWith({ passcode: '123456' });
  });

  it("says 'Invalid OTP' when the pasted value is not six digits", async () => {
    const u = userEvent.setup();
    await atOtpStep();
    await navigator.clipboard.writeText('12345');
    await u.click(screen.getByRole('button', { name: 'Paste from Clipboard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
  });

  it('goes back to Sign In with the back arrow', async () => {
    const { actor } = await atOtpStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(actor.getSnapshot().matches('editingCredentials')).toBe(true);
  });
});
