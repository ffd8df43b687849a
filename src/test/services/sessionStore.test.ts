import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../services/sessionStore';
import { MemoryStorage, makeUser } from '../fixtures';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});

describe('the stored user (issue 44: no token in localStorage)', () => {
  it('keeps who is signed in for a reload, never a token even if one is handed to it', () => {
    sessionStore.save({ ...makeUser({ otp_verified: true }), token: 'a-bearer-token-from-somewhere' });
    expect(storage.getItem('backoffice.user')).not.toContain('a-bearer-token-from-somewhere');
    expect(sessionStore.load()).toEqual(makeUser({ otp_verified: true }));
    expect(sessionStore.signedIn()).toBe(true);
  });

  it('throws away an entry an older version stored with its token: the person signs in once more', () => {
    storage.setItem('backoffice.user', JSON.stringify({ ...makeUser(), token: 'old-bearer-token' }));
    expect(sessionStore.load()).toBeNull();
    expect(storage.getItem('backoffice.user')).toBeNull();
    expect(sessionStore.signedIn()).toBe(false);
  });
});
