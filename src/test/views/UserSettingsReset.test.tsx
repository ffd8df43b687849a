import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/sessionMachine';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetupMachine';
import type { UserTypeName } from '../../services/schemas';
import { UserSettingsPage } from '../../views/UserSettingsPage';
import { OPTIONS, SETTINGS, renderSignIn, signedInUser } from './signInHarness';

/**
 * Issue 45 (10): a control a user's type can never use is not shown, not shown disabled. An AUDITOR
 * reads only, so User Settings has no Reset for their two-factor (a SUPER ADMIN removes it for them).
 */
function renderSettings(type: UserTypeName) {
  // Two-factor is active: the panel starts there and calls nothing until a button is pressed.
  const setup = twoFactorSetupMachine;
  const session = sessionMachine.provide({ actors: { loadOptions: fromPromise(async () => OPTIONS) } });
  renderSignIn({
    logic: session,
    stored: signedInUser({ type }),
    at: SETTINGS,
    settings: <UserSettingsPage logic={setup} />,
  });
}

describe('User Settings: Reset only for a type that may reset its two-factor', () => {
  it('an AUDITOR sees their two-factor set, and no Reset at all', async () => {
    renderSettings('AUDITOR');
    expect(await screen.findByText('2FA Verification Set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it.each(['CLIENT', 'ADMIN', 'SUPER ADMIN'] as const)('a %s has Reset, enabled', async (type) => {
    renderSettings(type);
    expect(await screen.findByText('2FA Verification Set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });
});
