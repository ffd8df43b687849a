import { assign, fromPromise, raise, setup } from 'xstate';
import { api, type TransactionFilterParams } from '../services/api';
import { alerts, waitingAlert, type Alert } from '../services/alerts';
import {
  businessNow,
  DATE_TIME_FORMAT,
  daysThroughToday,
  formatDateRange,
  type DateRange,
} from '../services/dateRange';
import { ApiError, messageOf } from '../services/http';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '../services/reconciliationRules';
import type { UserTypeName } from '../services/schemas';
import type { BulkPreview, BulkPreviewAnswer, Invoice } from '../services/transactionActions';
import type { TransactionRow, TransactionStats, TransactionStatusName } from '../services/transactionQuery';
import type { PageMeta } from '../services/withdrawalRules';
import { barFieldsOf, filterOfBar, filterTextIsValid, searchedFilter, typedFilter, typedRange } from './dateFilter';
import { exportMachine, type ExportOutput } from './exportMachine';
import { allows, mayAddToWithdrawable, type TransactionFacts } from './lifecycle/transactionLifecycle';
import { manualFinalizeMachine, type ManualFinalizeOutput } from './manualFinalizeMachine';
import type { GuardWords } from './guardWords';
import { uploadMachine } from './uploadMachine';

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
type RowEvent = { type: PaymentRowActionType; row: TransactionRow };

export interface PaymentsListContext {
  role: UserTypeName;
  /** Whether this role may ever process or check transactions: decides if those buttons are on the screen at all. */
  offersProcess: boolean;
  offersCheck: boolean;
  form: PaymentsFilterForm;
  applied: TransactionFilterParams;
  page: number;
  limit: number;
  rows: TransactionRow[];
  meta: PageMeta | null;
  stats: TransactionStats | null;
  rangeError: string | null;
  loadError: string | null;
  /** The row the open dialog is about. */
  target: TransactionRow | null;
  invoice: Invoice | null;
  invoiceError: string | null;
  /** What Process Transactions' dry run found: what the confirmation shows and the apply names. */
  bulkPreview: BulkPreviewAnswer | null;
  /** Why the preview or the apply was refused, shown in the dialog. */
  processError: string | null;
  /** The refusal was 409 (the selection changed): the dialog offers to preview again. */
  selectionChanged: boolean;
}

export type PaymentsListEvent =
  | { type: 'SET_SEARCH_BY'; value: PaymentsFilterForm['searchBy'] }
  | { type: 'SET_SEARCH'; value: string }
  | { type: 'SET_METHODS'; value: string[] }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'SET_STATUS'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RELOAD' }
  | RowEvent
  | { type: 'OPEN_EXPORT' }
  | { type: 'OPEN_CHECK' }
  | { type: 'OPEN_PROCESS' }
  | { type: 'PREVIEW_AGAIN' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export interface PaymentsListInput {
  role: UserTypeName;
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

/** What the list is asked for: the form's fields and the range its text was read as (dateFilter.ts). */
const applyForm = (form: PaymentsFilterForm, range: DateRange): TransactionFilterParams => ({
  start: range.start,
  end: range.end,
  status: form.status,
  search_by: form.searchBy,
  search: form.search,
  payment_method: form.methods,
  client_id: form.clientId,
});

const facts = (row: TransactionRow): TransactionFacts => ({
  channel: row.type,
  addedToWithdrawable: row.added_to_withdrawable,
});
/** Checking a provider's report settles nothing by itself, but it is how the one who may finalize by hand finds what to finalize. */
const mayCheck = (role: UserTypeName) =>
  allows('PENDING', { channel: 'fello_qris', addedToWithdrawable: false }, { type: 'FINALIZE_MANUALLY', role });

const FAILED = 'Something went wrong, please try again later.';
const success = (message: string): Alert => ({ title: 'Success', message, intent: 'success' });
const failure = (message: string): Alert => ({ title: 'Failed', message, intent: 'error' });
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

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
    announce: (_, alert: Alert) => alerts.show(alert),
    reload: raise({ type: 'RELOAD' }),
  },
  guards: {
    rangeIsValid: ({ context }) => filterTextIsValid(filterOfBar(context)),
    lifecycleAllows: ({ context, event }) =>
      'row' in event &&
      allows(event.row.status, facts(event.row), { type: (event as RowEvent).type, role: context.role }),
    mayProcess: ({ context }) =>
      mayAddToWithdrawable(context.role) &&
      context.applied.status === 'FINALIZED' &&
      (context.stats?.total_transaction_count ?? 0) > 0,
    mayCheck: ({ context }) => mayCheck(context.role),
    somethingToExport: ({ context }) => (context.stats?.total_transaction_count ?? 0) > 0,
    finalized: ({ event }) => outputOf<ManualFinalizeOutput>(event).finalized,
    held: ({ event }) => outputOf<{ held: boolean }>(event).held,
    statusChanged: ({ event }) => outputOf<{ changed: boolean }>(event).changed,
    exportAnswered: ({ event }) => outputOf<ExportOutput>(event).message != null,
    somethingToProcess: ({ event }) => outputOf<BulkPreview>(event).count > 0,
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
      role: input.role,
      offersProcess: mayAddToWithdrawable(input.role),
      offersCheck: mayCheck(input.role),
      form,
      applied: applyForm(form, typedRange({ text: form.rangeText })!),
      page: 1,
      limit: 15,
      rows: [],
      meta: null,
      stats: null,
      rangeError: null,
      loadError: null,
      target: null,
      invoice: null,
      invoiceError: null,
      bulkPreview: null,
      processError: null,
      selectionChanged: false,
    };
  },
  type: 'parallel',
  on: {
    SET_SEARCH_BY: { actions: assign({ form: ({ context, event }) => ({ ...context.form, searchBy: event.value }) }) },
    SET_SEARCH: { actions: assign({ form: ({ context, event }) => ({ ...context.form, search: event.value }) }) },
    SET_METHODS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, methods: event.value }) }) },
    SET_RANGE_TEXT: {
      actions: assign(({ context, event }) =>
        barFieldsOf(context.form, typedFilter(filterOfBar(context), event.value)),
      ),
    },
    SET_CLIENT: { actions: assign({ form: ({ context, event }) => ({ ...context.form, clientId: event.value }) }) },
    SET_STATUS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, status: event.value }) }) },
  },
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
                loadError: ({ event }) => messageOf(event.error, 'The payments could not be loaded.'),
              }),
            },
          },
        },
        showing: {
          on: {
            SEARCH: [
              {
                guard: 'rangeIsValid',
                target: 'loading',
                actions: assign(({ context }) => {
                  const filter = searchedFilter(filterOfBar(context));
                  const { form, rangeError } = barFieldsOf(context.form, filter);
                  return { form, applied: applyForm(form, filter), page: 1, rangeError };
                }),
              },
              { actions: assign(({ context }) => barFieldsOf(context.form, searchedFilter(filterOfBar(context)))) },
            ],
            PAGE: { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
            PAGE_SIZE: { target: 'loading', actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
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
            REFRESH_STATUS: {
              guard: 'lifecycleAllows',
              target: 'refreshingStatus',
              actions: assign({ target: ({ event }) => event.row }),
            },
            RESEND_CALLBACK: {
              guard: 'lifecycleAllows',
              target: 'resendingCallback',
              actions: assign({ target: ({ event }) => event.row }),
            },
            FINALIZE_MANUALLY: {
              guard: 'lifecycleAllows',
              target: 'finalizing',
              actions: assign({ target: ({ event }) => event.row }),
            },
            ADD_TO_WITHDRAWABLE: {
              guard: 'lifecycleAllows',
              target: 'addingToWithdrawable',
              actions: assign({ target: ({ event }) => event.row }),
            },
            GENERATE_INVOICE: {
              guard: 'lifecycleAllows',
              target: 'viewingInvoice',
              actions: assign({ target: ({ event }) => event.row }),
            },
            OPEN_EXPORT: { guard: 'somethingToExport', target: 'exporting' },
            OPEN_CHECK: { guard: 'mayCheck', target: 'checking' },
            OPEN_PROCESS: { guard: 'mayProcess', target: 'processing' },
          },
        },
        refreshingStatus: {
          invoke: {
            id: 'refreshStatus',
            src: 'refreshStatus',
            input: ({ context }) => ({ correlationId: context.target!.correlation_id, before: context.target!.status }),
            onDone: [
              {
                guard: 'statusChanged',
                target: 'closed',
                actions: [{ type: 'announce', params: ({ event }) => success(event.output.message) }, 'reload'],
              },
              // The same status is news, not a success (issue 16).
              {
                target: 'closed',
                actions: {
                  type: 'announce',
                  params: ({ event }) => ({ title: 'No change', message: event.output.message, intent: 'info' }),
                },
              },
            ],
            onError: {
              target: 'closed',
              actions: { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
            },
          },
        },
        // The callback tells the merchant again; the pay-in itself does not change, so nothing reloads.
        resendingCallback: {
          invoke: {
            id: 'resendCallback',
            src: 'resendCallback',
            input: ({ context }) => ({ correlationId: context.target!.correlation_id }),
            onDone: { target: 'closed', actions: { type: 'announce', params: ({ event }) => success(event.output) } },
            onError: {
              target: 'closed',
              actions: { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
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
            }),
            onDone: [
              {
                guard: 'finalized',
                target: 'closed',
                actions: [{ type: 'announce', params: ({ event }) => success(event.output.message ?? '') }, 'reload'],
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
        addingToWithdrawable: {
          initial: 'confirming',
          states: {
            // Irreversible: the pay-in's net moves on to the withdrawable balance once, so it is confirmed first.
            confirming: { on: { CONFIRM: 'adding', CANCEL: '#paymentsList.dialog.closed' } },
            adding: {
              invoke: {
                id: 'addToWithdrawable',
                src: 'addToWithdrawable',
                input: ({ context }) => ({ correlationId: context.target!.correlation_id }),
                onDone: {
                  target: '#paymentsList.dialog.closed',
                  actions: [{ type: 'announce', params: ({ event }) => success(event.output) }, 'reload'],
                },
                // A refusal (already added, no longer FINALIZED) means the row on screen is stale: read it again.
                onError: {
                  target: '#paymentsList.dialog.closed',
                  actions: [
                    { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
                    'reload',
                  ],
                },
              },
            },
          },
        },
        // Nothing moves on the first press (issue 25): the dry run counts what would move, the
        // confirmation shows it, and the apply names that count and amount.
        processing: {
          initial: 'previewing',
          states: {
            previewing: {
              entry: assign({ bulkPreview: null, processError: null, selectionChanged: false }),
              invoke: {
                id: 'previewProcess',
                src: 'previewProcess',
                input: ({ context }) => ({ filter: context.applied }),
                onDone: [
                  {
                    guard: 'somethingToProcess',
                    target: 'confirming',
                    actions: assign({ bulkPreview: ({ event }) => event.output }),
                  },
                  { target: 'nothingToProcess', actions: assign({ bulkPreview: ({ event }) => event.output }) },
                ],
                onError: {
                  target: 'failed',
                  actions: assign({ processError: ({ event }) => messageOf(event.error, FAILED) }),
                },
              },
            },
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
                    actions: [{ type: 'announce', params: ({ event }) => success(event.output.message) }, 'reload'],
                  },
                ],
                onError: [
                  // The selection changed since the preview: nothing moved; say so and offer a new preview.
                  {
                    guard: 'refusedAsChanged',
                    target: 'failed',
                    actions: [
                      assign({ processError: ({ event }) => messageOf(event.error, FAILED), selectionChanged: true }),
                      'reload',
                    ],
                  },
                  {
                    target: 'failed',
                    actions: assign({ processError: ({ event }) => messageOf(event.error, FAILED) }),
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
        viewingInvoice: {
          initial: 'generating',
          on: { CLOSE: 'closed' },
          states: {
            generating: {
              invoke: {
                id: 'invoice',
                src: 'loadInvoice',
                input: ({ context }) => ({ correlationId: context.target!.correlation_id }),
                onDone: {
                  target: 'showing',
                  actions: [
                    assign({ invoice: ({ event }) => event.output }),
                    { type: 'announce', params: success('Invoice Have Been Generated') },
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: assign({ invoiceError: ({ event }) => messageOf(event.error, 'Error') }),
                },
              },
            },
            showing: {},
            failed: {},
          },
        },
        // Checking reads the provider's reports beside ours and changes nothing: closing does not reload.
        checking: {
          invoke: {
            id: 'check',
            src: 'check',
            input: { maxFiles: UPLOAD_MAX_FILES, maxMb: UPLOAD_MAX_MB },
            onDone: 'closed',
          },
        },
        exporting: {
          invoke: {
            id: 'export',
            src: 'export',
            input: ({ context }) => ({ filter: context.applied }),
            onDone: [
              {
                guard: 'exportAnswered',
                target: 'closed',
                actions: {
                  type: 'announce',
                  params: ({ event }) =>
                    event.output.failed ? failure(event.output.message!) : success(event.output.message!),
                },
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const paymentsListGuardWords: GuardWords<typeof paymentsListMachine> = {
  rangeIsValid: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
  lifecycleAllows:
    "The pay-in lifecycle allows this row action to the user's role on this row (refresh and resend for anyone who sees it; finalize, add to withdrawable and invoice for a SUPER ADMIN), in the statuses the lifecycle names.",
  mayProcess:
    'Process Transactions only for a role the lifecycle lets add a FINALIZED pay-in to the withdrawable balance (SUPER ADMIN), on a search of FINALIZED pay-ins that found some.',
  mayCheck: 'Check Transactions only for a role the lifecycle lets finalize a pay-in by hand (SUPER ADMIN).',
  somethingToExport: 'Export opens only when the tiles count at least one pay-in for the applied filter.',
  finalized: 'The manual finalize modal ended with the pay-in finalized: the list is read again.',
  held: 'The server took the finalize or Process Transactions but holds it for a second SUPER ADMIN (the approval policy): announced as waiting; nothing moved, so nothing is read again.',
  statusChanged: "The provider's answer changed the pay-in's status: the list is read again.",
  exportAnswered: 'The export ended with words from the server to show.',
  somethingToProcess:
    'The dry run found at least one pay-in to add: the confirmation shows how many and how much; with none, there is nothing to confirm.',
  refusedAsChanged:
    'The server refused the apply with 409: the pay-ins matching now are not the ones previewed, and nothing moved.',
  mayPreviewAgain: 'A new preview is offered after the selection changed (409), not after any other refusal.',
};
