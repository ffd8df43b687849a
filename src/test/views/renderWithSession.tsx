import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { sessionMachine, type Options } from '../../machines/sessionMachine';
import type { CurrentUser } from '../../services/schemas';
import { AlertHost } from '../../views/AlertHost';
import { SessionContext } from '../../views/SessionContext';

/**
 * Renders a page as a signed-in user with the given option lists, with the app's alert host beside it.
 * `sessionActors` stands in for more of the session's calls (e.g. the re-read after ACCESS_CHANGED).
 */
export function renderWithSession(
  page: ReactElement,
  user: CurrentUser,
  options: Options,
  sessionActors: Record<string, AnyActorLogic> = {},
) {
  const logic = sessionMachine.provide({ actors: { loadOptions: fromPromise(async () => options), ...sessionActors } });
  return render(
    <FluentProvider theme={webLightTheme}>
      <SessionContext.Provider logic={logic} options={{ input: { stored: user } }}>
        <AlertHost />
        <SessionGate>{page}</SessionGate>
      </SessionContext.Provider>
    </FluentProvider>,
  );
}

/** As in the app, a page mounts once the options have loaded. */
function SessionGate({ children }: { children: ReactElement }) {
  const ready = SessionContext.useSelector((s) => s.matches('signedIn'));
  return ready ? children : null;
}
