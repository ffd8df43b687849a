import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Route, Switch, useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Options, ReauthenticateEvent, sessionMachine } from '../../machines/sessionMachine';
import type { CurrentUser, ModuleItem } from '../../services/schemas';
import { LoginPage } from '../../views/LoginPage';
import { SessionContext } from '../../views/SessionContext';
import { makeUser } from '../fixtures';

/**
 * pageModelHarness's `renderPage` and `region` assume a dashboard page of a signed-in user. Sign-in
 * and two-factor set-up are about moving between pages, so here the app's session runs for real
 * (signed out, or signed in without the OTP step) over the browser's location, as in the app, with
 * /login, the settings page given and a stand-in for wherever else the session sends the user, all
 * inside one region the harness waits for.
 */
export const SIGN_IN_REGION = 'Sign-in and two-factor';

const balance: ModuleItem = {
  id: 'balance',
  title: 'Payments Balance',
  path: '/dashboard/balance',
  icon: 'x',
  is_required: false,
  children: [],
};
export const OPTIONS: Options = {
  modules: [balance],
  banks: [],
  clients: [{ id: 1, client_name: 'PT Maju' }],
  roles: [],
};
/** Where a signed-in user of OPTIONS lands: the first module they hold. */
export const LANDING = '/dashboard/balance';
export const SETTINGS = '/dashboard/settings/user';

export const signedInUser = (over: Partial<CurrentUser> = {}) =>
  makeUser({
    otp_verified: true,
    two_factor_active: true,
    type: 'CLIENT',
    modules: ['balance'],
    allowed_paths: [LANDING],
    client_id: [1],
    ...over,
  });

function Elsewhere() {
  const [location] = useLocation();
  return (
    <p>
      Landed at <span data-testid="landed">{location}</span>
    </p>
  );
}

let session: ActorRefFrom<typeof sessionMachine> | null = null;
function HoldSession() {
  session = SessionContext.useActorRef();
  return null;
}

export function renderSignIn(options: {
  logic: typeof sessionMachine;
  stored: CurrentUser | null;
  at: string;
  settings?: ReactElement;
}) {
  localStorage.clear();
  window.history.replaceState(null, '', options.at);
  return render(
    <FluentProvider theme={webLightTheme}>
      <SessionContext.Provider logic={options.logic} options={{ input: { stored: options.stored } }}>
        <HoldSession />
        <section aria-label={SIGN_IN_REGION}>
          <Switch>
            <Route path="/login" component={LoginPage} />
            <Route path={SETTINGS}>{options.settings ?? <Elsewhere />}</Route>
            <Route>
              <Elsewhere />
            </Route>
          </Switch>
        </section>
      </SessionContext.Provider>
    </FluentProvider>,
  );
}

/** What User Settings' machine tells the session once two-factor changed (the set-up test drives the real one). */
export const sendToSession = (event: ReauthenticateEvent) =>
  act(() => {
    session!.send(event);
  });

/** The path the browser shows when the session sent the user away from /login, else null. */
export const landedAt = () => screen.queryByTestId('landed')?.textContent ?? null;
