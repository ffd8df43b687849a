import { SessionContext } from '../SessionContext';

/** What the three account pages take from the session: the user's clients and whether its sockets open (someone is signed in). */
export function useAccountSession() {
  return SessionContext.useSelector(
    (s) => ({ clients: s.context.options?.clients ?? [], live: s.context.user != null }),
    (a, b) => a.clients === b.clients && a.live === b.live,
  );
}
