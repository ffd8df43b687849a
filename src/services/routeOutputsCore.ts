import * as v from 'valibot';
import { Language } from '../i18n/language';
import { FileContent } from './answerParts';
import { ApprovalPolicyEntry, ApprovalRow } from './approvalRules';
import { AuditChainVerdict, AuditItemRow, AuditLineJournalRows, AuditLogRow, AuditPath } from './auditLogRules';
import { DailyProof } from './dailyProofRules';
import { Journal, LedgerStatement, TrialBalance } from './ledgerRules';
import { RoleRow, UserRow } from './managementRules';
import { Overview } from './overviewRules';
import type { RouteOutput } from './routeOutput';
import type { RouteName } from './routes';
import { ListColumns, SavedView } from './savedViewRules';
import { SessionRow } from './sessionRules';
import { BankOption, ClientOption, CurrentUser, ModuleItem, RecoveryCodes, RoleOption } from './schemas';
import { NotificationItem, NotificationList } from './workOrders';
import { PageMeta } from './paging';

/** /readyz's checks, each 'ok' or what fails (server/domain/readiness.ts), in its success and its 503 alike. */
const ReadyChecks = v.record(v.string(), v.string());

/** An answer with no `data`: the envelope's message says it all. */
const DONE: RouteOutput = { 200: {} };
const one = (data: v.GenericSchema): RouteOutput => ({ 200: { data } });
const paged = (row: v.GenericSchema): RouteOutput => ({ 200: { data: v.array(row), meta: PageMeta } });
const created = (data: v.GenericSchema): RouteOutput => ({ 201: { data } });

/**
 * The answers of every route but the money routes (routeOutputsMoney.ts): sign-in, the option lists,
 * work orders, the Overview, saved views, approvals, management, the ledger and the audit log.
 */
export const coreRouteOutputs = {
  health: one(v.strictObject({ database: v.string() })),
  ready: { 200: { data: ReadyChecks }, failedData: ReadyChecks },
  // The document itself, not in the envelope; what it holds is OpenAPI's own schema.
  apiDocs: { body: v.record(v.string(), v.unknown()) },
  demoMerchantCallback: DONE,

  login: one(CurrentUser),
  validateOtp: one(CurrentUser),
  logout: DONE,
  me: one(CurrentUser),
  generateOtp: one(v.strictObject({ qrcode: v.string(), secret: v.string() })),
  // The new recovery codes, shown once (issue 44).
  verifyOtp: one(RecoveryCodes),
  disableOtp: DONE,
  ownSessions: one(v.array(SessionRow)),
  endOwnSession: DONE,
  endOtherSessions: one(v.strictObject({ ended: v.number() })),
  saveLanguage: one(v.strictObject({ language: Language })),
  signInWithRecoveryCode: one(CurrentUser),
  newRecoveryCodes: one(RecoveryCodes),

  modules: one(v.array(ModuleItem)),
  banks: one(v.array(BankOption)),
  clients: one(v.array(ClientOption)),
  roles: one(v.array(RoleOption)),
  notifications: one(NotificationList),
  workOrder: one(NotificationItem),
  markNotificationRead: DONE,
  markAllNotificationsRead: one(v.strictObject({ marked: v.number() })),

  auditLog: {
    200: {
      data: v.array(AuditLogRow),
      // The chain's head beside every page (null on an empty log).
      meta: v.strictObject({ ...PageMeta.entries, chain_head: v.nullable(v.string()) }),
    },
  },
  auditLogDownload: one(FileContent),
  auditPath: one(AuditPath),
  auditLogVerify: one(AuditChainVerdict),
  auditLineItems: { 200: { data: v.array(AuditItemRow), meta: PageMeta } },
  auditLineItemsDownload: one(FileContent),
  auditLineJournal: { 200: { data: AuditLineJournalRows, meta: PageMeta } },

  ledgerTrialBalance: one(TrialBalance),
  ledgerAccountEntries: { 200: { data: LedgerStatement, meta: PageMeta } },
  ledgerAccountEntriesDownload: one(FileContent),
  ledgerJournal: one(Journal),
  ledgerDailyProof: one(DailyProof),
  ledgerDailyProofDownload: one(FileContent),

  overview: one(Overview),
  savedViews: one(v.array(SavedView)),
  // 201 for a new view; 200 when the name replaced one of the caller's views.
  createSavedView: { 200: { data: SavedView }, 201: { data: SavedView } },
  deleteSavedView: DONE,
  listColumns: one(ListColumns),
  saveListColumns: one(ListColumns),

  approvalPolicy: one(v.array(ApprovalPolicyEntry)),
  updateApprovalPolicy: one(v.array(ApprovalPolicyEntry)),
  approvals: paged(ApprovalRow),
  approval: one(ApprovalRow),
  decideApproval: one(ApprovalRow),

  users: paged(UserRow),
  createUser: created(UserRow),
  editUser: one(UserRow),
  removeAuthenticator: DONE,
  endUserSessions: one(v.strictObject({ ended: v.number() })),
  roleList: paged(RoleRow),
  createRole: created(RoleRow),
  editRole: one(RoleRow),
} satisfies Partial<Record<RouteName, RouteOutput>>;
