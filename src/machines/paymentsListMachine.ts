import { msg } from '../i18n/msg';
import { assign, fromPromise, raise, setup } from 'xstate';
import { api, type TransactionFilterParams } from '../services/api';
import { waitingAlert } from '../services/alerts';
import { holdsAhead, type ApprovalPolicyEntry } from '../services/approvalRules';
import { businessNow, DATE_TIME_FORMAT, daysThroughToday, formatDateRange } from '../services/dateRange';
import { ApiError, messageOf } from '../services/http';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '../services/reconciliationRules';
import type { UserTypeName } from '../services/schemas';
import type { BulkPreview, BulkPreviewAnswer, Invoice } from '../services/payinActions';
import type { TransactionRow, TransactionStats, TransactionStatusName } from '../services/payinQuery';
import { approvalPolicyActor, approvalPolicyInvoke } from './approvalPolicyActor';
import { exportMachine } from './exportMachine';
import { allows, mayAddToWithdrawable, type PayinFacts } from './lifecycle/payinLifecycle';
import { manualFinalizeMachine, type ManualFinalizeOutput } from './manualFinalizeMachine';
import type { GuardWords } from './guardWords';
import * as list from './listPageMachine';
import { urlWatch } from './listMemory';
import { savedViewsMachine } from './savedViewsMachine';
import { uploadMachine } from './uploadMachine';
import type { PageMeta } from '../services/paging';

/** What the filter bar holds; `applied` is what the table shows, set by Search. */
export interface PaymentsFilterForm {
  searchBy: 'correlation_id' | 'account_no' | 'rrn';
  search: string;
  methods: string[];
  rangeText: string;
  clientId: number | null;
  status: string;
}

/** The row actions: each is the pay-in lifecycle event of the same name, asked of the lifecycle as the user's role. */
export const PAYMENT_ROW_ACTIONS = [
  'REFRESH_STATUS',
  'RESEND_CALLBACK',
  'FINALIZE_MANUALLY',
  'ADD_TO_WITHDRAWABLE',
  'GENERATE_INVOICE',
] as const;
export type PaymentRowActionType = (typeof PAYMENT_ROW_ACTIONS)[number];

/** What every list holds, of this list's rows, tiles and form. */
type SharedContext = list.ListPageContext<TransactionRow, TransactionStats, PaymentsFilterForm>;

export interface PaymentsListContext extends SharedContext {
  /** Whether this role may ever process or check transactions: decides if those buttons are on the screen at all. */
  offersProcess: boolean;
  offersCheck: boolean;
  /** What Process Transactions' dry run found: what the confirmation shows and the apply names. */
  bulkPreview: BulkPreviewAnswer | null;
  /** Why the preview or the apply was refused, shown in the dialog. */
  processError: string | null;
  /** The refusal was 409 (the selection changed): the dialog offers to preview again. */
  selectionChanged: boolean;
  /** Whether the user may read the approval policy (readsApprovalPolicy): Finalize's form then says it will be held. */
  readsPolicy: boolean;
  /** The approval policy as read; null until read or where it cannot be (the server's 202 tells then). */
  policy: readonly ApprovalPolicyEntry[] | null;
}

export type PaymentsListEvent =
  | list.ListFilterEvent<PaymentsFilterForm>
  | list.ListPageEvent
  | list.ListRowEvent<PaymentRowActionType, TransactionRow>
  | { type: 'OPEN_CHECK' }
  | { type: 'OPEN_PROCESS' }
  | { type: 'PREVIEW_AGAIN' };

export interface PaymentsListInput {
  /** The page's address query (issue 29): the filters a link or Back opens with. */
  query?: string;
  role: UserTypeName;
  /** The user reads the Ledger (readsJournals): the Correlation ID links to the pay-in's journal. */
  journals?: boolean;
  /** The user may read the approval policy (readsApprovalPolicy). */
  readsPolicy?: boolean;
  form?: PaymentsFilterForm;
}

/** Spec section 9: today 00:00 to 23:59, FINALIZED, searched by correlation_id. */
export function defaultForm(now = businessNow()): PaymentsFilterForm {
  return {
    searchBy: 'correlation_id',
    search: '',
    methods: [],
    rangeText: formatDateRange(daysThroughToday(1, now)),
    clientId: null,
    status: 'FINALIZED',
  };
}

const facts = (row: TransactionRow): PayinFacts => ({
  channel: row.type,
  addedToWithdrawable: row.added_to_withdrawable,
});
/**
 * Checking a provider's report settles nothing by itself, but it is how the one who may finalize by hand finds what to
 * finalize.
 */
const mayCheck = (role: UserTypeName) =>
  allows('PENDING', { channel: 'fello_qris', addedToWithdrawable: false }, { type: 'FINALIZE_MANUALLY', role });

/**
 * The Payments List screen (spec section 2): the filter bar, the tiles, the paged table, and every
 * dialog the screen opens. Two regions run side by side: the list query (rows and tiles) and the one
 * dialog open at a time. The row actions and the SUPER ADMIN buttons are guarded by the pay-in
 * lifecycle with the user's role, so a view only asks `snapshot.can(...)`. Outcomes are announced
 * through the one alerts channel from here, and any change reloads the list and tiles.
 */
export const paymentsListMachine = setup({
  types: {
    context: {} as PaymentsListContext,
    events: {} as PaymentsListEvent,
    input: {} as PaymentsListInput,
  },
  actors: {
    savedViews: savedViewsMachine,
    urlWatch,
    approvalPolicy: approvalPolicyActor,
    load: fromPromise<
      { rows: TransactionRow[]; meta: PageMeta; stats: TransactionStats },
      { filter: TransactionFilterParams; page: number; limit: number }
    >(async ({ input }) => {
      const [list, stats] = await Promise.all([
        api.transactionList(input.filter, input.page, input.limit),
        api.transactionSummary(input.filter),
      ]);
      return { ...list, stats };
    }),
    // The answer names the status now; the row on screen names the one before.
    refreshStatus: fromPromise<
      { message: string; changed: boolean },
      { correlationId: string; before: TransactionStatusName }
    >(async ({ input }) => {
      const res = await api.refreshTransactionStatus(input.correlationId);
      return { message: res.message, changed: res.data != null && res.data.status !== input.before };
    }),
    resendCallback: fromPromise<string, { correlationId: string }>(
      async ({ input }) => (await api.resendCallback([input.correlationId])).message,
    ),
    addToWithdrawable: fromPromise<string, { correlationId: string }>(
      async ({ input }) => (await api.addToWithdrawable(input.correlationId)).message,
    ),
    previewProcess: fromPromise<BulkPreviewAnswer, { filter: TransactionFilterParams }>(
      async ({ input }) => (await api.previewProcessTransactions(input.filter)).data!,
    ),
    processTransactions: fromPromise<
      { message: string; held: boolean },
      { filter: TransactionFilterParams; expected: { count: number; amount: number } }
    >(({ input }) => api.processTransactions(input.filter, input.expected)),
    loadInvoice: fromPromise<Invoice, { correlationId: string }>(({ input }) =>
      api.generateInvoice(input.correlationId),
    ),
    manualFinalize: manualFinalizeMachine,
    check: uploadMachine,
    export: exportMachine,
  },
  actions: {
    announce: list.announce,
    reload: raise({ type: 'RELOAD' }),
    ...list.memoryActions,
    forgetPreview: assign({ bulkPreview: null, processError: null, selectionChanged: false }),
    keepPreview: assign({ bulkPreview: ({ event }) => list.outputOf<BulkPreviewAnswer>(event) }),
    refusePreview: assign({ processError: ({ event }) => messageOf(list.errorOf(event), list.FAILED) }),
  },
  guards: {
    ...list.listGuards,
    lifecycleAllows: list.lifecycleAllows<TransactionRow, PaymentRowActionType>((row, action) =>
      allows(row.status, facts(row), action),
    ),
    mayProcess: ({ context }) =>
      mayAddToWithdrawable(context.role) &&
      context.applied.status === 'FINALIZED' &&
      (context.stats?.total_transaction_count ?? 0) > 0,
    mayCheck: ({ context }) => mayCheck(context.role),
    finalized: ({ event }) => list.outputOf<ManualFinalizeOutput>(event).finalized,
    held: ({ event }) => list.outputOf<{ held: boolean }>(event).held,
    somethingToProcess: ({ event }) => list.outputOf<BulkPreview>(event).count > 0,
    refusedAsChanged: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 409;
    },
    mayPreviewAgain: ({ context }) => context.selectionChanged,
  },
}).createMachine({
  id: 'paymentsList',
  context: ({ input }) => {
    const form = input.form ?? defaultForm();
    return {
      offersProcess: mayAddToWithdrawable(input.role),
      offersCheck: mayCheck(input.role),
      ...list.startingContext(input.role, form, input.journals ?? false, 'transactions', input.query),
      bulkPreview: null,
      processError: null,
      selectionChanged: false,
      readsPolicy: input.readsPolicy ?? false,
      policy: null,
    };
  },
  type: 'parallel',
  // Issue 29: a link's query that cannot be read is said at once; the person's saved views and columns, and Back and
  // Forward, run beside the list. A bare address means the defaults, so it is left bare until a search.
  entry: 'refuseQuery',
  invoke: [...list.memoryInvoke, approvalPolicyInvoke],
  on: list.filterBar,
  states: {
    list: {
      initial: 'loading',
      on: { RELOAD: '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ filter: context.applied, page: context.page, limit: context.limit }),
            onDone: { target: 'showing', actions: assign(({ event }) => ({ ...event.output, loadError: null })) },
            onError: {
              target: 'showing',
              actions: assign({
                loadError: ({ event }) =>
                  messageOf(event.error, msg({ defaultMessage: 'The payments could not be loaded.', id: 'wR8nUq' })),
              }),
            },
          },
        },
        showing: {
          on: {
            SEARCH: list.search({ target: 'loading' }),
            ...list.paging('loading'),
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({
            target: null,
            invoice: null,
            invoiceError: null,
            bulkPreview: null,
            processError: null,
            selectionChanged: false,
          }),
          on: {
            REFRESH_STATUS: list.rowAction('refreshingStatus'),
            RESEND_CALLBACK: list.rowAction('resendingCallback'),
            FINALIZE_MANUALLY: list.rowAction('finalizing'),
            ADD_TO_WITHDRAWABLE: list.rowAction('addingToWithdrawable'),
            GENERATE_INVOICE: list.rowAction('viewingInvoice'),
            OPEN_EXPORT: { guard: 'somethingToExport', target: 'exporting' },
            OPEN_CHECK: { guard: 'mayCheck', target: 'checking' },
            OPEN_PROCESS: { guard: 'mayProcess', target: 'processing' },
          },
        },
        refreshingStatus: list.refreshingStatus<TransactionRow>((target) => ({
          correlationId: target.correlation_id,
          before: target.status,
        })),
        // The callback tells the merchant again; the pay-in itself does not change, so nothing reloads.
        resendingCallback: {
          invoke: {
            id: 'resendCallback',
            src: 'resendCallback',
            input: ({ context }) => ({ correlationId: context.target!.correlation_id }),
            onDone: {
              target: 'closed',
              actions: { type: 'announce', params: ({ event }) => list.success(event.output) },
            },
            onError: {
              target: 'closed',
              actions: { type: 'announce', params: ({ event }) => list.failure(messageOf(event.error, list.FAILED)) },
            },
          },
        },
        finalizing: {
          invoke: {
            id: 'manualFinalize',
            src: 'manualFinalize',
            input: ({ context }) => ({
              correlationId: context.target!.correlation_id,
              paidTime: businessNow().format(DATE_TIME_FORMAT),
              heldAhead: holdsAhead(context.policy, 'manual-finalize', context.target!.amount),
            }),
            onDone: [
              {
                guard: 'finalized',
                target: 'closed',
                actions: [
                  { type: 'announce', params: ({ event }) => list.success(event.output.message ?? '') },
                  'reload',
                ],
              },
              {
                guard: 'held',
                target: 'closed',
                actions: { type: 'announce', params: ({ event }) => waitingAlert(event.output.message ?? '') },
              },
              { target: 'closed' },
            ],
          },
        },
        // A pay-in's net moves on to the withdrawable balance.
        addingToWithdrawable: list.addingToWithdrawable<TransactionRow>('paymentsList', (target) => ({
          correlationId: target.correlation_id,
        })),
        // Nothing moves on the first press (issue 25): the dry run counts what would move, the
        // confirmation shows it, and the apply names that count and amount.
        processing: {
          initial: 'previewing',
          states: {
            previewing: list.dryRun<PaymentsListContext>({
              entry: 'forgetPreview',
              src: 'previewProcess',
              input: (context) => ({ filter: context.applied }),
              found: 'somethingToProcess',
              nothing: 'nothingToProcess',
              failed: 'failed',
            }),
            confirming: { on: { CONFIRM: 'running', CANCEL: '#paymentsList.dialog.closed' } },
            nothingToProcess: { on: { CLOSE: '#paymentsList.dialog.closed' } },
            running: {
              invoke: {
                id: 'processTransactions',
                src: 'processTransactions',
                input: ({ context }) => ({
                  filter: context.applied,
                  expected: { count: context.bulkPreview!.count, amount: context.bulkPreview!.amount },
                }),
                onDone: [
                  {
                    guard: 'held',
                    target: '#paymentsList.dialog.closed',
                    actions: { type: 'announce', params: ({ event }) => waitingAlert(event.output.message) },
                  },
                  {
                    target: '#paymentsList.dialog.closed',
                    actions: [
                      { type: 'announce', params: ({ event }) => list.success(event.output.message) },
                      'reload',
                    ],
                  },
                ],
                onError: [
                  // The selection changed since the preview: nothing moved; say so and offer a new preview.
                  {
                    guard: 'refusedAsChanged',
                    target: 'failed',
                    actions: [
                      assign({
                        processError: ({ event }) => messageOf(event.error, list.FAILED),
                        selectionChanged: true,
                      }),
                      'reload',
                    ],
                  },
                  {
                    target: 'failed',
                    actions: assign({ processError: ({ event }) => messageOf(event.error, list.FAILED) }),
                  },
                ],
              },
            },
            failed: {
              on: {
                PREVIEW_AGAIN: { guard: 'mayPreviewAgain', target: 'previewing' },
                CLOSE: '#paymentsList.dialog.closed',
              },
            },
          },
        },
        viewingInvoice: list.viewingInvoice,
        // Checking reads the provider's reports beside ours and changes nothing: closing does not reload.
        checking: {
          invoke: {
            id: 'check',
            src: 'check',
            input: { maxFiles: UPLOAD_MAX_FILES, maxMb: UPLOAD_MAX_MB },
            onDone: 'closed',
          },
        },
        exporting: list.exporting,
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const paymentsListGuardWords: GuardWords<typeof paymentsListMachine> = {
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  lifecycleAllows: msg({
    defaultMessage:
      "The pay-in lifecycle allows this row action to the user's role on this row (refresh and resend for anyone " +
      'who sees it; finalize, add to withdrawable and invoice for a SUPER ADMIN), in the statuses the lifecycle ' +
      'names.',
    id: 'u3Yj2g',
  }),
  mayProcess: msg({
    defaultMessage:
      'Process Transactions only for a role the lifecycle lets add a FINALIZED pay-in to the withdrawable balance ' +
      '(SUPER ADMIN), on a search of FINALIZED pay-ins that found some.',
    id: 'oMKadG',
  }),
  mayCheck: msg({
    defaultMessage: 'Check Transactions only for a role the lifecycle lets finalize a pay-in by hand (SUPER ADMIN).',
    id: '2MJlVo',
  }),
  somethingToExport: msg({
    defaultMessage: 'Export opens only when the tiles count at least one pay-in for the applied filter.',
    id: 'noIkB8',
  }),
  finalized: msg({
    defaultMessage: 'The manual finalize modal ended with the pay-in finalized: the list is read again.',
    id: 'UNtnM/',
  }),
  held: msg({
    defaultMessage:
      'The server took the finalize or Process Transactions but holds it for a second SUPER ADMIN (the approval ' +
      'policy): announced as waiting; nothing moved, so nothing is read again.',
    id: 'hMK3w6',
  }),
  statusChanged: msg({
    defaultMessage: "The provider's answer changed the pay-in's status: the list is read again.",
    id: 'vEVgjD',
  }),
  exportAnswered: msg({ defaultMessage: 'The export ended with words from the server to show.', id: '3KdrIG' }),
  queryReadable: msg({
    defaultMessage:
      "The address's query (Back, Forward, a saved view) reads as this list's filters: the list opens it; " +
      'otherwise it says why and keeps what it shows.',
    id: 'kviqDC',
  }),
  somethingToProcess: msg({
    defaultMessage:
      'The dry run found at least one pay-in to add: the confirmation shows how many and how much; with none, ' +
      'there is nothing to confirm.',
    id: 'amLZ7O',
  }),
  refusedAsChanged: msg({
    defaultMessage:
      'The server refused the apply with 409: the pay-ins matching now are not the ones previewed, and nothing moved.',
    id: 'n9K+2Z',
  }),
  mayPreviewAgain: msg({
    defaultMessage: 'A new preview is offered after the selection changed (409), not after any other refusal.',
    id: 'gNcShf',
  }),
};
