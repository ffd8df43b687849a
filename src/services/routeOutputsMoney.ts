import * as v from 'valibot';
import { FileContent } from './answerParts';
import { ApprovalHeld } from './approvalRules';
import {
  CallbackAttemptRow,
  CallbackDeliveryRow,
  CallbackEndpoint,
  RotatedSecret,
  TestCallbackResult,
} from './callbackRules';
import { DepositRow } from './disbursementAccountRules';
import { DisbursementStatusAnswer, VoidUploadResult } from './disbursementActions';
import { DisbursementRow, DisbursementStats } from './disbursementQuery';
import { BalanceAdjusted } from './masterBalanceRules';
import { ReconciliationResult } from './reconciliationRules';
import type { RouteName } from './routes';
import type { RouteOutput } from './routeOutput';
import { SettlementRow, SettlementRun, SettlementStarted } from './settlementRules';
import {
  BulkPreviewAnswer,
  BulkProcessed,
  CallbacksResent,
  Finalized,
  Invoice,
  TransactionStatusAnswer,
} from './payinActions';
import { TransactionRow, TransactionStats } from './payinQuery';
import { BalanceSummary, WithdrawalRow } from './withdrawalRules';
import { PageMeta } from './paging';

/** A paged list: a page of rows, and the page's place in the whole. */
const paged = <Row extends v.GenericSchema>(row: Row) => ({ data: v.array(row), meta: PageMeta });
/** A movement the approval policy may hold for a second SUPER ADMIN (issue 25): 202 with the approval's id. */
const held = { 202: { data: ApprovalHeld } };
/**
 * A list's Export: the .xlsx in the envelope (streamed by hand, so never serialized by Fastify), or, with
 * `email=`, no data at all: 'Export will be sent to …'. `v.optional`: the envelope may carry no `data`.
 */
const exported = { 200: { data: v.optional(FileContent) } };

/**
 * The answers of the money routes: balances, pay-ins, disbursements, settlement, reconciliation. Each is
 * what the route's handler sends in each success case (server/routes/*.ts); server/test/moneyAnswers.test.ts
 * checks real answers against them.
 */
export const moneyRouteOutputs = {
  currentBalance: { 200: { data: BalanceSummary } },
  accountSummary: { 200: { data: BalanceSummary } },
  withdrawalHistory: { 200: paged(WithdrawalRow) },
  // 201 made (and a replay of it, same Idempotency-Key); 202 held (and a replay of that).
  addWithdrawal: { 201: { data: WithdrawalRow }, ...held },
  updateWithdrawal: { 200: { data: WithdrawalRow } },

  payinList: { 200: { data: v.array(DepositRow) } },
  balanceHistory: { 200: paged(DepositRow) },
  updateBalance: { 200: { data: BalanceAdjusted }, ...held },

  transactionList: { 200: paged(TransactionRow) },
  transactionSummary: { 200: { data: TransactionStats } },
  transactionDownload: exported,
  refreshTransactionStatus: { 200: { data: TransactionStatusAnswer } },
  // 502 when a callback failed: the failed envelope with the same counts.
  resendCallback: { 200: { data: CallbacksResent }, failedData: CallbacksResent },
  finalizeTransaction: { 200: { data: Finalized }, ...held },
  addToWithdrawable: { 200: {} },
  // dry_run: true previews; the apply answers what moved.
  processTransactions: { 200: { data: v.union([BulkPreviewAnswer, BulkProcessed]) }, ...held },
  generateInvoice: { 200: { data: Invoice } },
  checkTransactionsFile: { 200: { data: ReconciliationResult } },

  callbacks: { 200: paged(CallbackDeliveryRow) },
  callbackAttempts: { 200: { data: v.array(CallbackAttemptRow) } },
  callbackEndpoint: { 200: { data: CallbackEndpoint } },
  updateCallbackUrl: { 200: { data: CallbackEndpoint } },
  rotateCallbackSecret: { 200: { data: RotatedSecret } },
  // 200 whether or not the receiver took it: the outcome is the answer.
  testCallback: { 200: { data: TestCallbackResult } },

  disbursementList: { 200: paged(DisbursementRow) },
  disbursementSummary: { 200: { data: DisbursementStats } },
  disbursementDownload: exported,
  updateDisbursement: { 200: { data: DisbursementRow } },
  refreshDisbursementStatus: { 200: { data: DisbursementStatusAnswer } },
  disbursementInvoice: { 200: { data: Invoice } },
  addDisbursementToWithdrawable: { 200: { data: DisbursementRow } },
  // The dry run (field dry_run=true) and the apply answer the same shape; the apply may be held.
  voidDisbursementsFile: { 200: { data: VoidUploadResult }, ...held },

  settlementStatus: { 200: { data: v.array(SettlementRow) } },
  settle: { 200: { data: SettlementStarted } },
  settlementRun: { 200: { data: SettlementRun } },
  settlementRuns: { 200: { data: v.array(SettlementRun) } },
  settlementReport: { 200: { data: FileContent } },
} satisfies Partial<Record<RouteName, RouteOutput>>;
