import { msg } from '../i18n/msg';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import type { AuditItemRow } from '../services/auditLogRules';
import { saveBase64File } from '../services/download';
import { messageOf } from '../services/http';
import type { JournalEntry } from '../services/ledgerRules';
import type { GuardWords } from './guardWords';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../services/paging';

export const ITEMS_FAILED = msg({ defaultMessage: "The line's records could not be loaded.", id: 'WMw23k' });
export const JOURNAL_FAILED = msg({ defaultMessage: "The line's journal entries could not be loaded.", id: 'PUr1N4' });
export const ITEMS_EXPORT_FAILED = msg({ defaultMessage: "The line's records could not be exported.", id: 'qJUvwG' });

/** What the dialog shows of the line: the records a bulk line moved, or the journal entries its action posted. */
export type AuditLineView = 'items' | 'journal';

export interface AuditLineInput {
  id: number;
  view: AuditLineView;
  /** How many records the line moved (its chained count); null for a line without items. */
  itemCount: number | null;
  /** Whether the line's action posted journal entries. */
  movedMoney: boolean;
}

export interface AuditLineContext extends AuditLineInput {
  page: number;
  limit: number;
  items: AuditItemRow[];
  entries: JournalEntry[];
  meta: PageMeta | null;
  error: string | null;
  exportError: string | null;
}

export type AuditLineEvent =
  | { type: 'SHOW'; view: AuditLineView }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RETRY' }
  | { type: 'EXPORT' };

/** What one read asks for, and what it answers: a page of records or of journal entries. */
export type AuditLinePageQuery = { id: number; view: AuditLineView; page: number; limit: number };
export type AuditLinePage = { rows: AuditItemRow[] | JournalEntry[]; meta: PageMeta };

/**
 * One audit line opened (issue 43), spawned by the Audit Log while its dialog is open: the records
 * a bulk line moved, paged and exportable, and the journal entries its action posted, paged; the
 * person switches between the two. Two regions: `list` and `export`.
 */
export const auditLineMachine = setup({
  types: {
    context: {} as AuditLineContext,
    events: {} as AuditLineEvent,
    input: {} as AuditLineInput,
  },
  actors: {
    loadPage: fromPromise<AuditLinePage, AuditLinePageQuery>(({ input }) =>
      input.view === 'items'
        ? api.auditLineItems(input.id, { page: input.page, limit: input.limit })
        : api.auditLineJournal(input.id, { page: input.page, limit: input.limit }),
    ),
    exportItems: fromPromise<void, { id: number }>(async ({ input }) => {
      const file = await api.downloadAuditLineItems(input.id);
      saveBase64File(file.content, file.filename);
    }),
  },
  guards: {
    canShow: ({ context, event }) =>
      event.type === 'SHOW' &&
      event.view !== context.view &&
      (event.view === 'items' ? context.itemCount != null : context.movedMoney),
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    hasItems: ({ context }) => context.itemCount != null,
  },
}).createMachine({
  id: 'auditLine',
  context: ({ input }) => ({
    ...input,
    page: 1,
    limit: GENERIC_PAGE_SIZES[0],
    items: [],
    entries: [],
    meta: null,
    error: null,
    exportError: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        SHOW: {
          guard: 'canShow',
          target: '.loading',
          actions: assign({ view: ({ event }) => event.view, page: 1, meta: null, items: [], entries: [] }),
        },
      },
      states: {
        loading: {
          entry: assign({ error: null }),
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ id: context.id, view: context.view, page: context.page, limit: context.limit }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) =>
                context.view === 'items'
                  ? { items: event.output.rows as AuditItemRow[], meta: event.output.meta }
                  : { entries: event.output.rows as JournalEntry[], meta: event.output.meta },
              ),
            },
            onError: {
              target: 'failed',
              actions: assign({
                error: ({ context, event }) =>
                  messageOf(event.error, context.view === 'items' ? ITEMS_FAILED : JOURNAL_FAILED),
              }),
            },
          },
        },
        ready: {
          on: {
            PAGE: { guard: 'isPageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
            PAGE_SIZE: {
              guard: 'isPageSize',
              target: 'loading',
              actions: assign({ limit: ({ event }) => event.limit, page: 1 }),
            },
          },
        },
        failed: { on: { RETRY: 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT: { guard: 'hasItems', target: 'exporting' } } },
        exporting: {
          entry: assign({ exportError: null }),
          invoke: {
            id: 'exportItems',
            src: 'exportItems',
            input: ({ context }) => ({ id: context.id }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: assign({ exportError: ({ event }) => messageOf(event.error, ITEMS_EXPORT_FAILED) }),
            },
          },
        },
      },
    },
  },
});

export type AuditLineActor = import('xstate').ActorRefFrom<typeof auditLineMachine>;

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const auditLineGuardWords: GuardWords<typeof auditLineMachine> = {
  canShow: msg({
    defaultMessage:
      'Switch to the other list only when the line has it: records for a bulk line, journal entries for a line ' +
      'whose action moved money.',
    id: 'lYz5/q',
  }),
  isPageInRange: msg({ defaultMessage: 'Only a page the last answer says exists.', id: 'SV51/E' }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes (15, 30 or 50).', id: '/Y5+Bu' }),
  hasItems: msg({ defaultMessage: 'Only a bulk line has records to export.', id: 'FXA3se' }),
};
