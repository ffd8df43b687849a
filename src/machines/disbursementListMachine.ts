import { msg } from '../i18n/msg';
import { assign, fromPromise, raise, setup } from 'xstate';
import { api, type TransactionFilterParams, type VoidUploadResult } from '../services/api';
import { waitingAlert } from '../services/alerts';
import { daysThroughToday, formatDateRange } from '../services/dateRange';
import { saveBase64File } from '../services/download';
import {
  DISBURSEMENT_SEARCH_BY,
  DISBURSEMENT_STATUSES,
  type DisbursementRow,
  type DisbursementStats,
  type DisbursementStatusFilter,
} from '../services/disbursementQuery';
import { messageOf } from '../services/http';
import { tooLarge, UPLOAD_MAX_MB } from '../services/reconciliationRules';
import { readsJournals } from '../services/ledgerLinks';
import { roleOf, type PageUser, type UserTypeName } from '../services/schemas';
import { FILE_DOWNLOADED } from '../services/successTexts';
import type { Invoice } from '../services/payinActions';
import {
  disbursementDecisionMachine,
  type DecisionOutput,
  type DisbursementDecision,
} from './disbursementDecisionMachine';
import { exportMachine } from './exportMachine';
import { allowsDisbursement } from './lifecycle/disbursementLifecycle';
import type { GuardWords } from './guardWords';
import * as list from './listPageMachine';
import { urlWatch } from './listMemory';
import { savedViewsMachine } from './savedViewsMachine';
import { openDecision } from './rowDecision';
import type { Paged } from '../services/paging';

export type DisbursementSearchBy = (typeof DISBURSEMENT_SEARCH_BY)[number];

/** What the filter bar holds; `applied` is what the table and tiles show, set by Search. */
export interface DisbursementFilterForm {
  searchBy: DisbursementSearchBy;
  search: string;
  methods: string[];
  rangeText: string;
  clientId: number | null;
  status: '' | DisbursementStatusFilter;
}

/** The row actions: each is the lifecycle event of the same name, asked of the lifecycle as the user's role. */
export const ROW_ACTIONS = ['FINALIZE', 'REJECT', 'REFRESH_STATUS', 'GENERATE_INVOICE', 'ADD_TO_WITHDRAWABLE'] as const;
export type RowActionType = (typeof ROW_ACTIONS)[number];

/** What every list holds, of this list's rows, tiles and form. */
type SharedContext = list.ListPageContext<DisbursementRow, DisbursementStats, DisbursementFilterForm>;

export interface DisbursementListContext extends SharedContext {
  /** Whether this role may act on some disbursement at all: decides if the table has an Actions column. */
  actsOnRows: boolean;
  /** The decision asked for the row the open dialog is about. */
  decision: DisbursementDecision | null;
  voidFile: File | null;
  voidErrors: string[];
  /** The dry run's answer: what each row would do and what would come back (issue 25). */
  voidPreview: VoidUploadResult | null;
  voidResult: VoidUploadResult | null;
}

export type DisbursementListEvent =
  | list.ListFilterEvent<DisbursementFilterForm>
  | list.ListPageEvent
  | list.ListRowEvent<RowActionType, DisbursementRow>
  | { type: 'OPEN_VOID_UPLOAD' }
  | { type: 'CHOOSE_FILE'; file: File | null }
  | { type: 'UPLOAD' }
  | { type: 'UPLOAD_ANOTHER' };

/** The signed-in user (passed whole by the page): the lifecycle is asked with their type. */
export interface DisbursementListInput {
  /** The page's address query (issue 29): the filters a link or Back opens with. */
  query?: string;
  user: PageUser;
  form?: DisbursementFilterForm;
}

/**
 * Spec section 9: the disbursement list opens on the last 7 days (6 days ago 00:00 to today 23:59, the
 * window the server takes when none is sent), every status, searched by correlation_id.
 */
export function defaultDisbursementForm(range = daysThroughToday(7)): DisbursementFilterForm {
  return {
    searchBy: 'correlation_id',
    search: '',
    methods: [],
    rangeText: formatDateRange(range),
    clientId: null,
    status: '',
  };
}

const VOID_ACCEPTED = /\.(csv|xlsx|xls)$/i;
/** The void upload takes one CSV or Excel file of correlation_ids, within the transaction pages' size cap. */
export function voidFileErrors(file: File | null): string[] {
  if (!file) return [msg({ defaultMessage: 'Choose a CSV or Excel file of correlation_ids', id: '+5HBFJ' })];
  const errors: string[] = [];
  if (!VOID_ACCEPTED.test(file.name))
    errors.push(
      msg({ defaultMessage: '{file}: only CSV or Excel files are accepted', id: 'pfRG5C' }, { file: file.name }),
    );
  if (file.size > UPLOAD_MAX_MB * 1024 * 1024) errors.push(tooLarge(UPLOAD_MAX_MB));
  return errors;
}

const facts = (row: DisbursementRow) => ({ addedToWithdrawable: row.added_to_withdrawable });
const mayActOnRows = (role: UserTypeName) =>
  DISBURSEMENT_STATUSES.some((status) =>
    ROW_ACTIONS.some((type) => allowsDisbursement(status, { addedToWithdrawable: false }, { type, role })),
  );

/**
 * The Disbursement List screen (spec section 2): the filter bar, the tiles, the paged table, and
 * every dialog the screen opens. Three regions run side by side: the list query, the summary query
 * (so a page change reloads only the list) and the one dialog open at a time. The row actions and
 * the void upload are guarded by the disbursement lifecycle with the user's role, so a view only
 * asks `snapshot.can(...)`. Outcomes are announced through the one alerts channel from here, and
 * any change reloads the list and tiles.
 */
export const disbursementListMachine = setup({
  types: {
    context: {} as DisbursementListContext,
    events: {} as DisbursementListEvent,
    input: {} as DisbursementListInput,
  },
  actors: {
    savedViews: savedViewsMachine,
    urlWatch,
    loadList: fromPromise<Paged<DisbursementRow>, { filter: TransactionFilterParams; page: number; limit: number }>(
      ({ input }) => api.disbursementList(input.filter, input.page, input.limit),
    ),
    loadSummary: fromPromise<DisbursementStats, { filter: TransactionFilterParams }>(({ input }) =>
      api.disbursementSummary(input.filter),
    ),
    decision: disbursementDecisionMachine,
    refreshStatus: fromPromise<{ message: string; changed: boolean }, { uuid: string }>(async ({ input }) => {
      const res = await api.refreshDisbursementStatus(input.uuid);
      return { message: res.message, changed: res.data?.changed ?? false };
    }),
    loadInvoice: fromPromise<Invoice, { correlationId: string }>(({ input }) =>
      api.disbursementInvoice(input.correlationId),
    ),
    addToWithdrawable: fromPromise<string, { uuid: string }>(
      async ({ input }) => (await api.addDisbursementToWithdrawable(input.uuid)).message,
    ),
    // The same upload twice: first as a dry run (nothing changes), then, confirmed, to apply.
    voidPreview: fromPromise<VoidUploadResult, { file: File }>(({ input }) =>
      api.previewVoidDisbursementsFile(input.file),
    ),
    // The apply names what the preview said (count and amount): a file that would now void other figures is refused.
    voidUpload: fromPromise<
      { message: string; result: VoidUploadResult | null },
      { file: File; expected: { count: number; amount: number } }
    >(({ input }) => api.voidDisbursementsFile(input.file, input.expected)),
    // The pay-in export's machine, pointed at the disbursement download.
    export: exportMachine.provide({
      actors: {
        download: fromPromise<string, { filter: TransactionFilterParams }>(async ({ input }) => {
          const file = await api.downloadDisbursements(input.filter);
          saveBase64File(file.content, file.filename);
          return FILE_DOWNLOADED;
        }),
        sendEmail: fromPromise<string, { filter: TransactionFilterParams; email: string }>(({ input }) =>
          api.emailDisbursements(input.filter, input.email),
        ),
      },
    }),
  },
  actions: {
    announce: list.announce,
    reload: raise({ type: 'RELOAD' }),
    ...list.memoryActions,
    keepPreview: assign({ voidPreview: ({ event }) => list.outputOf<VoidUploadResult>(event) }),
    refusePreview: assign({ voidErrors: ({ event }) => [messageOf(list.errorOf(event), list.FAILED)] }),
  },
  guards: {
    ...list.listGuards,
    lifecycleAllows: list.lifecycleAllows<DisbursementRow, RowActionType>((row, action) =>
      allowsDisbursement(row.status, facts(row), action),
    ),
    mayVoid: ({ context }) =>
      allowsDisbursement('FINALIZED', { addedToWithdrawable: false }, { type: 'VOID', role: context.role }),
    voidFileChosen: ({ context }) => voidFileErrors(context.voidFile).length === 0,
    decided: ({ event }) => list.outputOf<DecisionOutput>(event).changed,
    somethingToVoid: ({ event }) => list.outputOf<VoidUploadResult>(event).total.count > 0,
    voidHeld: ({ event }) => list.outputOf<{ result: VoidUploadResult | null }>(event).result == null,
    anythingVoided: ({ event }) =>
      (list.outputOf<{ result: VoidUploadResult | null }>(event).result?.summary.voided ?? 0) > 0,
  },
}).createMachine({
  id: 'disbursementList',
  context: ({ input }) => {
    const form = input.form ?? defaultDisbursementForm();
    return {
      actsOnRows: mayActOnRows(roleOf(input.user)),
      ...list.startingContext(roleOf(input.user), form, readsJournals(input.user), 'disbursements', input.query),
      decision: null,
      voidFile: null,
      voidErrors: [],
      voidPreview: null,
      voidResult: null,
    };
  },
  type: 'parallel',
  // Issue 29: a link's query that cannot be read is said at once; the person's saved views and columns, and Back and
  // Forward, run beside the list. A bare address means the defaults, so it is left bare until a search.
  entry: 'refuseQuery',
  invoke: [...list.memoryInvoke],
  on: { ...list.filterBar, SEARCH: list.search({ reload: true }) },
  states: {
    list: {
      initial: 'loading',
      on: {
        RELOAD: '.loading',
        ...list.paging('.loading'),
      },
      states: {
        loading: {
          invoke: {
            id: 'list',
            src: 'loadList',
            input: ({ context }) => ({ filter: context.applied, page: context.page, limit: context.limit }),
            onDone: {
              target: 'showing',
              actions: assign(({ event }) => ({ rows: event.output.rows, meta: event.output.meta, loadError: null })),
            },
            onError: {
              target: 'showing',
              actions: assign({
                rows: [],
                meta: null,
                loadError: ({ event }) =>
                  messageOf(
                    event.error,
                    msg({ defaultMessage: 'The disbursements could not be loaded.', id: 'gpVUtE' }),
                  ),
              }),
            },
          },
        },
        showing: {},
      },
    },
    summary: {
      initial: 'loading',
      on: { RELOAD: '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'summary',
            src: 'loadSummary',
            input: ({ context }) => ({ filter: context.applied }),
            onDone: { target: 'showing', actions: assign({ stats: ({ event }) => event.output }) },
            // Spec section 8: a failed summary is only logged; the tiles show '-'.
            onError: { target: 'showing', actions: assign({ stats: null }) },
          },
        },
        showing: {},
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({
            target: null,
            decision: null,
            invoice: null,
            invoiceError: null,
            voidFile: null,
            voidErrors: [],
            voidPreview: null,
            voidResult: null,
          }),
          on: {
            FINALIZE: openDecision('COMPLETED'),
            REJECT: openDecision('REJECTED'),
            REFRESH_STATUS: list.rowAction('refreshingStatus'),
            GENERATE_INVOICE: list.rowAction('viewingInvoice'),
            ADD_TO_WITHDRAWABLE: list.rowAction('addingToWithdrawable'),
            OPEN_VOID_UPLOAD: { guard: 'mayVoid', target: 'uploadingVoid' },
            OPEN_EXPORT: { guard: 'somethingToExport', target: 'exporting' },
          },
        },
        deciding: {
          invoke: {
            id: 'decision',
            src: 'decision',
            input: ({ context }) => ({ row: context.target!, decision: context.decision! }),
            onDone: [
              {
                guard: 'decided',
                target: 'closed',
                actions: [
                  { type: 'announce', params: ({ event }) => list.success(event.output.message ?? '') },
                  'reload',
                ],
              },
              { target: 'closed' },
            ],
          },
        },
        refreshingStatus: list.refreshingStatus<DisbursementRow>((target) => ({ uuid: target.uuid })),
        viewingInvoice: list.viewingInvoice,
        // The released hold moves on to the withdrawable balance.
        addingToWithdrawable: list.addingToWithdrawable<DisbursementRow>('disbursementList', (target) => ({
          uuid: target.uuid,
        })),
        uploadingVoid: {
          initial: 'choosingFile',
          states: {
            choosingFile: {
              on: {
                CHOOSE_FILE: { actions: assign({ voidFile: ({ event }) => event.file, voidErrors: [] }) },
                UPLOAD: [
                  { guard: 'voidFileChosen', target: 'previewing', actions: assign({ voidErrors: [] }) },
                  { actions: assign({ voidErrors: ({ context }) => voidFileErrors(context.voidFile) }) },
                ],
                CLOSE: '#disbursementList.dialog.closed',
              },
            },
            // Nothing moves on the first click (issue 25): the file goes up as a dry run first.
            previewing: list.dryRun<DisbursementListContext>({
              src: 'voidPreview',
              input: (context) => ({ file: context.voidFile! }),
              found: 'somethingToVoid',
              nothing: 'nothingToVoid',
              failed: 'choosingFile',
            }),
            confirming: {
              on: { CONFIRM: 'sending', CANCEL: '#disbursementList.dialog.closed' },
            },
            nothingToVoid: {
              on: {
                UPLOAD_ANOTHER: { target: 'choosingFile', actions: assign({ voidFile: null, voidPreview: null }) },
                CLOSE: '#disbursementList.dialog.closed',
              },
            },
            // The apply checks every row again: the results say what happened, whatever the preview said.
            sending: {
              invoke: {
                id: 'voidUpload',
                src: 'voidUpload',
                input: ({ context }) => ({ file: context.voidFile!, expected: context.voidPreview!.total }),
                onDone: [
                  // Held for a second SUPER ADMIN (the approval policy, 202): no row voided yet.
                  {
                    guard: 'voidHeld',
                    target: '#disbursementList.dialog.closed',
                    actions: { type: 'announce', params: ({ event }) => waitingAlert(event.output.message) },
                  },
                  {
                    guard: 'anythingVoided',
                    target: 'showingResults',
                    actions: [
                      assign({ voidResult: ({ event }) => event.output.result }),
                      { type: 'announce', params: ({ event }) => list.success(event.output.message) },
                      'reload',
                    ],
                  },
                  // Nothing voided: the table says why row by row; nothing changed, so nothing reloads.
                  {
                    target: 'showingResults',
                    actions: [
                      assign({ voidResult: ({ event }) => event.output.result }),
                      {
                        type: 'announce',
                        params: ({ event }) => ({
                          title: msg({ defaultMessage: 'No change', id: 'bnMqMr' }),
                          message: event.output.message,
                          intent: 'info',
                        }),
                      },
                    ],
                  },
                ],
                // Refused or failed: the file is kept, and Upload previews it again, showing what is left to void.
                onError: {
                  target: 'choosingFile',
                  actions: assign({
                    voidPreview: null,
                    voidErrors: ({ event }) => [messageOf(event.error, list.FAILED)],
                  }),
                },
              },
            },
            showingResults: {
              on: {
                UPLOAD_ANOTHER: {
                  target: 'choosingFile',
                  actions: assign({ voidFile: null, voidPreview: null, voidResult: null }),
                },
                CLOSE: '#disbursementList.dialog.closed',
              },
            },
          },
        },
        exporting: list.exporting,
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const disbursementListGuardWords: GuardWords<typeof disbursementListMachine> = {
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  lifecycleAllows: msg({
    defaultMessage:
      "The disbursement lifecycle allows this row action to the user's role on this row: only a SUPER ADMIN, and " +
      'only in the statuses the lifecycle names.',
    id: 'x+nTM2',
  }),
  mayVoid: msg({
    defaultMessage:
      'The void upload opens only for a role the lifecycle lets void a FINALIZED disbursement (SUPER ADMIN).',
    id: 'YsVx0I',
  }),
  somethingToExport: msg({
    defaultMessage: 'Export opens only when the tiles count at least one disbursement for the applied filter.',
    id: '6ObD7y',
  }),
  voidFileChosen: msg({
    defaultMessage: 'The void file is sent (first as a dry run) only when it passes the file checks.',
    id: 'DEeQ2W',
  }),
  somethingToVoid: msg({
    defaultMessage:
      'The dry run found at least one FINALIZED disbursement to void: the dialog asks to confirm how many and the ' +
      'amount coming back; with none, there is nothing to confirm.',
    id: 'MYxYb+',
  }),
  decided: msg({
    defaultMessage: "The decision changed the disbursement's status: the list is read again.",
    id: 'y9bSk7',
  }),
  statusChanged: msg({
    defaultMessage: "The provider's answer changed the disbursement's status: the list is read again.",
    id: 's9SHSp',
  }),
  voidHeld: msg({
    defaultMessage:
      'The server took the void upload but holds it for a second SUPER ADMIN (what would come back is at or above ' +
      'the approval threshold): announced as waiting; nothing was voided.',
    id: 'IhW9hK',
  }),
  anythingVoided: msg({
    defaultMessage: 'The void upload voided at least one disbursement: the list is read again.',
    id: '1bq7qC',
  }),
  exportAnswered: msg({ defaultMessage: 'The export ended with words from the server to show.', id: '3KdrIG' }),
  queryReadable: msg({
    defaultMessage:
      "The address's query (Back, Forward, a saved view) reads as this list's filters: the list opens it; " +
      'otherwise it says why and keeps what it shows.',
    id: 'kviqDC',
  }),
};
