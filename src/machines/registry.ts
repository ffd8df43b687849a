import type { AnyStateMachine, StateMachine } from 'xstate';
import { disbursementLifecycle, disbursementGuardWords } from './lifecycle/disbursementLifecycle';
import { transactionLifecycle, transactionGuardWords } from './lifecycle/transactionLifecycle';
import { withdrawalLifecycle, withdrawalGuardWords } from './lifecycle/withdrawalLifecycle';
import { balanceAdjustmentMachine } from './balanceAdjustmentMachine';
import { balancePageMachine } from './balancePageMachine';
import { disbursementAccountMachine } from './disbursementAccountMachine';
import { disbursementDecisionMachine } from './disbursementDecisionMachine';
import { disbursementListMachine } from './disbursementListMachine';
import { exportMachine } from './exportMachine';
import { loginMachine } from './loginMachine';
import { roleListMachine, userListMachine } from './managementListMachine';
import { manualFinalizeMachine } from './manualFinalizeMachine';
import { notificationsMachine } from './notificationsMachine';
import { oneShotActionMachine } from './oneShotActionMachine';
import { payinDetailMachine } from './payinDetailMachine';
import { paymentsListMachine } from './paymentsListMachine';
import { roleFormMachine } from './roleFormMachine';
import { sessionMachine } from './sessionMachine';
import { settlementGuardWords, settlementMachine } from './settlementMachine';
import { twoFactorSetupMachine } from './twoFactorSetupMachine';
import { uploadMachine } from './uploadMachine';
import { userFormMachine } from './userFormMachine';
import { withdrawalDecisionMachine } from './withdrawalDecisionMachine';
import { withdrawalRequestMachine } from './withdrawalRequestMachine';
import { workOrderDetailMachine } from './workOrderDetailMachine';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The names of a machine's guards, as its `setup({ guards })` declares them. */
export type GuardNames<M> = M extends StateMachine<any, any, any, any, any, infer G, any, any, any, any, any, any, any, any, any>
  ? G extends { type: infer T extends string } ? T : never
  : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Guard words: for each guard of a machine, in words, when it lets a transition fire and who may
 * fire it. Declared in the machine's own file beside its setup, typed with this record so a guard
 * added without words (or words left for a guard that is gone) does not compile.
 */
export type GuardWords<M> = Readonly<Record<GuardNames<M>, string>>;

export interface RegisteredMachine {
  /** The machine's own `id` (the registry test checks they agree); also the chart's file name. */
  readonly id: string;
  /** One line: what the workflow is. */
  readonly purpose: string;
  /** A record lifecycle (the server checks every change against it) rather than a page's machine. */
  readonly lifecycle: boolean;
  readonly machine: AnyStateMachine;
  /** Words for each guard; absent while a machine's guards are not explained yet. */
  readonly guardWords?: Readonly<Record<string, string>>;
}

const entry = <M extends AnyStateMachine>(id: string, machine: M, purpose: string, guardWords?: GuardWords<M>, lifecycle = false): RegisteredMachine =>
  ({ id, purpose, lifecycle, machine, guardWords });

/**
 * Every workflow machine of src/machines, lifecycles first: the one list the charts
 * (`npm run charts`, docs/workflows), the SCXML export and the tests read.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  entry('transaction', transactionLifecycle, "A pay-in's life from PENDING to FINALIZED and SETTLED, and who may act on it.", transactionGuardWords, true),
  entry('withdrawal', withdrawalLifecycle, "A withdrawal's life: PENDING until a SUPER ADMIN completes or rejects it.", withdrawalGuardWords, true),
  entry('disbursement', disbursementLifecycle, "A disbursement's life from PENDING_REQUEST to FINALIZED, REJECTED, FAILED or VOIDED, and who may act on it.", disbursementGuardWords, true),
  entry('settlement', settlementMachine, 'Settlement page: choose a type and window, settle its FINALIZED pay-ins, watch the run, download reports.', settlementGuardWords),
  entry('login', loginMachine, 'Sign-in: credentials, then the OTP when two-factor is active.'),
  entry('session', sessionMachine, 'The signed-in user for the whole app: who they are, their options, where they land, logout.'),
  entry('twoFactorSetup', twoFactorSetupMachine, "User Settings' two-factor panel: set-up when not active, Reset when it is."),
  entry('notifications', notificationsMachine, "The header bell: this user's work orders, live, with the unread count."),
  entry('workOrderDetail', workOrderDetailMachine, "The work order detail page: the work order, its item, and the item's action as its lifecycle allows."),
  entry('paymentsList', paymentsListMachine, 'Payments List: filters, the three tiles and the paged table of pay-ins.'),
  entry('payinDetail', payinDetailMachine, "Payin Detail ('Disbursement Accounts'): a client's deposits in a window and its balance figures."),
  entry('manualFinalize', manualFinalizeMachine, 'The manual finalize modal of a pay-in: RRN and paid time, then the call.'),
  entry('oneShotAction', oneShotActionMachine, "One call on one row (refresh status, re-send callback, add to withdrawable …): optional 'Are you sure?', then the call."),
  entry('export', exportMachine, 'Export of the current search: an .xlsx downloaded now, or e-mailed by the server.'),
  entry('upload', uploadMachine, "Check Transactions: choose provider reports, send them, read the matched results."),
  entry('balancePage', balancePageMachine, "Payments Balance: the selected client's figures and its withdrawal history."),
  entry('withdrawalRequest', withdrawalRequestMachine, 'Request Withdrawal and Transfer to Disburse: amount, OTP, submit.'),
  entry('withdrawalDecision', withdrawalDecisionMachine, "A SUPER ADMIN completing or rejecting one PENDING withdrawal: 'Are you sure?', then the call.", {}),
  entry('disbursementList', disbursementListMachine, 'Disbursement List: filters, tiles, the paged table, and every dialog the screen opens.'),
  entry('disbursementDecision', disbursementDecisionMachine, "A SUPER ADMIN finalizing or rejecting one open disbursement: 'Are you sure?', then the call.", {}),
  entry('disbursementAccount', disbursementAccountMachine, "Disbursement Account: a client's disbursement balance and its paged deposit history."),
  entry('balanceAdjustment', balanceAdjustmentMachine, "Master Disbursement Balance: adjust a client's disbursement balance, never below zero."),
  entry('userList', userListMachine, "User Management's table: filters and the paged list of users."),
  entry('roleList', roleListMachine, "Role Management's table: filters and the paged list of roles."),
  entry('userForm', userFormMachine, 'New User and Edit User: the form, its rules, Save.'),
  entry('roleForm', roleFormMachine, 'New Role and Edit Role: the form and its module selection, Save.'),
];

/** The registered machine with this id, if any. */
export function registeredMachine(id: string): RegisteredMachine | undefined {
  return machineRegistry.find((m) => m.id === id);
}
