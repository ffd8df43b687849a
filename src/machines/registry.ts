import type { AnyStateMachine } from 'xstate';
import type { GuardWords } from './guardWords';
import {
  disbursementFactWords,
  disbursementLifecycle,
  disbursementGuardWords,
} from './lifecycle/disbursementLifecycle';
import { payinFactWords, payinLifecycle, payinGuardWords } from './lifecycle/payinLifecycle';
import { withdrawalLifecycle, withdrawalGuardWords } from './lifecycle/withdrawalLifecycle';
import { approvalLifecycle, approvalGuardWords } from './lifecycle/approvalLifecycle';
import { approvalsPageGuardWords, approvalsPageMachine } from './approvalsPageMachine';
import { approvalWorkOrderGuardWords, approvalWorkOrderMachine } from './approvalWorkOrderMachine';
import { approvalDecisionGuardWords, approvalDecisionMachine } from './approvalDecision';
import { auditLineGuardWords, auditLineMachine } from './auditLineMachine';
import { auditLogGuardWords, auditLogMachine } from './auditLogMachine';
import { ledgerGuardWords, ledgerMachine } from './ledgerMachine';
import { overviewGuardWords, overviewMachine } from './overviewMachine';
import { savedViewsGuardWords, savedViewsMachine } from './savedViewsMachine';
import { masterBalanceGuardWords, masterBalanceMachine } from './masterBalanceMachine';
import { masterBalanceAdjustmentGuardWords, masterBalanceAdjustmentMachine } from './masterBalanceAdjustmentMachine';
import { paymentsBalanceGuardWords, paymentsBalanceMachine } from './paymentsBalanceMachine';
import {
  disbursementAccountGuardWords,
  disbursementAccountMachine,
  payinDetailGuardWords,
  payinDetailMachine,
} from './accountPageMachine';
import { disbursementDecisionGuardWords, disbursementDecisionMachine } from './disbursementDecisionMachine';
import { disbursementListGuardWords, disbursementListMachine } from './disbursementListMachine';
import { exportGuardWords, exportMachine } from './exportMachine';
import { loginGuardWords, loginMachine } from './loginMachine';
import { roleFormGuardWords, roleFormMachine, userFormGuardWords, userFormMachine } from './managementFormMachine';
import {
  roleManagementGuardWords,
  roleManagementMachine,
  userManagementGuardWords,
  userManagementMachine,
} from './managementPageMachine';
import { manualFinalizeGuardWords, manualFinalizeMachine } from './manualFinalizeMachine';
import { notificationsGuardWords, notificationsMachine } from './notificationsMachine';
import { oneShotActionGuardWords, oneShotActionMachine } from './confirmCallMachine';
import { paymentsListGuardWords, paymentsListMachine } from './paymentsListMachine';
import { languageGuardWords, languageMachine } from './languageMachine';
import { languageSettingGuardWords, languageSettingMachine } from './languageSettingMachine';
import { sessionGuardWords, sessionMachine } from './sessionMachine';
import { sessionsGuardWords, sessionsMachine } from './sessionsMachine';
import { settlementGuardWords, settlementMachine } from './settlementMachine';
import { settleConfirmGuardWords, settleConfirmMachine } from './settleConfirmMachine';
import { twoFactorSetupGuardWords, twoFactorSetupMachine } from './twoFactorSetupMachine';
import { recoveryCodesGuardWords, recoveryCodesMachine } from './recoveryCodesMachine';
import { uploadGuardWords, uploadMachine } from './uploadMachine';
import { withdrawalDecisionGuardWords, withdrawalDecisionMachine } from './withdrawalDecisionMachine';
import { withdrawalRequestGuardWords, withdrawalRequestMachine } from './withdrawalRequestMachine';
import { workOrderDetailGuardWords, workOrderDetailMachine } from './workOrderDetailMachine';
import { workflowChartMachine } from './workflowChartMachine';
import { chartViewportGuardWords, chartViewportMachine } from './chartViewportMachine';
import { alertsMachine } from './alertsMachine';
import { callbacksPageGuardWords, callbacksPageMachine } from './callbacksPageMachine';
import { callbackEndpointGuardWords, callbackEndpointMachine } from './callbackEndpointMachine';

export interface RegisteredMachine {
  /** The machine's own `id` (the registry test checks they agree); also the chart's file name. */
  readonly id: string;
  /** One line: what the workflow is. */
  readonly purpose: string;
  /** A record lifecycle (the server checks every change against it) rather than a page's machine. */
  readonly lifecycle: boolean;
  readonly machine: AnyStateMachine;
  /** Words for each guard, from the machine's file (`{}` for a machine without guards). */
  readonly guardWords: Readonly<Record<string, string>>;
  /** A lifecycle's facts of the record (its context fields) in words: the executable chart's `<data>`. */
  readonly factWords: Readonly<Record<string, string>>;
}

const entry = <M extends AnyStateMachine>(
  id: string,
  machine: M,
  purpose: string,
  guardWords: GuardWords<M>,
  lifecycle = false,
  factWords: Readonly<Record<string, string>> = {},
): RegisteredMachine => ({ id, purpose, lifecycle, machine, guardWords, factWords });

/**
 * Every workflow machine of src/machines, lifecycles first: the one list the charts
 * (`npm run charts`, docs/workflows), the SCXML export and the tests read.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  entry(
    'payin',
    payinLifecycle,
    "A pay-in's life from PENDING to FINALIZED and SETTLED, and who may act on it.",
    payinGuardWords,
    true,
    payinFactWords,
  ),
  entry(
    'withdrawal',
    withdrawalLifecycle,
    "A withdrawal's life: PENDING until a SUPER ADMIN completes or rejects it.",
    withdrawalGuardWords,
    true,
  ),
  entry(
    'disbursement',
    disbursementLifecycle,
    "A disbursement's life from PENDING_REQUEST to FINALIZED, REJECTED, FAILED or VOIDED, and who may act on it.",
    disbursementGuardWords,
    true,
    disbursementFactWords,
  ),
  entry(
    'approval',
    approvalLifecycle,
    'A held movement of money (dual control): PENDING_APPROVAL until another SUPER ADMIN approves or declines it, ' +
      'the maker cancels it or it expires.',
    approvalGuardWords,
    true,
  ),
  entry(
    'settlement',
    settlementMachine,
    'Settlement page: choose a type and window, settle its FINALIZED pay-ins, watch the run, download reports.',
    settlementGuardWords,
  ),
  entry(
    'settlePress',
    settleConfirmMachine,
    "A SUPER ADMIN pressing 'Settle All Transactions': 'Are you sure?' with the window's totals, then the call " +
      'that starts the run.',
    settleConfirmGuardWords,
  ),
  entry('login', loginMachine, 'Sign-in: credentials, then the OTP when two-factor is active.', loginGuardWords),
  entry(
    'session',
    sessionMachine,
    'The signed-in user for the whole app: who they are, their options, where they land, logout.',
    sessionGuardWords,
  ),
  entry(
    'language',
    languageMachine,
    'The language the app speaks: chosen on the login page, in User Settings or saved by the person; shown once ' +
      'its catalog has loaded.',
    languageGuardWords,
  ),
  entry(
    'languageSetting',
    languageSettingMachine,
    "User Settings' Language card: saves the person's language, then the app speaks it; a refusal is said in place.",
    languageSettingGuardWords,
  ),
  entry(
    'twoFactorSetup',
    twoFactorSetupMachine,
    "User Settings' two-factor panel: set-up when not active, Reset when it is.",
    twoFactorSetupGuardWords,
  ),
  entry(
    'sessions',
    sessionsMachine,
    "User Settings' Sessions card: one's live sessions, Sign out of another one and Sign out everywhere else, " +
      "each after 'Are you sure?'.",
    sessionsGuardWords,
  ),
  entry(
    'recoveryCodes',
    recoveryCodesMachine,
    "User Settings' New recovery codes: a current authenticator code, then the new set, shown once.",
    recoveryCodesGuardWords,
  ),
  entry(
    'notifications',
    notificationsMachine,
    "The header bell: this user's work orders, live, with the unread count.",
    notificationsGuardWords,
  ),
  entry(
    'workOrderDetail',
    workOrderDetailMachine,
    "The work order detail page: the work order, its item, and the item's action as its lifecycle allows.",
    workOrderDetailGuardWords,
  ),
  entry(
    'overview',
    overviewMachine,
    "Overview: today's and yesterday's figures, what waits for a decision, balances and settlement, read again " +
      'when the socket says something changed.',
    overviewGuardWords,
  ),
  entry(
    'paymentsList',
    paymentsListMachine,
    'Payments List: filters, the three tiles, the paged table of pay-ins, and every dialog the screen opens.',
    paymentsListGuardWords,
  ),
  entry(
    'payinDetail',
    payinDetailMachine,
    "Payin Detail ('Disbursement Accounts'): a client's deposits in a window and its balance figures.",
    payinDetailGuardWords,
  ),
  entry(
    'manualFinalize',
    manualFinalizeMachine,
    'The manual finalize modal of a pay-in: RRN and paid time, then the call.',
    manualFinalizeGuardWords,
  ),
  entry(
    'oneShotAction',
    oneShotActionMachine,
    "One call on one row (refresh status, re-send callback, add to withdrawable …): optional 'Are you sure?', " +
      'then the call.',
    oneShotActionGuardWords,
  ),
  entry(
    'export',
    exportMachine,
    'Export of the current search: an .xlsx downloaded now, or e-mailed by the server.',
    exportGuardWords,
  ),
  entry(
    'upload',
    uploadMachine,
    'Check Transactions: choose provider reports, send them, read the matched results.',
    uploadGuardWords,
  ),
  entry(
    'paymentsBalance',
    paymentsBalanceMachine,
    "Payments Balance: the selected client's figures and its withdrawal history.",
    paymentsBalanceGuardWords,
  ),
  entry(
    'withdrawalRequest',
    withdrawalRequestMachine,
    'Request Withdrawal and Transfer to Disburse: amount, OTP, submit.',
    withdrawalRequestGuardWords,
  ),
  entry(
    'withdrawalDecision',
    withdrawalDecisionMachine,
    "A SUPER ADMIN completing or rejecting one PENDING withdrawal: 'Are you sure?', then the call.",
    withdrawalDecisionGuardWords,
  ),
  entry(
    'disbursementList',
    disbursementListMachine,
    'Disbursement List: filters, tiles, the paged table, and every dialog the screen opens.',
    disbursementListGuardWords,
  ),
  entry(
    'disbursementDecision',
    disbursementDecisionMachine,
    "A SUPER ADMIN finalizing or rejecting one open disbursement: 'Are you sure?', then the call.",
    disbursementDecisionGuardWords,
  ),
  entry(
    'disbursementAccount',
    disbursementAccountMachine,
    "Disbursement Account: a client's disbursement balance and its paged deposit history.",
    disbursementAccountGuardWords,
  ),
  entry(
    'masterBalance',
    masterBalanceMachine,
    "Master Disbursement Balance: adjust a client's disbursement balance, never below zero.",
    masterBalanceGuardWords,
  ),
  entry(
    'masterBalanceAdjustment',
    masterBalanceAdjustmentMachine,
    "'Update Balance' on Master Disbursement Balance: 'Are you sure?', then the adjustment; a refusal says why.",
    masterBalanceAdjustmentGuardWords,
  ),
  entry(
    'userManagement',
    userManagementMachine,
    'User Management: filters, the paged users, New / Edit User as the form machine, the authenticator reset, ' +
      "a SUPER ADMIN's End sessions.",
    userManagementGuardWords,
  ),
  entry(
    'roleManagement',
    roleManagementMachine,
    'Role Management: filters, the paged roles, New / Edit Role as the form machine.',
    roleManagementGuardWords,
  ),
  entry(
    'userForm',
    userFormMachine,
    'New User and Edit User: the one management form machine with the user schema and fields.',
    userFormGuardWords,
  ),
  entry(
    'roleForm',
    roleFormMachine,
    'New Role and Edit Role: the one management form machine with the role schema and module selection.',
    roleFormGuardWords,
  ),
  entry(
    'auditLog',
    auditLogMachine,
    'Audit Log: filters, the paged audit lines, Export, and the path (statuses in order, by whom) of a ' +
      "withdrawal, disbursement or transaction; a line's records moved in bulk or its journal entries.",
    auditLogGuardWords,
  ),
  entry(
    'callbacksPage',
    callbacksPageMachine,
    "Callbacks: merchant callback deliveries by client, outcome, window and correlation id, paged; a delivery's " +
      "attempts; Resend; read again when a delivery changes; the chosen client's callback endpoint.",
    callbacksPageGuardWords,
  ),
  entry(
    'callbackEndpoint',
    callbackEndpointMachine,
    "A client's callback endpoint: its URL edited, its secret rotated (shown once) and a test callback sent, by a " +
      'SUPER ADMIN; read only by an AUDITOR.',
    callbackEndpointGuardWords,
  ),
  entry(
    'auditLine',
    auditLineMachine,
    'One audit line opened from the Audit Log: the records a bulk line moved (paged, exported) and the journal ' +
      'entries its action posted (paged).',
    auditLineGuardWords,
  ),
  entry(
    'ledger',
    ledgerMachine,
    "Ledger: the trial balance (now or as of a moment, debits = credits), an account's statement and its Export, " +
      "a reference's journal, and a client's daily proof (opening + movements = closing = the ledger) and its " +
      'Export; read-only.',
    ledgerGuardWords,
  ),
  entry(
    'savedViews',
    savedViewsMachine,
    "A list's saved views and columns, the person's own: open, save (optionally as the list's default), " +
      'delete; the columns kept as they change.',
    savedViewsGuardWords,
  ),
  entry(
    'approvalsPage',
    approvalsPageMachine,
    'Approvals: the requests waiting for a second SUPER ADMIN with Approve / Decline / Cancel as the approval ' +
      'lifecycle allows, and the approval policy.',
    approvalsPageGuardWords,
  ),
  entry(
    'approvalWorkOrder',
    approvalWorkOrderMachine,
    "An approval work order's request on the work order page: read it, then Approve or Decline (with a reason) as " +
      'the approval lifecycle allows.',
    approvalWorkOrderGuardWords,
  ),
  entry(
    'approvalDecision',
    approvalDecisionMachine,
    "A SUPER ADMIN's decision on one approval request (Approve, Decline with a reason, or the maker's Cancel): " +
      "'Are you sure?', then the call.",
    approvalDecisionGuardWords,
  ),
  entry(
    'alerts',
    alertsMachine,
    'The one alert stack: every alert raised anywhere, shown until dismissed or 5 seconds pass.',
    {},
  ),
  entry(
    'workflowChart',
    workflowChartMachine,
    'A workflow page: the machine laid out as a chart by ELK, or why it could not be.',
    {},
  ),
  entry(
    'chartViewport',
    chartViewportMachine,
    "A chart's panel: the whole chart at first, then zoomed and panned by buttons, keys and drags.",
    chartViewportGuardWords,
  ),
];

/** The registered machine with this id, if any. */
export function registeredMachine(id: string): RegisteredMachine | undefined {
  return machineRegistry.find((m) => m.id === id);
}
