import type { CurrentUser } from '../services/schemas';

/** localStorage for node-environment tests: the session store reads and writes it. */
export class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

export const makeUser = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  token: 't',
  otp_verified: false,
  two_factor_active: true,
  type: 'ADMIN',
  display_name: 'Adi',
  email: 'adi@demo.local',
  modules: [],
  allowed_paths: [],
  client_id: [],
  role: [],
  ...over,
});
