import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { BUSINESS_TIME_ZONE } from '../../services/businessClock';
import { formatDateRange, presetRange, RANGE_PRESET_IDS, type DateRange } from '../../services/dateRange';
import { pageQuery, readPageQuery } from '../../services/listUrl';
import { listQueryIssue } from '../../services/savedViewRules';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, SEARCH_BY } from '../../services/payinQuery';
import { TRANSACTION_PAGE_SIZES } from '../../services/paging';

const now = dayjs.tz('2026-11-26 10:15', 'YYYY-MM-DD HH:mm', BUSINESS_TIME_ZONE);

/** A window a person could pick: whole minutes, start not after end, within a few years of now. */
const windowArb = fc
  .tuple(fc.integer({ min: -2000 * 24 * 60, max: 400 * 24 * 60 }), fc.integer({ min: 0, max: 90 * 24 * 60 }))
  .map(([offset, length]): DateRange => {
    const start = now.add(offset, 'minute');
    return { start: start.format('YYYY-MM-DD HH:mm'), end: start.add(length, 'minute').format('YYYY-MM-DD HH:mm') };
  });

/** The Payments List's filter as the filter bar can apply it. */
const filterArb = fc.record({
  window: fc.oneof(
    windowArb,
    fc.constantFrom(...RANGE_PRESET_IDS).map((id) => presetRange(id, now)),
  ),
  status: fc.constantFrom('', ...TRANSACTION_STATUSES),
  search_by: fc.constantFrom(...SEARCH_BY),
  // What a person may paste into Search: any text up to the limit, '&', '=', '#', '%' and spaces included.
  search: fc.string({ maxLength: 100 }).map((s) => s.trim()),
  payment_method: fc.uniqueArray(fc.constantFrom(...TRANSACTION_TYPES), { maxLength: 4 }),
  client_id: fc.option(fc.integer({ min: 1, max: 999_999 }), { nil: null }),
  page: fc.integer({ min: 1, max: 5000 }),
  limit: fc.constantFrom(...TRANSACTION_PAGE_SIZES),
});

describe('a list page query (issue 29)', () => {
  it('reads back every filter the bar can apply, the window exact, in any order of writing', () => {
    fc.assert(
      fc.property(filterArb, (f) => {
        const query = pageQuery({ ...f.window, ...f, window: undefined }, now);
        expect(listQueryIssue('transactions', query)).toBeNull();
        const read = readPageQuery('transactions', query, now);
        expect(read.kind).toBe('read');
        if (read.kind !== 'read') return;
        expect({ start: read.value.start, end: read.value.end }).toEqual(f.window);
        expect(read.value.status ?? '').toBe(f.status);
        expect(read.value.search_by).toBe(f.search_by);
        expect(read.value.search ?? '').toBe(f.search);
        expect(read.value.payment_method ?? []).toEqual(f.payment_method);
        expect(read.value.client_id ?? []).toEqual(f.client_id == null ? [] : [f.client_id]);
        expect(read.value.page).toBe(f.page);
        expect(read.value.limit).toBe(f.limit);
      }),
    );
  });

  it('writes a preset window by its name, which means the same window on the day it is read', () => {
    for (const id of RANGE_PRESET_IDS) {
      const query = pageQuery({ ...presetRange(id, now), status: 'FINALIZED' }, now);
      expect(new URLSearchParams(query).get('range')).toBe(id);
      expect(query).not.toContain('start=');
      const tomorrow = now.add(1, 'day');
      const read = readPageQuery('transactions', query, tomorrow);
      expect(read.kind === 'read' && { start: read.value.start, end: read.value.end }).toEqual(
        presetRange(id, tomorrow),
      );
    }
  });

  it('keeps All Status apart from the default status, and leaves page 1 and empty filters out', () => {
    const query = pageQuery({ status: '', search: '', payment_method: [], client_id: null, page: 1 }, now);
    expect(query).toBe('status=');
    expect(readPageQuery('transactions', '', now)).toEqual({ kind: 'none' });
  });

  it('refuses what no filter bar writes, in the list schema words', () => {
    fc.assert(
      fc.property(fc.constantFrom('status=BOGUS', 'range=tomorrow', 'limit=7', 'page=0', 'colour=red'), (query) => {
        const read = readPageQuery('transactions', query, now);
        expect(read.kind).toBe('refused');
        expect(read.kind === 'refused' && read.message).toMatch(/^This link's filters cannot be read: /);
      }),
    );
    expect(listQueryIssue('audit-log', 'outcome=maybe')).toMatch(/outcome/);
    expect(listQueryIssue('withdrawals', `client_filter=3&${'x'.repeat(2000)}=1`)).toMatch(/longer than/);
  });

  it('names a window by its text as the filter bar shows it', () => {
    const yesterday = presetRange('yesterday', now);
    expect(formatDateRange(yesterday)).toBe('2026-11-25 00:00 to 2026-11-25 23:59');
  });
});
