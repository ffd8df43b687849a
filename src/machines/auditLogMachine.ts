import { msg } from '../i18n/msg';
import { assign, fromPromise, raise, setup } from 'xstate';
import { alerts, type Alert } from '../services/alerts';
import { api } from '../services/api';
import { auditLineMachine, type AuditLineView } from './auditLineMachine';
import {
  AUDIT_PATH_TYPES,
  itemCountOf,
  movedMoney,
  type AuditChainVerdict,
  type AuditLogRow,
  type AuditOutcome,
  type AuditPath,
  type AuditPathType,
} from '../services/auditLogRules';
import { lastDays, type DateRange } from '../services/dateRange';
import { saveBase64File } from '../services/download';
import { messageOf } from '../services/http';
import {
  filterTextIsValid,
  rolledFilter,
  searchedFilter,
  startingFilter,
  typedFilter,
  type DateFilter,
} from './dateFilter';
import type { GuardWords } from './guardWords';
import { listMemory, memoryOn, urlWatch, queryRefusal, type MemoryContext, type UrlChangedEvent } from './listMemory';
import { pageQuery, readPageQuery } from '../services/listUrl';
import { savedViewsMachine, type ApplyViewEvent } from './savedViewsMachine';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../services/paging';

export const LOAD_FAILED = msg({ defaultMessage: 'The audit log could not be loaded.', id: '3gV52S' });
export const EXPORT_FAILED = msg({ defaultMessage: 'The audit log could not be exported.', id: 'ReCcTg' });
export const PATH_FAILED = msg({ defaultMessage: "The entity's path could not be loaded.", id: '6f728O' });
export const VERIFY_FAILED = msg({ defaultMessage: 'The audit chain could not be verified.', id: 'lTjr1l' });

/** What a finished check says (issue 28): intact with its row count, or the first entry that breaks it. */
export const verdictAlert = (v: AuditChainVerdict): Alert =>
  v.valid
    ? {
        title: msg({ defaultMessage: 'Verified', id: 'Z8971h' }),
        message:
          v.rows === 1
            ? msg({ defaultMessage: 'The audit chain is intact (1 row).', id: 'i6+HWh' })
            : msg({ defaultMessage: 'The audit chain is intact ({rows} rows).', id: '0JNZSy' }, { rows: v.rows }),
        intent: 'success',
      }
    : {
        title: msg({ defaultMessage: 'Broken chain', id: 'OLNLw4' }),
        message: msg(
          { defaultMessage: 'The audit chain is broken at entry #{id}.', id: 'uXWuB+' },
          { id: String(v.first_broken_id) },
        ),
        intent: 'error',
      };

/** The text filters as typed; empty means "any". */
export interface AuditFields {
  actor: string;
  action: string;
  object_type: string;
  object_id: string;
  outcome: '' | AuditOutcome;
  search: string;
  /** One line by its number (issue 43: the Ledger's journal opens the line that posted an entry). */
  line: string;
}
export type AuditField = keyof AuditFields;

/** What the list is asked for: the searched filter and its page. */
export interface AuditQuery extends AuditFields {
  start: string;
  end: string;
  page: number;
  limit: number;
}

export interface AuditPathTarget {
  object_type: AuditPathType;
  object_id: string;
}

export interface AuditLogContext extends MemoryContext {
  /** The line whose records or journal entries are open (issue 43); null when none is. */
  line: { id: number; view: AuditLineView; itemCount: number | null; movedMoney: boolean } | null;
  /** The fields as typed. */
  fields: AuditFields;
  /** The fields last searched: the rows on screen, paging and Export use these. */
  searched: AuditFields;
  filter: DateFilter;
  page: number;
  limit: number;
  rows: AuditLogRow[];
  meta: PageMeta | null;
  loadError: string | null;
  exportError: string | null;
  target: AuditPathTarget | null;
  path: AuditPath | null;
  pathError: string | null;
  /** The last check of the hash chain (its head is shown); null until Verify is pressed. */
  chain: AuditChainVerdict | null;
  /** The chain's head as the last page or check read it (shown on the screen; exports end with it). */
  head: string | null;
}

export type AuditLogEvent =
  | { type: 'SET_FIELD'; field: AuditField; value: string }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'RETRY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'EXPORT' }
  | { type: 'OPEN_PATH'; object_type: string; object_id: string }
  | { type: 'CLOSE_PATH' }
  | { type: 'OPEN_LINE'; id: number; view: AuditLineView }
  | { type: 'CLOSE_LINE' }
  | { type: 'VERIFY' }
  | UrlChangedEvent
  | ApplyViewEvent
  // Raised by the machine when the address or a saved view opened another query.
  | { type: 'RELOAD' };

/** Spec section 9: 'other screens last 14 days back to now'. */
const DEFAULT_DAYS = 14;
const defaultRange = () => lastDays(DEFAULT_DAYS);

const EMPTY_FIELDS: AuditFields = {
  actor: '',
  action: '',
  object_type: '',
  object_id: '',
  outcome: '',
  search: '',
  line: '',
};

/** An object whose status transitions the audit log can tell. */
export const isPathType = (type: string | null | undefined): type is AuditPathType =>
  type != null && (AUDIT_PATH_TYPES as readonly string[]).includes(type);

const trimmed = (f: AuditFields): AuditFields => ({
  actor: f.actor.trim(),
  action: f.action.trim(),
  object_type: f.object_type.trim(),
  object_id: f.object_id.trim(),
  outcome: f.outcome,
  search: f.search.trim(),
  line: f.line.trim(),
});

/**
 * What the log shows for an address's query (issue 29): its fields searched, its window (or the default
 * one, following the clock), its page; null when the query cannot be read.
 */
function openedFrom(query: string, given?: DateRange) {
  const read = readPageQuery('audit-log', query);
  if (read.kind === 'refused') return null;
  const q = read.kind === 'read' ? read.value : null;
  const fields: AuditFields = {
    actor: q?.actor ?? '',
    action: q?.action ?? '',
    object_type: q?.object_type ?? '',
    object_id: q?.object_id ?? '',
    outcome: q?.outcome ?? '',
    search: q?.search ?? '',
    line: q?.line ?? '',
  };
  const range = q?.start && q.end ? { start: q.start, end: q.end } : given;
  return {
    fields,
    searched: fields,
    filter: startingFilter(range, defaultRange),
    page: q?.page ?? 1,
    limit: q?.limit ?? GENERIC_PAGE_SIZES[0],
  };
}

/** The log's query as the address shows it and a saved view keeps it. */
export const addressOf = (c: AuditLogContext) => pageQuery({ ...queryOf(c) });

/** Issue 29: the log's filters in the address, Back and Forward, and the person's saved views and columns. */
const memory = listMemory<AuditLogContext>(() => 'audit-log', addressOf);

export const queryOf = (c: AuditLogContext): AuditQuery => ({
  ...c.searched,
  start: c.filter.start,
  end: c.filter.end,
  page: c.page,
  limit: c.limit,
});

/**
 * Audit Log (issue 15; SUPER ADMIN by the route guard): filters, a paged list newest first, Export
 * of the searched filter, one entity's path (the statuses it went through) beside it, and Verify
 * of the log's hash chain (issue 28), and a line's records or journal entries (issue 43). Five regions:
 * `list`, `export`, `path`, `line` and `verify`.
 */
export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
    input: {} as { range?: DateRange; query?: string } | undefined,
  },
  actors: {
    savedViews: savedViewsMachine,
    auditLine: auditLineMachine,
    urlWatch,
    loadLog: fromPromise<{ rows: AuditLogRow[]; meta: PageMeta; head?: string | null }, AuditQuery>(({ input }) =>
      api.auditLog(input),
    ),
    exportLog: fromPromise<void, Omit<AuditQuery, 'page' | 'limit'>>(async ({ input }) => {
      const file = await api.downloadAuditLog(input);
      saveBase64File(file.content, file.filename);
    }),
    loadPath: fromPromise<AuditPath, AuditPathTarget>(({ input }) => api.auditPath(input.object_type, input.object_id)),
    verifyChain: fromPromise<AuditChainVerdict>(() => api.verifyAuditLog()),
  },
  actions: {
    announce: (_, alert: Alert) => alerts.show(alert),
    setField: assign({
      fields: ({ context, event }) =>
        event.type === 'SET_FIELD' ? { ...context.fields, [event.field]: event.value } : context.fields,
    }),
    setRange: assign({
      filter: ({ context, event }) =>
        event.type === 'SET_RANGE_TEXT' ? typedFilter(context.filter, event.value) : context.filter,
    }),
    /** The range as typed; an untouched default follows the clock, so a line written a moment ago is found. */
    search: assign(({ context }) => ({
      filter: searchedFilter(rolledFilter(context.filter, defaultRange)),
      searched: trimmed(context.fields),
      page: 1,
    })),
    refuseRange: assign({ filter: ({ context }) => searchedFilter(context.filter) }),
    ...memory.actions,
    open: assign(({ event }) => openedFrom((event as UrlChangedEvent | ApplyViewEvent).query)!),
    reload: raise({ type: 'RELOAD' }),
  },
  guards: {
    rangeIsValid: ({ context }) => filterTextIsValid(context.filter),
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    ...memory.guards,
    opensLine: ({ context, event }) => {
      if (event.type !== 'OPEN_LINE') return false;
      const row = context.rows.find((r) => r.id === event.id);
      return row != null && (event.view === 'items' ? itemCountOf(row) != null : movedMoney(row));
    },
    hasPath: ({ event }) =>
      event.type === 'OPEN_PATH' && isPathType(event.object_type) && event.object_id.trim() !== '',
  },
}).createMachine({
  id: 'auditLog',
  context: ({ input }) => ({
    fields: EMPTY_FIELDS,
    searched: EMPTY_FIELDS,
    filter: startingFilter(input?.range, defaultRange),
    page: 1,
    limit: GENERIC_PAGE_SIZES[0],
    rows: [],
    meta: null,
    loadError: null,
    exportError: null,
    target: null,
    line: null,
    path: null,
    pathError: null,
    chain: null,
    head: null,
    ...openedFrom(input?.query ?? '', input?.range),
    opensDefault: !input?.query,
    linkRefusal: queryRefusal('audit-log', input?.query ?? ''),
  }),
  type: 'parallel',
  // Issue 29: a link that cannot be read is said at once; the person's saved views and columns, and Back and
  // Forward, run beside the log. A bare address means the defaults, so it is left bare until a search.
  entry: 'refuseQuery',
  invoke: [...memory.invoke],
  on: {
    SET_FIELD: { actions: 'setField' },
    SET_RANGE_TEXT: { actions: 'setRange' },
    ...memoryOn,
  },
  states: {
    list: {
      initial: 'loading',
      // Another query opened: it is read now (a read under way for the one before restarts with it).
      on: { RELOAD: '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'loadLog',
            src: 'loadLog',
            input: ({ context }) => queryOf(context),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                rows: event.output.rows,
                meta: event.output.meta,
                head: event.output.head ?? null,
                loadError: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ rows: [], meta: null, loadError: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
            },
          },
        },
        ready: {
          on: {
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: ['search', 'showQuery', 'tellViews'] },
              { actions: 'refuseRange' },
            ],
            PAGE: {
              guard: 'isPageInRange',
              target: 'loading',
              actions: [assign({ page: ({ event }) => event.page }), 'showQuery', 'tellViews'],
            },
            PAGE_SIZE: {
              guard: 'isPageSize',
              target: 'loading',
              actions: [assign({ limit: ({ event }) => event.limit, page: 1 }), 'showQuery', 'tellViews'],
            },
          },
        },
        failed: {
          on: {
            RETRY: 'loading',
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: ['search', 'showQuery', 'tellViews'] },
              { actions: 'refuseRange' },
            ],
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT: 'exporting' } },
        exporting: {
          entry: assign({ exportError: null }),
          invoke: {
            id: 'exportLog',
            src: 'exportLog',
            input: ({ context }) => ({ ...context.searched, start: context.filter.start, end: context.filter.end }),
            onDone: 'idle',
            onError: {
              target: 'failed',
              actions: assign({ exportError: ({ event }) => messageOf(event.error, EXPORT_FAILED) }),
            },
          },
        },
        failed: { on: { EXPORT: 'exporting' } },
      },
    },
    path: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_PATH: {
              guard: 'hasPath',
              target: 'loading',
              actions: assign(({ event }) => ({
                target: { object_type: event.object_type as AuditPathType, object_id: event.object_id.trim() },
                path: null,
                pathError: null,
              })),
            },
          },
        },
        loading: {
          on: { CLOSE_PATH: 'closed' },
          invoke: {
            id: 'loadPath',
            src: 'loadPath',
            input: ({ context }) => context.target!,
            onDone: { target: 'shown', actions: assign({ path: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ pathError: ({ event }) => messageOf(event.error, PATH_FAILED) }),
            },
          },
        },
        shown: { on: { CLOSE_PATH: 'closed' } },
        failed: { on: { CLOSE_PATH: 'closed', RETRY: 'loading' } },
      },
    },
    // Issue 43: one line's records (a bulk line) or journal entries, in a dialog of their own machine.
    line: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_LINE: {
              guard: 'opensLine',
              target: 'open',
              actions: assign({
                line: ({ context, event }) => {
                  const row = context.rows.find((r) => r.id === event.id)!;
                  return { id: row.id, view: event.view, itemCount: itemCountOf(row), movedMoney: movedMoney(row) };
                },
              }),
            },
          },
        },
        open: {
          invoke: { id: 'auditLine', src: 'auditLine', input: ({ context }) => context.line! },
          on: { CLOSE_LINE: { target: 'closed', actions: assign({ line: null }) } },
        },
      },
    },
    // The check reads the whole log on the server; one at a time, its verdict announced.
    verify: {
      initial: 'idle',
      states: {
        idle: { on: { VERIFY: 'verifying' } },
        verifying: {
          invoke: {
            id: 'verifyChain',
            src: 'verifyChain',
            onDone: {
              target: 'idle',
              actions: [
                assign({ chain: ({ event }) => event.output, head: ({ event }) => event.output.head }),
                { type: 'announce', params: ({ event }) => verdictAlert(event.output) },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'announce',
                params: ({ event }) => ({
                  title: 'Error!',
                  message: messageOf(event.error, VERIFY_FAILED),
                  intent: 'error' as const,
                }),
              },
            },
          },
        },
      },
    },
  },
});

/**
 * Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these.
 * Every event comes from a SUPER ADMIN on the Audit Log page (the route guard admits no one else).
 */
export const auditLogGuardWords: GuardWords<typeof auditLogMachine> = {
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  isPageInRange: msg({
    defaultMessage: 'Only a page the last answer says exists (none before the first answer or after a failed one).',
    id: 'IiF0sI',
  }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes (15, 30 or 50).', id: '/Y5+Bu' }),
  queryReadable: msg({
    defaultMessage:
      "The address's query (Back, Forward, a saved view) reads as the log's filters: the log opens it; otherwise it " +
      'says why and keeps what it shows.',
    id: 'J63n8o',
  }),
  opensLine: msg({
    defaultMessage:
      "A line's records open only for a bulk line (it names how many it moved), its journal entries only for a " +
      'line whose action moved money.',
    id: 'tkgYUj',
  }),
  hasPath: msg({
    defaultMessage:
      'A path opens only for a withdrawal, disbursement or transaction row with an object id: the only entities ' +
      'whose status transitions the log tells.',
    id: '50DK8N',
  }),
};
