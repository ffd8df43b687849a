import { expect } from 'vitest';
import { screen, within, fireEvent } from '@testing-library/react';
import type { AnyEventObject, StateValue } from 'xstate';
import type { DepositRow } from '../../services/disbursementAccountRules';
import { ApiError } from '../../services/http';
import { doneEvent, errorEvent } from '../machines/modelCoverage';
import { chooseClient, click, region, type FakeSocket, type PageModel } from './pageModelHarness';

/**
 * The model shared by Payin Detail and Disbursement Account: both show a client's deposits in a
 * date range, load on a client change, a valid Search or a balance-changed of the shown client,
 * and (Disbursement Account) page through them.
 */
/** The clock the pages are opened at: 2026-11-21 10:15 in Jakarta. */
export const NOW = new Date('2026-11-21T03:15:00.000Z');
const REVERSED = '2026-11-21 00:00 to 2026-11-20 00:00';
/** The spec's rule, written out: reversed ends are swapped, an end at 00:00 becomes 23:59. */
const REVERSED_SEARCHED = '2026-11-20 00:00 to 2026-11-21 23:59';
const INVALID = 'yesterday to today';
export const INVALID_TEXT = 'Invalid Date Range - Please input a valid date range';
export const LOADED_AT = '2026-11-21 10:15:00';

export const deposit = (id: number, amount: number): DepositRow => ({
  id,
  name: `PIC ${id}`,
  amount,
  created_at: '2026-11-21T03:00:00.000Z',
  description: `Deposit ${id}`,
  client_id: 1,
  client_name: 'PT Maju',
  kind: 'deposit',
});

export interface DepositWorld {
  clientId: number | null;
  text: string;
  rangeError: boolean;
  page: number;
  limit: number;
  outcome: 'loaded' | 'failed' | null;
  rows: DepositRow[];
}

interface Options {
  title: string;
  /** The page's default range at NOW, as the spec gives it. */
  startText: string;
  table: string;
  paged: boolean;
  /** The load's answer for a page (the Pager reads its page from the answer, as from the server). */
  output(page: number): unknown;
  rowsOf(output: unknown): DepositRow[];
  socket(): FakeSocket;
  checkFigures(state: string, world: DepositWorld, output: unknown): void;
}

export function depositEvents(o: Options) {
  return (s: { context: { page?: number } }): AnyEventObject[] => [
    doneEvent('load', o.output(s.context.page ?? 1)),
    errorEvent('load', new ApiError(500, 'The server is down')),
    { type: 'SELECT_CLIENT', clientId: 2 },
    { type: 'SET_RANGE_TEXT', value: REVERSED },
    { type: 'SET_RANGE_TEXT', value: INVALID },
    { type: 'SEARCH' },
    { type: 'REFRESH', clientId: 1 },
    { type: 'REFRESH', clientId: 2 },
    ...(o.paged
      ? [
          { type: 'PAGE', page: (s.context.page ?? 1) < 2 ? 2 : 1 },
          { type: 'PAGE_SIZE', limit: 30 },
        ]
      : []),
  ];
}

export function depositPageModel(o: Options): PageModel<DepositWorld> {
  let lastOutput: unknown = null;
  const SEARCHED: Record<string, string> = { [o.startText]: o.startText, [REVERSED]: REVERSED_SEARCHED };
  const page = () => region(o.title);
  const rangeBox = () => within(page()).getByRole('textbox', { name: /Date range/ });
  return {
    title: o.title,
    start: ({ clients }) => {
      lastOutput = null;
      return {
        clientId: clients[0]?.id ?? null,
        text: o.startText,
        rangeError: false,
        page: 1,
        limit: 15,
        outcome: null,
        rows: [],
      };
    },
    initial: (w) => (w.clientId == null ? 'noClient' : 'loading'),
    label: (value: StateValue) => (typeof value === 'string' ? value : String((value as { showing: string }).showing)),

    // The spec's table for a list screen, written by hand.
    expectedAfter(state, event, w) {
      switch (event.type) {
        case 'xstate.done.actor.load':
        case 'xstate.error.actor.load':
          return 'ready';
        case 'SELECT_CLIENT':
        case 'PAGE':
        case 'PAGE_SIZE':
          return 'loading';
        case 'REFRESH':
          return event.clientId === w.clientId ? 'loading' : state;
        case 'SEARCH':
          return w.text in SEARCHED ? 'loading' : 'ready';
        default:
          return state;
      }
    },

    nextWorld(w, event) {
      const e = event as AnyEventObject & {
        output?: unknown;
        clientId?: number;
        value?: string;
        page?: number;
        limit?: number;
      };
      switch (e.type) {
        case 'xstate.done.actor.load':
          lastOutput = e.output;
          return { ...w, outcome: 'loaded', rows: o.rowsOf(e.output) };
        case 'xstate.error.actor.load':
          return { ...w, outcome: 'failed' };
        case 'SELECT_CLIENT':
          return { ...w, clientId: e.clientId!, page: 1, rows: [], outcome: null };
        case 'SET_RANGE_TEXT':
          return { ...w, text: e.value!, rangeError: false };
        case 'SEARCH':
          return w.text in SEARCHED
            ? { ...w, text: SEARCHED[w.text], rangeError: false, page: 1 }
            : { ...w, rangeError: true };
        case 'PAGE':
          return { ...w, page: e.page! };
        case 'PAGE_SIZE':
          return { ...w, limit: e.limit!, page: 1 };
        default:
          return w;
      }
    },

    readScreen() {
      if (within(page()).queryByText('No client is assigned to your account.')) return 'noClient';
      return within(page()).getByRole('table', { name: o.table }).getAttribute('aria-busy') === 'true'
        ? 'loading'
        : 'ready';
    },

    checkScreen(state, w) {
      if (state === 'noClient') {
        expect(within(page()).getByRole('button', { name: 'Search' })).toBeDisabled();
        return;
      }
      expect(rangeBox()).toHaveValue(w.text);
      if (w.rangeError) expect(within(page()).getByText(INVALID_TEXT)).toBeInTheDocument();
      else expect(within(page()).queryByText(INVALID_TEXT)).toBeNull();
      expect(within(page()).getByRole('button', { name: 'Search' })).toHaveProperty('disabled', state !== 'ready');
      const table = within(page()).getByRole('table', { name: o.table });
      expect(within(table).getAllByRole('row')).toHaveLength(1 + w.rows.length);
      w.rows.forEach((r) =>
        expect(within(table).getByRole('row', { name: new RegExp(r.description) })).toHaveTextContent(
          `${r.name}Rp. ${r.amount.toLocaleString('en-US')}2026-11-21 10:00${r.description}`,
        ),
      );
      if (w.outcome === 'loaded') expect(within(page()).getByText(`Last updated at ${LOADED_AT}`)).toBeInTheDocument();
      if (state === 'ready' && w.outcome === 'failed')
        expect(within(page()).getByText('The server is down')).toBeInTheDocument();
      if (o.paged && state === 'ready' && w.outcome === 'loaded')
        expect(within(page()).getByText(`Page ${w.page} of 3`)).toBeInTheDocument();
      o.checkFigures(state, w, lastOutput);
    },

    async perform(event, w) {
      switch (event.type) {
        case 'SELECT_CLIENT':
          return chooseClient(o.title, event.clientId);
        case 'SET_RANGE_TEXT':
          fireEvent.change(rangeBox(), { target: { value: event.value } });
          return;
        case 'SEARCH':
          return click(within(page()).getByRole('button', { name: 'Search' }));
        case 'REFRESH':
          return o.socket().emit({ client_id: event.clientId });
        case 'PAGE':
          return click(
            within(page()).getByRole('button', { name: event.page > w.page ? 'Next page' : 'Previous page' }),
          );
        case 'PAGE_SIZE':
          await click(within(page()).getByRole('combobox', { name: 'Rows per page' }));
          return click(await screen.findByRole('option', { name: String(event.limit) }));
        default:
          throw new Error(`no way to perform ${event.type}`);
      }
    },
  };
}
