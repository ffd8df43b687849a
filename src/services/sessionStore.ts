import type { CurrentUser } from './schemas';

const KEY = 'backoffice.user';

/**
 * Who is signed in survives a reload, so the app renders at once instead of waiting on a round trip;
 * the session itself is the server's HttpOnly cookie, which no script reads. What is stored is no
 * credential: no token (the server sends the browser none). If the cookie has ended meanwhile, the
 * first call answers 401 and the app goes to the sign-in page, as for any session ending. An entry
 * left by an older version holding a bearer token is thrown away: the person signs in once more.
 */
export const sessionStore = {
  load(): CurrentUser | null {
    try {
      const raw = globalThis.localStorage?.getItem(KEY);
      const user = raw ? (JSON.parse(raw) as CurrentUser) : null;
      if (user && 'token' in user) {
        sessionStore.clear();
        return null;
      }
      return user;
    } catch {
      return null;
    }
  },
  save(user: CurrentUser): void {
    const { token: _, ...stored } = user;
    globalThis.localStorage?.setItem(KEY, JSON.stringify(stored));
  },
  clear(): void {
    globalThis.localStorage?.removeItem(KEY);
  },
  /** Whether someone is signed in in this browser (a 401 then means their session ended). */
  signedIn(): boolean {
    return sessionStore.load() != null;
  },
};
