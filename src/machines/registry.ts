import type { AnyStateMachine } from 'xstate';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';
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
    msg({
      defaultMessage: "A pay-in's life from PENDING to FINALIZED and SETTLED, and who may act on it.",
      id: '0so/r6',
    }),
    payinGuardWords,
    true,
    payinFactWords,
  ),
  entry(
    'withdrawal',
    withdrawalLifecycle,
    msg({ defaultMessage: "A withdrawal's life: PENDING until a SUPER ADMIN completes or rejects it.", id: 'OeZXlI' }),
    withdrawalGuardWords,
    true,
  ),
  entry(
    'disbursement',
    disbursementLifecycle,
    msg({
      defaultMessage:
        "A disbursement's life from PENDING_REQUEST to FINALIZED, REJECTED, FAILED or VOIDED, and who may act on it.",
      id: 'fd0ZSu',
    }),
    disbursementGuardWords,
    true,
    disbursementFactWords,
  ),
  entry(
    'approval',
    approvalLifecycle,
    msg({
      defaultMessage:
        'A held movement of money (dual control): PENDING_APPROVAL until another SUPER ADMIN approves or declines it, ' +
        'the maker cancels it or it expires.',
      id: 'v2WF+O',
    }),
    approvalGuardWords,
    true,
  ),
  entry(
    'settlement',
    settlementMachine,
    msg({
      defaultMessage:
        'Settlement page: choose a type and window, settle its FINALIZED pay-ins, watch the run, download reports.',
      id: 'NNKjYZ',
    }),
    settlementGuardWords,
  ),
  entry(
    'settlePress',
    settleConfirmMachine,
    msg({
      defaultMessage:
        "A SUPER ADMIN pressing 'Settle All Transactions': 'Are you sure?' with the window's totals, then the call " +
        'that starts the run.',
      id: 'M2f6Vm',
    }),
    settleConfirmGuardWords,
  ),
  entry(
    'login',
    loginMachine,
    msg({ defaultMessage: 'Sign-in: credentials, then the OTP when two-factor is active.', id: 'JlrLtB' }),
    loginGuardWords,
  ),
  entry(
    'session',
    sessionMachine,
    msg({
      defaultMessage: 'The signed-in user for the whole app: who they are, their options, where they land, logout.',
      id: 'fln0/R',
    }),
    sessionGuardWords,
  ),
  entry(
    'language',
    languageMachine,
    msg({
      defaultMessage:
        'The language the app speaks: chosen on the login page, in User Settings or saved by the person; shown once ' +
        'its catalog has loaded.',
      id: 'KMyN4S',
    }),
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
    msg({ defaultMessage: "User Settings' two-factor panel: set-up when not active, Reset when it is.", id: 'lIDhiO' }),
    twoFactorSetupGuardWords,
  ),
  entry(
    'sessions',
    sessionsMachine,
    msg({
      defaultMessage:
        "User Settings' Sessions card: one's live sessions, Sign out of another one and Sign out everywhere else, " +
        "each after 'Are you sure?'.",
      id: 'Ap0dbt',
    }),
    sessionsGuardWords,
  ),
  entry(
    'recoveryCodes',
    recoveryCodesMachine,
    msg({
      defaultMessage: "User Settings' New recovery codes: a current authenticator code, then the new set, shown once.",
      id: '1DcIIV',
    }),
    recoveryCodesGuardWords,
  ),
  entry(
    'notifications',
    notificationsMachine,
    msg({ defaultMessage: "The header bell: this user's work orders, live, with the unread count.", id: 'wRyJv4' }),
    notificationsGuardWords,
  ),
  entry(
    'workOrderDetail',
    workOrderDetailMachine,
    msg({
      defaultMessage:
        "The work order detail page: the work order, its item, and the item's action as its lifecycle allows.",
      id: '7UR2ce',
    }),
    workOrderDetailGuardWords,
  ),
  entry(
    'overview',
    overviewMachine,
    msg({
      defaultMessage:
        "Overview: today's and yesterday's figures, what waits for a decision, balances and settlement, read again " +
        'when the socket says something changed.',
      id: '9bJ5AO',
    }),
    overviewGuardWords,
  ),
  entry(
    'paymentsList',
    paymentsListMachine,
    msg({
      defaultMessage:
        'Payments List: filters, the three tiles, the paged table of pay-ins, and every dialog the screen opens.',
      id: 'kDug6t',
    }),
    paymentsListGuardWords,
  ),
  entry(
    'payinDetail',
    payinDetailMachine,
    msg({
      defaultMessage:
        "Payin Detail ('Disbursement Accounts'): a client's deposits in a window and its balance figures.",
      id: '3ZvJ9d',
    }),
    payinDetailGuardWords,
  ),
  entry(
    'manualFinalize',
    manualFinalizeMachine,
    msg({ defaultMessage: 'The manual finalize modal of a pay-in: RRN and paid time, then the call.', id: 'SWOuhE' }),
    manualFinalizeGuardWords,
  ),
  entry(
    'oneShotAction',
    oneShotActionMachine,
    msg({
      defaultMessage:
        "One call on one row (refresh status, re-send callback, add to withdrawable …): optional 'Are you sure?', " +
        'then the call.',
      id: 'XDbqkV',
    }),
    oneShotActionGuardWords,
  ),
  entry(
    'export',
    exportMachine,
    msg({
      defaultMessage: 'Export of the current search: an .xlsx downloaded now, or e-mailed by the server.',
      id: '6qiuJq',
    }),
    exportGuardWords,
  ),
  entry(
    'upload',
    uploadMachine,
    msg({
      defaultMessage: 'Check Transactions: choose provider reports, send them, read the matched results.',
      id: 'J2nb7p',
    }),
    uploadGuardWords,
  ),
  entry(
    'paymentsBalance',
    paymentsBalanceMachine,
    msg({
      defaultMessage: "Payments Balance: the selected client's figures and its withdrawal history.",
      id: 'hxtVDE',
    }),
    paymentsBalanceGuardWords,
  ),
  entry(
    'withdrawalRequest',
    withdrawalRequestMachine,
    msg({ defaultMessage: 'Request Withdrawal and Transfer to Disburse: amount, OTP, submit.', id: '59Essh' }),
    withdrawalRequestGuardWords,
  ),
  entry(
    'withdrawalDecision',
    withdrawalDecisionMachine,
    msg({
      defaultMessage: "A SUPER ADMIN completing or rejecting one PENDING withdrawal: 'Are you sure?', then the call.",
      id: '6qWiUr',
    }),
    withdrawalDecisionGuardWords,
  ),
  entry(
    'disbursementList',
    disbursementListMachine,
    msg({
      defaultMessage: 'Disbursement List: filters, tiles, the paged table, and every dialog the screen opens.',
      id: 'VCJNnF',
    }),
    disbursementListGuardWords,
  ),
  entry(
    'disbursementDecision',
    disbursementDecisionMachine,
    msg({
      defaultMessage: "A SUPER ADMIN finalizing or rejecting one open disbursement: 'Are you sure?', then the call.",
      id: 'jBpxk1',
    }),
    disbursementDecisionGuardWords,
  ),
  entry(
    'disbursementAccount',
    disbursementAccountMachine,
    msg({
      defaultMessage: "Disbursement Account: a client's disbursement balance and its paged deposit history.",
      id: 'eMVmkY',
    }),
    disbursementAccountGuardWords,
  ),
  entry(
    'masterBalance',
    masterBalanceMachine,
    msg({
      defaultMessage: "Master Disbursement Balance: adjust a client's disbursement balance, never below zero.",
      id: 'CDV6Mf',
    }),
    masterBalanceGuardWords,
  ),
  entry(
    'masterBalanceAdjustment',
    masterBalanceAdjustmentMachine,
    msg({
      defaultMessage:
        "'Update Balance' on Master Disbursement Balance: 'Are you sure?', then the adjustment; a refusal says why.",
      id: 'm5OJgF',
    }),
    masterBalanceAdjustmentGuardWords,
  ),
  entry(
    'userManagement',
    userManagementMachine,
    msg({
      defaultMessage:
        'User Management: filters, the paged users, New / Edit User as the form machine, the authenticator reset, ' +
        "a SUPER ADMIN's End sessions.",
      id: 'ilgOvO',
    }),
    userManagementGuardWords,
  ),
  entry(
    'roleManagement',
    roleManagementMachine,
    msg({
      defaultMessage: 'Role Management: filters, the paged roles, New / Edit Role as the form machine.',
      id: 'GLfmHQ',
    }),
    roleManagementGuardWords,
  ),
  entry(
    'userForm',
    userFormMachine,
    msg({
      defaultMessage: 'New User and Edit User: the one management form machine with the user schema and fields.',
      id: 'GyEn0N',
    }),
    userFormGuardWords,
  ),
  entry(
    'roleForm',
    roleFormMachine,
    msg({
      defaultMessage:
        'New Role and Edit Role: the one management form machine with the role schema and module selection.',
      id: 'D2IKJw',
    }),
    roleFormGuardWords,
  ),
  entry(
    'auditLog',
    auditLogMachine,
    msg({
      defaultMessage:
        'Audit Log: filters, the paged audit lines, Export, and the path (statuses in order, by whom) of a ' +
        "withdrawal, disbursement or transaction; a line's records moved in bulk or its journal entries.",
      id: 'wzJf5p',
    }),
    auditLogGuardWords,
  ),
  entry(
    'callbacksPage',
    callbacksPageMachine,
    msg({
      defaultMessage:
        "Callbacks: merchant callback deliveries by client, outcome, window and correlation id, paged; a delivery's " +
        "attempts; Resend; read again when a delivery changes; the chosen client's callback endpoint.",
      id: 'LZuoRy',
    }),
    callbacksPageGuardWords,
  ),
  entry(
    'callbackEndpoint',
    callbackEndpointMachine,
    msg({
      defaultMessage:
        "A client's callback endpoint: its URL edited, its secret rotated (shown once) and a test callback sent, by a " +
        'SUPER ADMIN; read only by an AUDITOR.',
      id: 'qU9ydl',
    }),
    callbackEndpointGuardWords,
  ),
  entry(
    'auditLine',
    auditLineMachine,
    msg({
      defaultMessage:
        'One audit line opened from the Audit Log: the records a bulk line moved (paged, exported) and the journal ' +
        'entries its action posted (paged).',
      id: 'lg0Huh',
    }),
    auditLineGuardWords,
  ),
  entry(
    'ledger',
    ledgerMachine,
    msg({
      defaultMessage:
        "Ledger: the trial balance (now or as of a moment, debits = credits), an account's statement and its Export, " +
        "a reference's journal, and a client's daily proof (opening + movements = closing = the ledger) and its " +
        'Export; read-only.',
      id: 'lRTsyX',
    }),
    ledgerGuardWords,
  ),
  entry(
    'savedViews',
    savedViewsMachine,
    msg({
      defaultMessage:
        "A list's saved views and columns, the person's own: open, save (optionally as the list's default), " +
        'delete; the columns kept as they change.',
      id: 'l0PdNZ',
    }),
    savedViewsGuardWords,
  ),
  entry(
    'approvalsPage',
    approvalsPageMachine,
    msg({
      defaultMessage:
        'Approvals: the requests waiting for a second SUPER ADMIN with Approve / Decline / Cancel as the approval ' +
        'lifecycle allows, and the approval policy.',
      id: 'nvHhdm',
    }),
    approvalsPageGuardWords,
  ),
  entry(
    'approvalWorkOrder',
    approvalWorkOrderMachine,
    msg({
      defaultMessage:
        "An approval work order's request on the work order page: read it, then Approve or Decline (with a reason) as " +
        'the approval lifecycle allows.',
      id: 'SvkIcS',
    }),
    approvalWorkOrderGuardWords,
  ),
  entry(
    'approvalDecision',
    approvalDecisionMachine,
    msg({
      defaultMessage:
        "A SUPER ADMIN's decision on one approval request (Approve, Decline with a reason, or the maker's Cancel): " +
        "'Are you sure?', then the call.",
      id: 'Sfs4m6',
    }),
    approvalDecisionGuardWords,
  ),
  entry(
    'alerts',
    alertsMachine,
    msg({
      defaultMessage: 'The one alert stack: every alert raised anywhere, shown until dismissed or 5 seconds pass.',
      id: 'rCDd1k',
    }),
    {},
  ),
  entry(
    'workflowChart',
    workflowChartMachine,
    msg({
      defaultMessage: 'A workflow page: the machine laid out as a chart by ELK, or why it could not be.',
      id: '+wLYjp',
    }),
    {},
  ),
  entry(
    'chartViewport',
    chartViewportMachine,
    msg({
      defaultMessage: "A chart's panel: the whole chart at first, then zoomed and panned by buttons, keys and drags.",
      id: 'UI0OHl',
    }),
    chartViewportGuardWords,
  ),
];

/** The registered machine with this id, if any. */
export function registeredMachine(id: string): RegisteredMachine | undefined {
  return machineRegistry.find((m) => m.id === id);
}
