import type { ApprovalRow } from '../services/approvalRules';
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
  otp_verified: false,
  two_factor_active: true,
  must_reset_two_factor: false,
  language: null,
  type: 'ADMIN',
  display_name: 'Adi',
  email: 'adi@demo.local',
  modules: [],
  allowed_paths: [],
  client_id: [],
  role: [],
  ...over,
});

/** Another admin's Rp. 150,000,000 master balance adjustment waiting for approval: the approval tests' request. */
export const PENDING_ADJUSTMENT: ApprovalRow = {
  id: 7,
  action: 'balance-adjustment',
  status: 'PENDING_APPROVAL',
  maker_id: 2,
  maker_name: 'Budi',
  maker_email: 'budi@demo.local',
  checker_id: null,
  checker_name: null,
  client_id: 1,
  client_name: 'PT Maju',
  amount: 150_000_000,
  before: 10_000_000,
  after: 160_000_000,
  summary: 'Adjust the disbursement balance of PT Maju by Rp. 150,000,000',
  reason: null,
  created_at: '2026-11-21T03:00:00.000Z',
  decided_at: null,
  expires_at: '2026-11-22T03:00:00.000Z',
};
