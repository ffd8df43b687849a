import type * as v from 'valibot';
import { ApprovalDecisionBody, ApprovalListQuery, ApprovalPolicyBody } from './approvalRules';
import { AuditLinePageQuery, AuditLogFilterQuery, AuditLogQuery, AuditPathQuery } from './auditLogRules';
import { LedgerEntriesQuery, LedgerJournalQuery, LedgerTrialBalanceQuery } from './ledgerRules';
import { CallbackListQuery, CallbackUrlBody, NoCallbackInput } from './callbackRules';
import { DailyProofQuery } from './dailyProofRules';
import { BalanceHistoryQuery, PayinListQuery } from './disbursementAccountRules';
import { UpdateBalanceBody } from './masterBalanceRules';
import {
  DisbursementCorrelationBody,
  DisbursementDecisionBody,
  DisbursementDownloadQuery,
  DisbursementListQuery,
  DisbursementSummaryQuery,
  DisbursementUuidBody,
} from './disbursementQuery';
import { ClientFilterQuery, WithdrawalHistoryQuery } from './listQuery';
import {
  CreateRoleBody,
  CreateUserBody,
  EditRoleBody,
  EditUserBody,
  RemoveAuthenticatorBody,
  RoleListQuery,
  UserListQuery,
} from './managementRules';
import { LanguageBody } from '../i18n/language';
import { OverviewQuery } from './overviewRules';
import { EndUserSessionsBody, SignOutOthersBody } from './sessionRules';
import type { RouteName } from './routes';
import { ListColumnsBody, ListColumnsQuery, SavedViewBody, SavedViewsQuery } from './savedViewRules';
import { SettleBody, SettlementReportQuery, SettlementRunQuery, SettlementWindowSchema } from './settlementRules';
import { LoginBody, PasscodeBody, RecoveryCodeBody, WorkOrderQuery } from './schemas';
import { BulkProcessBody, CorrelationBody, FinalizeBody, ResendCallbackBody } from './payinActions';
import { TransactionDownloadQuery, TransactionListQuery, TransactionSummaryQuery } from './payinQuery';
import { AddWithdrawalBody, UpdateWithdrawalBody } from './withdrawalRules';

export interface RouteInput {
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  /** Form fields of a multipart upload (files are read as streams, not by a schema). */
  multipart?: readonly string[];
}

/**
 * What each route of the route table takes: the very valibot schemas its handler parses with and
 * the forms check with. Keyed by the table's names, so a route cannot be named here without being
 * in the table. Apart from routes.ts so the API client does not pull every schema into the first screen.
 */
export const routeInputs: Partial<Record<RouteName, RouteInput>> = {
  login: { body: LoginBody },
  overview: { query: OverviewQuery },
  savedViews: { query: SavedViewsQuery },
  createSavedView: { body: SavedViewBody },
  listColumns: { query: ListColumnsQuery },
  saveListColumns: { body: ListColumnsBody },
  validateOtp: { body: PasscodeBody },
  verifyOtp: { body: PasscodeBody },
  endOtherSessions: { body: SignOutOthersBody },
  saveLanguage: { body: LanguageBody },
  signInWithRecoveryCode: { body: RecoveryCodeBody },
  newRecoveryCodes: { body: PasscodeBody },
  workOrder: { query: WorkOrderQuery },

  currentBalance: { query: ClientFilterQuery },
  accountSummary: { query: ClientFilterQuery },
  withdrawalHistory: { query: WithdrawalHistoryQuery },
  addWithdrawal: { body: AddWithdrawalBody },
  updateWithdrawal: { body: UpdateWithdrawalBody },

  payinList: { query: PayinListQuery },
  balanceHistory: { query: BalanceHistoryQuery },
  updateBalance: { body: UpdateBalanceBody },

  transactionList: { query: TransactionListQuery },
  transactionSummary: { query: TransactionSummaryQuery },
  transactionDownload: { query: TransactionDownloadQuery },
  refreshTransactionStatus: { body: CorrelationBody },
  resendCallback: { body: ResendCallbackBody },
  finalizeTransaction: { body: FinalizeBody },
  addToWithdrawable: { body: CorrelationBody },
  processTransactions: { body: BulkProcessBody },
  generateInvoice: { body: CorrelationBody },
  checkTransactionsFile: { multipart: ['file', 'settlementType'] },

  callbacks: { query: CallbackListQuery },
  updateCallbackUrl: { body: CallbackUrlBody },
  rotateCallbackSecret: { body: NoCallbackInput },
  testCallback: { body: NoCallbackInput },

  disbursementList: { query: DisbursementListQuery },
  disbursementSummary: { query: DisbursementSummaryQuery },
  disbursementDownload: { query: DisbursementDownloadQuery },
  updateDisbursement: { body: DisbursementDecisionBody },
  refreshDisbursementStatus: { body: DisbursementUuidBody },
  disbursementInvoice: { body: DisbursementCorrelationBody },
  addDisbursementToWithdrawable: { body: DisbursementUuidBody },
  voidDisbursementsFile: { multipart: ['file', 'dry_run', 'expected_count', 'expected_amount'] },

  settlementStatus: { query: SettlementWindowSchema },
  settle: { body: SettleBody },
  settlementRun: { query: SettlementRunQuery },
  settlementReport: { query: SettlementReportQuery },

  auditLog: { query: AuditLogQuery },
  auditLogDownload: { query: AuditLogFilterQuery },
  auditPath: { query: AuditPathQuery },
  auditLineItems: { query: AuditLinePageQuery },
  auditLineJournal: { query: AuditLinePageQuery },

  ledgerTrialBalance: { query: LedgerTrialBalanceQuery },
  ledgerAccountEntries: { query: LedgerEntriesQuery },
  ledgerJournal: { query: LedgerJournalQuery },
  ledgerDailyProof: { query: DailyProofQuery },
  ledgerDailyProofDownload: { query: DailyProofQuery },

  updateApprovalPolicy: { body: ApprovalPolicyBody },
  approvals: { query: ApprovalListQuery },
  decideApproval: { body: ApprovalDecisionBody },

  users: { query: UserListQuery },
  createUser: { body: CreateUserBody },
  editUser: { body: EditUserBody },
  removeAuthenticator: { body: RemoveAuthenticatorBody },
  endUserSessions: { body: EndUserSessionsBody },
  roleList: { query: RoleListQuery },
  createRole: { body: CreateRoleBody },
  editRole: { body: EditRoleBody },
};
