import { msg } from '../i18n/msg';
import dayjs from 'dayjs';
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { DailyProofQuery, proofQueryOf, type DailyProof } from '../services/dailyProofRules';
import { businessNow } from '../services/dateRange';
import { saveBase64File } from '../services/download';
import { BUSINESS_TIME_ZONE } from '../services/businessClock';
import { fieldMessages } from '../services/formIssues';
import { messageOf } from '../services/http';
import type { Journal, LedgerAccount, LedgerStatement, TrialBalance } from '../services/ledgerRules';
import { isRealDateTime } from '../services/listQuery';
import type { GuardWords } from './guardWords';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../services/paging';

export const BALANCE_FAILED = msg({ defaultMessage: 'The trial balance could not be loaded.', id: 'dCFtvF' });
export const STATEMENT_FAILED = msg({ defaultMessage: "The account's statement could not be loaded.", id: 'YaPqNP' });
export const JOURNAL_FAILED = msg({ defaultMessage: 'The journal could not be loaded.', id: '88H5Q5' });
export const EXPORT_FAILED = msg({ defaultMessage: 'The statement could not be exported.', id: 'foWfDa' });
export const INVALID_AS_OF = msg({
  defaultMessage: "'As of' must be a date and time, YYYY-MM-DD HH:mm, or empty for now",
  id: 'IgR3ph',
});
export const PROOF_FAILED = msg({ defaultMessage: 'The daily proof could not be loaded.', id: '/e3Pcz' });
export const PROOF_EXPORT_FAILED = msg({ defaultMessage: 'The daily proof could not be exported.', id: '4w0fxu' });

export interface StatementQuery {
  id: number;
  page: number;
  limit: number;
}

export interface LedgerContext {
  /** 'As of' as typed, on the business clock ('' for now). */
  atText: string;
  atError: string | null;
  /** The moment the trial balance on screen is for (ISO), null for now. */
  at: string | null;
  balance: TrialBalance | null;
  balanceError: string | null;
  accountId: number | null;
  account: LedgerAccount | null;
  entries: LedgerStatement['entries'];
  meta: PageMeta | null;
  page: number;
  limit: number;
  statementError: string | null;
  exportError: string | null;
  reference: string | null;
  journal: Journal | null;
  journalError: string | null;
  /** The daily proof's client (null until chosen) and business day (YYYY-MM-DD) as chosen. */
  proofClientId: number | null;
  proofDay: string;
  /** Why the choice cannot be asked (the route's own schema's words, each shown in the language shown), or none. */
  proofProblems: string[];
  /** What was last asked (a retry asks it again). */
  proofAsked: DailyProofQuery | null;
  proof: DailyProof | null;
  proofError: string | null;
  proofExportError: string | null;
}

export type LedgerEvent =
  | { type: 'SET_AT'; value: string }
  | { type: 'SHOW_BALANCE' }
  | { type: 'RETRY_BALANCE' }
  | { type: 'OPEN_ACCOUNT'; id: number }
  | { type: 'CLOSE_ACCOUNT' }
  | { type: 'RETRY_STATEMENT' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'EXPORT' }
  | { type: 'OPEN_JOURNAL'; reference: string }
  | { type: 'CLOSE_JOURNAL' }
  | { type: 'RETRY_JOURNAL' }
  | { type: 'SET_PROOF_CLIENT'; clientId: number }
  | { type: 'SET_PROOF_DAY'; value: string }
  | { type: 'SHOW_PROOF' }
  | { type: 'RETRY_PROOF' }
  | { type: 'EXPORT_PROOF' };

/** What the page's URL asks to open first (journalLink / accountLink in src/services/ledgerLinks.ts). */
export interface LedgerInput {
  account?: number | null;
  reference?: string | null;
}

/** 'As of' typed on the business clock, as the instant the server reads; null for now. */
export const asOfMoment = (text: string): string | null =>
  text.trim() ? dayjs.tz(text.trim(), 'YYYY-MM-DD HH:mm', BUSINESS_TIME_ZONE).toISOString() : null;

const isAccountId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/** The proof's choice as the route reads it: the same schema refuses it here and there. */
const proofChoice = (c: Pick<LedgerContext, 'proofClientId' | 'proofDay'>) => proofQueryOf(c.proofClientId, c.proofDay);

/**
 * The account whose statement is open: the answer's, or while it loads the trial balance's row of the
 * same id, so the statement's heading names the account as soon as it opens.
 */
export const openedAccount = (c: Pick<LedgerContext, 'account' | 'accountId' | 'balance'>): LedgerAccount | null =>
  c.account ?? c.balance?.accounts.find((a) => a.id === c.accountId) ?? null;

/** Show: the choice is asked when the route's schema takes it, else its words are shown in place. */
const proofAsk = [
  { guard: 'proofAskable', target: 'loading', actions: 'askProof' },
  { actions: 'refuseProof' },
] as const;

/**
 * Ledger (issue 28; SUPER ADMIN and AUDITOR by the route guard, read-only): the trial balance (now or
 * as of a moment), one account's statement with its Export, one reference's journal, and a client's
 * daily proof with its Export (issue 43). A link may open the page on an account or a reference. Six
 * regions: `balance`, `statement`, `export`, `journal`, `proof`, `proofExport`.
 */
export const ledgerMachine = setup({
  types: {
    context: {} as LedgerContext,
    events: {} as LedgerEvent,
    input: {} as LedgerInput | undefined,
  },
  actors: {
    loadBalance: fromPromise<TrialBalance, { at: string | null }>(({ input }) => api.ledgerTrialBalance(input.at)),
    loadStatement: fromPromise<LedgerStatement & { meta: PageMeta }, StatementQuery>(({ input }) =>
      api.ledgerAccountEntries(input.id, { page: input.page, limit: input.limit }),
    ),
    exportStatement: fromPromise<void, { id: number }>(async ({ input }) => {
      const file = await api.downloadLedgerStatement(input.id);
      saveBase64File(file.content, file.filename);
    }),
    loadJournal: fromPromise<Journal, { reference: string }>(({ input }) => api.ledgerJournal(input.reference)),
    loadProof: fromPromise<DailyProof, DailyProofQuery>(({ input }) => api.ledgerDailyProof(input)),
    exportProof: fromPromise<void, DailyProofQuery>(async ({ input }) => {
      const file = await api.downloadLedgerDailyProof(input);
      saveBase64File(file.content, file.filename);
    }),
  },
  guards: {
    asOfIsValid: ({ context }) => context.atText.trim() === '' || isRealDateTime(context.atText.trim()),
    accountAsked: ({ context }) => context.accountId != null,
    isAccount: ({ event }) => event.type === 'OPEN_ACCOUNT' && isAccountId(event.id),
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    hasStatement: ({ context }) => context.account != null,
    referenceAsked: ({ context }) => context.reference != null,
    isReference: ({ event }) => event.type === 'OPEN_JOURNAL' && event.reference.trim() !== '',
    proofAskable: ({ context }) => v.is(DailyProofQuery, proofChoice(context)),
    hasProof: ({ context }) => context.proof != null,
  },
  actions: {
    openAccount: assign(({ event }) =>
      event.type === 'OPEN_ACCOUNT'
        ? { accountId: event.id, account: null, entries: [], meta: null, page: 1, statementError: null }
        : {},
    ),
    closeAccount: assign({ accountId: null, account: null, entries: [], meta: null, statementError: null }),
    openJournal: assign(({ event }) =>
      event.type === 'OPEN_JOURNAL' ? { reference: event.reference.trim(), journal: null, journalError: null } : {},
    ),
    askProof: assign(({ context }) => ({
      proofAsked: v.parse(DailyProofQuery, proofChoice(context)),
      proofProblems: [],
      proofError: null,
    })),
    refuseProof: assign(({ context }) => ({
      proofProblems: fieldMessages(DailyProofQuery, proofChoice(context), ['client_id', 'day']),
    })),
  },
}).createMachine({
  id: 'ledger',
  context: ({ input }) => ({
    atText: '',
    atError: null,
    at: null,
    balance: null,
    balanceError: null,
    accountId: isAccountId(input?.account) ? input.account : null,
    account: null,
    entries: [],
    meta: null,
    page: 1,
    limit: GENERIC_PAGE_SIZES[0],
    statementError: null,
    exportError: null,
    reference: input?.reference?.trim() || null,
    journal: null,
    journalError: null,
    proofClientId: null,
    // Today on the business clock: the day so far (a closed day is one pick away).
    proofDay: businessNow().format('YYYY-MM-DD'),
    proofProblems: [],
    proofAsked: null,
    proof: null,
    proofError: null,
    proofExportError: null,
  }),
  type: 'parallel',
  on: {
    SET_AT: { actions: assign({ atText: ({ event }) => event.value, atError: null }) },
    SET_PROOF_CLIENT: { actions: assign({ proofClientId: ({ event }) => event.clientId, proofProblems: [] }) },
    SET_PROOF_DAY: { actions: assign({ proofDay: ({ event }) => event.value, proofProblems: [] }) },
  },
  states: {
    balance: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadBalance',
            input: ({ context }) => ({ at: context.at }),
            onDone: { target: 'ready', actions: assign({ balance: ({ event }) => event.output, balanceError: null }) },
            onError: {
              target: 'failed',
              actions: assign({ balanceError: ({ event }) => messageOf(event.error, BALANCE_FAILED) }),
            },
          },
        },
        ready: {
          on: {
            SHOW_BALANCE: [
              {
                guard: 'asOfIsValid',
                target: 'loading',
                actions: assign({ at: ({ context }) => asOfMoment(context.atText), atError: null }),
              },
              { actions: assign({ atError: INVALID_AS_OF }) },
            ],
          },
        },
        failed: { on: { RETRY_BALANCE: 'loading' } },
      },
    },
    statement: {
      initial: 'start',
      states: {
        // Opened on an account when the URL names one.
        start: { always: [{ guard: 'accountAsked', target: 'loading' }, { target: 'closed' }] },
        closed: { on: { OPEN_ACCOUNT: { guard: 'isAccount', target: 'loading', actions: 'openAccount' } } },
        loading: {
          on: {
            OPEN_ACCOUNT: { guard: 'isAccount', target: 'loading', reenter: true, actions: 'openAccount' },
            CLOSE_ACCOUNT: { target: 'closed', actions: 'closeAccount' },
          },
          invoke: {
            src: 'loadStatement',
            input: ({ context }) => ({ id: context.accountId!, page: context.page, limit: context.limit }),
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({
                account: event.output.account,
                entries: event.output.entries,
                meta: event.output.meta,
                statementError: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({
                account: null,
                entries: [],
                meta: null,
                statementError: ({ event }) => messageOf(event.error, STATEMENT_FAILED),
              }),
            },
          },
        },
        shown: {
          on: {
            OPEN_ACCOUNT: { guard: 'isAccount', target: 'loading', actions: 'openAccount' },
            CLOSE_ACCOUNT: { target: 'closed', actions: 'closeAccount' },
            PAGE: { guard: 'isPageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
            PAGE_SIZE: {
              guard: 'isPageSize',
              target: 'loading',
              actions: assign({ limit: ({ event }) => event.limit, page: 1 }),
            },
          },
        },
        failed: {
          on: {
            RETRY_STATEMENT: 'loading',
            OPEN_ACCOUNT: { guard: 'isAccount', target: 'loading', actions: 'openAccount' },
            CLOSE_ACCOUNT: { target: 'closed', actions: 'closeAccount' },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT: { guard: 'hasStatement', target: 'exporting' } } },
        exporting: {
          entry: assign({ exportError: null }),
          invoke: {
            src: 'exportStatement',
            input: ({ context }) => ({ id: context.account!.id }),
            onDone: 'idle',
            onError: {
              target: 'failed',
              actions: assign({ exportError: ({ event }) => messageOf(event.error, EXPORT_FAILED) }),
            },
          },
        },
        failed: { on: { EXPORT: { guard: 'hasStatement', target: 'exporting' } } },
      },
    },
    journal: {
      initial: 'start',
      states: {
        // Opened on a reference when the URL names one (another page's journalLink).
        start: { always: [{ guard: 'referenceAsked', target: 'loading' }, { target: 'closed' }] },
        closed: { on: { OPEN_JOURNAL: { guard: 'isReference', target: 'loading', actions: 'openJournal' } } },
        loading: {
          on: { CLOSE_JOURNAL: 'closed' },
          invoke: {
            src: 'loadJournal',
            input: ({ context }) => ({ reference: context.reference! }),
            onDone: { target: 'shown', actions: assign({ journal: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ journalError: ({ event }) => messageOf(event.error, JOURNAL_FAILED) }),
            },
          },
        },
        shown: { on: { CLOSE_JOURNAL: 'closed' } },
        failed: { on: { CLOSE_JOURNAL: 'closed', RETRY_JOURNAL: 'loading' } },
      },
    },
    // Issue 43: one client's daily proof, asked with Show; the shown one stays until the next answer.
    proof: {
      initial: 'idle',
      states: {
        idle: { on: { SHOW_PROOF: proofAsk } },
        loading: {
          invoke: {
            src: 'loadProof',
            input: ({ context }) => context.proofAsked!,
            onDone: { target: 'shown', actions: assign({ proof: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ proofError: ({ event }) => messageOf(event.error, PROOF_FAILED) }),
            },
          },
        },
        shown: { on: { SHOW_PROOF: proofAsk } },
        failed: { on: { SHOW_PROOF: proofAsk, RETRY_PROOF: 'loading' } },
      },
    },
    proofExport: {
      initial: 'idle',
      states: {
        idle: { on: { EXPORT_PROOF: { guard: 'hasProof', target: 'exporting' } } },
        exporting: {
          entry: assign({ proofExportError: null }),
          invoke: {
            src: 'exportProof',
            // The proof on screen: its client and day, whatever is chosen since.
            input: ({ context }) => ({ client_id: context.proof!.client.id, day: context.proof!.day }),
            onDone: 'idle',
            onError: {
              target: 'failed',
              actions: assign({ proofExportError: ({ event }) => messageOf(event.error, PROOF_EXPORT_FAILED) }),
            },
          },
        },
        failed: { on: { EXPORT_PROOF: { guard: 'hasProof', target: 'exporting' } } },
      },
    },
  },
});

/**
 * Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these.
 * Every event comes from a SUPER ADMIN on the Ledger page (the route guard admits no one else); nothing here moves money.
 */
export const ledgerGuardWords: GuardWords<typeof ledgerMachine> = {
  asOfIsValid: msg({
    defaultMessage:
      "'As of' is empty (now) or a real date and time as YYYY-MM-DD HH:mm; otherwise it is refused in place.",
    id: 'qjkybN',
  }),
  accountAsked: msg({
    defaultMessage: 'The page was opened on an account (?account=id): its statement loads at once.',
    id: 'UrJsCU',
  }),
  isAccount: msg({ defaultMessage: 'Only an account of the trial balance (a positive whole id).', id: 'tGFOfd' }),
  isPageInRange: msg({
    defaultMessage: 'Only a page the last answer says exists (none before the first answer or after a failed one).',
    id: 'IiF0sI',
  }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes (15, 30 or 50).', id: '/Y5+Bu' }),
  hasStatement: msg({
    defaultMessage: "Export only once an account's statement is on screen: the file is that account's whole statement.",
    id: 'fmkluF',
  }),
  referenceAsked: msg({
    defaultMessage:
      "The page was opened on a reference (?reference=..., another page's Journal link): its journal opens.",
    id: '2kiX62',
  }),
  isReference: msg({ defaultMessage: 'Only a non-empty reference.', id: 'aab0ql' }),
  proofAskable: msg({
    defaultMessage:
      "The daily proof is asked only for a chosen client and a real day (YYYY-MM-DD): the route's own schema " +
      '(DailyProofQuery) decides; otherwise its words are shown in place.',
    id: 'svg9o/',
  }),
  hasProof: msg({
    defaultMessage: "Export only once a daily proof is on screen: the file is that client's proof of that day.",
    id: 'MlvjjZ',
  }),
};
