import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ method: string; path: string }> = [];
vi.mock('../../services/http', () => ({
  request: vi.fn(async (method: string, path: string) => {
    calls.push({ method, path });
    return { status: 'success', message: 'OK', data: {}, meta: {} };
  }),
}));

const { api } = await import('../../services/api');
const { pathOf, routes, SERVER_ONLY_ROUTES } = await import('../../services/routes');
type RouteName = keyof typeof routes;

const filter = {
  start: '2026-01-01 00:00:00',
  end: '2026-01-02 00:00:00',
  status: '',
  search_by: 'correlation_id',
  search: '',
  payment_method: [],
  client_id: null,
};
const list = { page: 1, limit: 10 };
const window = { settlement_type: 'fello_qris', start: '2026-01-01 00:00:00', end: '2026-01-02 00:00:00' };
const file = new File(['correlation_id\nA1'], 'void.csv');

/** Arguments for every function of the API client: a function added without a line here does not compile. */
const args: Record<keyof typeof api, unknown[]> = {
  login: [{ email: 'a@b.c', password: 'x' }],
  validateOtp: ['123456'],
  signInWithRecoveryCode: ['ABCD-EFGH-JKLM'],
  logout: [],
  me: [],
  modules: [],
  banks: [],
  clients: [],
  roles: [],
  generateOtp: [],
  verifyOtp: ['123456'],
  newRecoveryCodes: ['123456'],
  disableOtp: [],
  ownSessions: [],
  endOwnSession: [7],
  endOtherSessions: [],
  saveLanguage: [{ language: 'id' }],
  currentBalance: [1],
  withdrawalHistory: [{ client_filter: 1, start: 'a', end: 'b', ...list }],
  addWithdrawal: [{}, 'key'],
  updateWithdrawal: ['uuid', 'COMPLETED'],
  accountSummary: [1],
  payinList: [{ client_filter: 1, start: 'a', end: 'b' }],
  balanceHistory: [{ client_filter: 1, start: 'a', end: 'b', ...list }],
  updateBalance: [{}],
  settlementStatus: [window],
  settle: [window],
  settlementRun: [1],
  settlementRuns: [],
  settlementReport: [1],
  transactionList: [filter, 1, 10],
  transactionSummary: [filter],
  refreshTransactionStatus: ['C1'],
  finalizeTransaction: [{}],
  addToWithdrawable: ['C1'],
  resendCallback: [['C1']],
  callbacks: [{ ...list, outcome: 'failing' }],
  callbackAttempts: ['C1'],
  callbackEndpoint: [7],
  updateCallbackUrl: [7, 'https://merchant.example/callback'],
  rotateCallbackSecret: [7],
  testCallback: [7],
  generateInvoice: ['C1'],
  processTransactions: [filter, { count: 3, amount: 300_000 }],
  previewProcessTransactions: [filter],
  downloadTransactions: [filter],
  emailTransactions: [filter, 'a@b.c'],
  checkTransactionsFile: [[file], 'fello_qris'],
  disbursementList: [filter, 1, 10],
  disbursementSummary: [filter],
  downloadDisbursements: [filter],
  emailDisbursements: [filter, 'a@b.c'],
  updateDisbursement: ['uuid', 'REJECTED'],
  refreshDisbursementStatus: ['uuid'],
  disbursementInvoice: ['C1'],
  addDisbursementToWithdrawable: ['uuid'],
  voidDisbursementsFile: [file, { count: 1, amount: 1 }],
  previewVoidDisbursementsFile: [file],
  users: [list],
  createUser: [{}],
  editUser: [{}],
  removeAuthenticator: [1],
  endUserSessions: [1],
  roleList: [list],
  createRole: [{}],
  editRole: [{}],
  notifications: [],
  markNotificationRead: [7],
  markAllNotificationsRead: [],
  workOrder: ['WO-1'],
  auditLog: [list],
  downloadAuditLog: [{}],
  auditPath: ['withdrawal', 'W1'],
  verifyAuditLog: [],
  auditLineItems: [41, list],
  downloadAuditLineItems: [41],
  auditLineJournal: [41, list],
  approvalPolicy: [],
  updateApprovalPolicy: [{ policy: [] }],
  approvals: [{ status: '', ...list }],
  approval: [4],
  ledgerTrialBalance: [null],
  ledgerAccountEntries: [12, list],
  downloadLedgerStatement: [12],
  ledgerJournal: ['WD-1'],
  ledgerDailyProof: [{ client_id: 3, day: '2026-11-23' }],
  downloadLedgerDailyProof: [{ client_id: 3, day: '2026-11-23' }],
  overview: [],
  savedViews: ['transactions'],
  createSavedView: [{ list: 'transactions', name: 'Mine', query: 'status=PENDING', columns: null, is_default: false }],
  deleteSavedView: [3],
  listColumns: ['audit-log'],
  saveListColumns: ['transactions', ['RRN']],
  decideApproval: [4, { decision: 'APPROVE' }],
};

/** The table's route a call went to, by verb and path (a `:param` matches one path segment). */
const routeOf = ({ method, path }: { method: string; path: string }) =>
  (Object.keys(routes) as RouteName[]).find((name) => {
    const r = routes[name];
    return r.method === method && new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(path);
  });

beforeEach(() => {
  calls.length = 0;
});

describe('the API client and the route table', () => {
  it('calls only routes of the table, and every route of the table but the server-only ones', async () => {
    const reached = new Set<RouteName>();
    const strays: string[] = [];
    for (const [name, fnArgs] of Object.entries(args)) {
      calls.length = 0;
      await (api[name as keyof typeof api] as (...a: unknown[]) => Promise<unknown>)(...fnArgs);
      expect(calls, name).toHaveLength(1);
      const hit = routeOf(calls[0]);
      if (hit) reached.add(hit);
      else strays.push(`${name}: ${calls[0].method} ${calls[0].path}`);
    }
    expect(strays).toEqual([]);
    const unused = (Object.keys(routes) as RouteName[]).filter(
      (name) => !reached.has(name) && !SERVER_ONLY_ROUTES.includes(name),
    );
    expect(unused).toEqual([]);
    expect(SERVER_ONLY_ROUTES.filter((name) => reached.has(name))).toEqual([]);
  });

  it('fills a path parameter in, encoded', async () => {
    await api.markNotificationRead(7);
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/v1/notification/7/read' }]);
    expect(pathOf(routes.demoMerchantCallback, { clientId: 'a/b c' })).toBe('/demo-merchant/callback/a%2Fb%20c');
    expect(pathOf(routes.login)).toBe('/api/backoffice/auth/login');
  });

  it('refuses a path with a parameter left out, when compiling and when running', () => {
    // @ts-expect-error a route with :id is filled in with its id
    expect(() => pathOf(routes.markNotificationRead)).toThrow(/needs :id/);
  });
});
