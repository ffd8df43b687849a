import type { CurrentUser } from './schemas';

const KEY = 'backoffice.user';

/** The signed-in user (and so the bearer token) survives a reload; logout removes it. */
export const sessionStore = {
  load(): CurrentUser | null {
    try {
      const raw = globalThis.localStorage?.getItem(KEY);
      return raw ? (JSON.parse(raw) as CurrentUser) : null;
    } catch {
      return null;
    }
  },
  save(user: CurrentUser): void {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(user));
  },
  clear(): void {
    globalThis.localStorage?.removeItem(KEY);
  },
  token(): string | null {
    return sessionStore.load()?.token ?? null;
  },
};
