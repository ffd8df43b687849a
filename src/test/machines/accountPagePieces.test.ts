import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { readAdjustment } from '../../machines/adjustmentInput';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { rolledFilter, searchedFilter, startingFilter, typedFilter } from '../../machines/dateFilter';
import { INVALID_DATE_RANGE, yesterdayThroughToday } from '../../services/dateRange';

describe("'Adjust Balance amount' as typed (issue 25: kept as typed, never stripped)", () => {
  it.each([
    ['250000', 250_000, null],
    ['250.000,00', 250_000, null],
    ['-Rp. 1,000', -1_000, null],
    ['-', null, null],
    ['', null, null],
    // Old reading: every non-digit dropped, so these became 2,500,001 and 15.
    ['Rp. 250,0001', null, "The separators are ambiguous: group thousands in threes ('1,250,000' or '1.250.000')"],
    ['1.5', null, 'Rupiah amounts are whole numbers'],
    ['abc', null, 'Only digits, thousands separators and an optional Rp. are accepted'],
    ['0', null, 'amount must not be 0'],
  ])('%j reads as %j (%j)', (typed, amount, inputProblem) => {
    expect(readAdjustment(typed)).toEqual({ text: typed, amount, inputProblem });
  });

  it('refuses more than 16 digits instead of keeping some of them', () => {
    expect(readAdjustment('12345678901234567890')).toMatchObject({
      amount: null,
      inputProblem: 'An amount has at most 16 digits',
    });
  });
});

describe('date ranges of the account pages', () => {
  it('Payin Detail defaults to yesterday 00:00 to today 23:59 (spec section 9)', () => {
    expect(yesterdayThroughToday(dayjs('2026-03-01T10:00:00'))).toEqual({
      start: '2026-02-28 00:00',
      end: '2026-03-01 23:59',
    });
  });

  it('a Search applies the typed range as the spec reads it, refuses a bad one; a typed range stops the clock', () => {
    const byDefault = () => ({ start: '2026-11-07 00:00', end: '2026-11-21 10:15' });
    const start = startingFilter(undefined, byDefault);
    expect(start).toMatchObject({ text: '2026-11-07 00:00 to 2026-11-21 10:15', followsNow: true });
    const later = () => ({ start: '2026-11-07 00:00', end: '2026-11-21 11:00' });
    expect(rolledFilter(start, later).end).toBe('2026-11-21 11:00');
    const typed = typedFilter(start, '2026-11-21 00:00 to 2026-11-20 00:00');
    expect(searchedFilter(typed)).toMatchObject({
      start: '2026-11-20 00:00',
      end: '2026-11-21 23:59',
      text: '2026-11-20 00:00 to 2026-11-21 23:59',
      error: null,
    });
    expect(rolledFilter(searchedFilter(typed), later).end).toBe('2026-11-21 23:59');
    const bad = searchedFilter(typedFilter(start, 'today'));
    expect(bad).toMatchObject({ error: INVALID_DATE_RANGE, start: '2026-11-07 00:00' });
  });
});

describe('the balance-changed actor', () => {
  it("turns each 'balance-changed' into REFRESH for its client, on a socket of its own, and closes on stop", () => {
    const received: AnyEventObject[] = [];
    let push: (c: { client_id: number }) => void = () => {};
    let closed = false;
    let opened = 0;
    const logic = balanceChangesFrom((onChanged) => {
      opened += 1;
      push = onChanged;
      return () => {
        closed = true;
      };
    });
    const parent = createMachine({
      types: {} as { events: AnyEventObject },
      invoke: { id: 'balanceChanges', src: logic, input: { live: true } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent).start();
    push({ client_id: 7 });
    expect(opened).toBe(1);
    expect(received).toEqual([{ type: 'REFRESH', clientId: 7 }]);
    actor.stop();
    expect(closed).toBe(true);
  });
});
