import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canHide, canMove, moveColumn, shownColumns, toggleColumn } from '../../services/columnChoice';
import { LIST_COLUMNS } from '../../services/savedViewRules';

/** Issue 29: the column chooser's rules. */
const offeredArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 });
/** A list's columns and a choice of them: some shown, in any order, never none. */
const choiceArb = offeredArb.chain((offered) =>
  fc.record({ offered: fc.constant(offered), shown: fc.shuffledSubarray(offered, { minLength: 1 }) }),
);
/** The same, the shown ones kept in the offered order (what a person has before reordering anything). */
const inOrderArb = offeredArb.chain((offered) =>
  fc.record({ offered: fc.constant(offered), shown: fc.subarray(offered, { minLength: 1 }) }),
);
const isInOrder = (offered: readonly string[], shown: readonly string[]) =>
  shown.every((c, i) => i === 0 || offered.indexOf(shown[i - 1]) < offered.indexOf(c));
const without = (list: readonly string[], column: string) => list.filter((c) => c !== column);

describe('column choice (issue 29)', () => {
  it('a toggle never leaves no column, never repeats one, and shows only offered ones', () => {
    fc.assert(
      fc.property(
        choiceArb.chain((c) =>
          fc.oneof(fc.constantFrom(...c.offered), fc.string()).map((column) => ({ ...c, column })),
        ),
        ({ offered, shown, column }) => {
          const next = toggleColumn(offered, shown, column);
          expect(next.length).toBeGreaterThan(0);
          expect(new Set(next).size).toBe(next.length);
          expect(next.every((c) => offered.includes(c))).toBe(true);
        },
      ),
    );
  });

  it('hiding a shown column removes just it, the rest in their order; the last one left stays', () => {
    fc.assert(
      fc.property(
        choiceArb.chain((c) => fc.constantFrom(...c.shown).map((column) => ({ ...c, column }))),
        ({ offered, shown, column }) => {
          const next = toggleColumn(offered, shown, column);
          if (shown.length === 1) {
            expect(canHide(shown, column)).toBe(false);
            expect(next).toEqual(shown);
          } else {
            expect(canHide(shown, column)).toBe(true);
            expect(next).toEqual(without(shown, column));
          }
        },
      ),
    );
  });

  it('showing a hidden column adds just it, the rest in their order; hiding it again undoes that', () => {
    fc.assert(
      fc.property(
        choiceArb
          .filter((c) => c.shown.length < c.offered.length)
          .chain((c) =>
            fc.constantFrom(...c.offered.filter((o) => !c.shown.includes(o))).map((column) => ({ ...c, column })),
          ),
        ({ offered, shown, column }) => {
          const next = toggleColumn(offered, shown, column);
          expect(next).toHaveLength(shown.length + 1);
          expect(without(next, column)).toEqual(shown);
          expect(toggleColumn(offered, next, column)).toEqual(shown);
        },
      ),
    );
  });

  it('a column shown again goes back to its offered place: columns in the offered order stay in it', () => {
    fc.assert(
      fc.property(
        inOrderArb.chain((c) => fc.constantFrom(...c.offered).map((column) => ({ ...c, column }))),
        ({ offered, shown, column }) => {
          const next = toggleColumn(offered, shown, column);
          expect(isInOrder(offered, next)).toBe(true);
          // Hiding then showing again (where it may be hidden) puts it back where it was.
          if (shown.includes(column) && shown.length > 1) expect(toggleColumn(offered, next, column)).toEqual(shown);
        },
      ),
    );
  });

  it('moving a column swaps it with its neighbour, keeps the same columns, and the opposite move undoes it', () => {
    fc.assert(
      fc.property(
        choiceArb.chain((c) =>
          fc
            .tuple(fc.constantFrom(...c.shown), fc.constantFrom('up' as const, 'down' as const))
            .map(([column, direction]) => ({ ...c, column, direction })),
        ),
        ({ shown, column, direction }) => {
          const next = moveColumn(shown, column, direction);
          expect([...next].sort()).toEqual([...shown].sort());
          if (!canMove(shown, column, direction)) {
            expect(next).toEqual(shown);
            return;
          }
          const step = direction === 'up' ? -1 : 1;
          expect(next.indexOf(column)).toBe(shown.indexOf(column) + step);
          expect(moveColumn(next, column, direction === 'up' ? 'down' : 'up')).toEqual(shown);
        },
      ),
    );
  });

  it('the first column cannot move up nor the last down; a hidden column does not move', () => {
    expect(canMove(['A', 'B'], 'A', 'up')).toBe(false);
    expect(canMove(['A', 'B'], 'B', 'down')).toBe(false);
    expect(canMove(['A', 'B'], 'C', 'up')).toBe(false);
    expect(moveColumn(['A', 'B'], 'C', 'down')).toEqual(['A', 'B']);
    expect(toggleColumn(['A', 'B', 'C', 'D'], ['D', 'A'], 'C')).toEqual(['D', 'A', 'C']);
    expect(toggleColumn(['A', 'B', 'C', 'D'], ['D', 'B'], 'A')).toEqual(['A', 'D', 'B']);
  });

  it('stored columns are read as offered ones, each once; none left means all of them', () => {
    fc.assert(
      fc.property(offeredArb, fc.array(fc.string({ maxLength: 6 }), { maxLength: 16 }), (offered, stored) => {
        const shown = shownColumns(offered, stored);
        expect(shown.length).toBeGreaterThan(0);
        expect(new Set(shown).size).toBe(shown.length);
        expect(shown.every((c) => offered.includes(c))).toBe(true);
        expect(shownColumns(offered, shown)).toEqual(shown);
        if (!stored.some((c) => offered.includes(c))) expect(shown).toEqual(offered);
      }),
    );
    fc.assert(
      fc.property(choiceArb, ({ offered, shown }) => {
        expect(shownColumns(offered, shown)).toEqual(shown);
      }),
    );
    expect(shownColumns(LIST_COLUMNS.transactions, ['RRN', 'Nope', 'RRN', 'Client'])).toEqual(['RRN', 'Client']);
  });
});
