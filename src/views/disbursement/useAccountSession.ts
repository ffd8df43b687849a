import { SessionContext } from '../SessionContext';

/** What the three account pages take from the session: the user's clients and the socket's token. */
export function useAccountSession() {
  return SessionContext.useSelector(
    (s) => ({ clients: s.context.options?.clients ?? [], token: s.context.user?.token ?? null }),
    (a, b) => a.clients === b.clients && a.token === b.token,
  );
}
