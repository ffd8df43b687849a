import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { voidUploadMessage } from '../../src/services/disbursementActions.ts';
import { DISBURSEMENT_STATUSES } from '../../src/services/disbursementQuery.ts';
import { previewVoidRows, summarizeVoid, VOID_NAMED_TWICE, type VoidTarget } from '../domain/voidRows.ts';

/**
 * Issue 43: a void file that names an id more than once. Whatever the file and whatever the ids name, every row is
 * counted once, each id by its first row alone, and only a file with repeats speaks of them.
 */
const IDS = ['A', 'B', 'C', 'D', 'E'];
// Some rows have no id ('' as the sheet reader keeps them): those name nothing, so never repeat one another.
const fileIds = fc.array(fc.constantFrom(...IDS, ''), { minLength: 1, maxLength: 30 });
// What each id names: nothing the caller may see, or a disbursement in some status.
const targets = fc.array(
  fc.option(
    fc.record({
      status: fc.constantFrom(...DISBURSEMENT_STATUSES),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      feeAmount: fc.integer({ min: 0, max: 10_000 }),
    }),
  ),
  { minLength: IDS.length, maxLength: IDS.length },
);

const knownOf = (found: (VoidTarget | null)[]) =>
  new Map(IDS.flatMap((id, i) => (found[i] ? [[id, found[i]] as const] : [])));
const entriesOf = (ids: string[]) => ids.map((correlation_id, i) => ({ row: i + 2, correlation_id }));

describe('previewVoidRows and summarizeVoid (pure)', () => {
  it('counts every row once and each id by its first row only', () => {
    fc.assert(
      fc.property(fileIds, targets, fc.boolean(), (ids, found, dryRun) => {
        const known = knownOf(found);
        const checked: VoidTarget[] = [];
        const { results, amount } = previewVoidRows(entriesOf(ids), known, (t) => checked.push(t));
        const answer = summarizeVoid(dryRun, results, amount);
        const { rows, ...counts } = answer.summary;
        expect(rows).toBe(ids.length);
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(rows);

        // A row repeats exactly when an earlier row named the same (non-empty) id.
        results.forEach((r, i) =>
          expect(r.outcome === 'duplicate').toBe(r.correlation_id !== '' && ids.indexOf(r.correlation_id) < i),
        );
        for (const id of new Set(ids.filter(Boolean))) {
          const counting = results.filter((r) => r.correlation_id === id && r.outcome !== 'duplicate');
          expect(counting.map((r) => r.row)).toEqual([ids.indexOf(id) + 2]);
        }
        expect(results.filter((r) => r.outcome === 'duplicate').every((r) => r.message === VOID_NAMED_TWICE)).toBe(
          true,
        );

        // Each FINALIZED one is weighed and would come back once, however often it is named.
        const finalized = [...new Set(ids)].flatMap((id) => {
          const t = known.get(id);
          return t?.status === 'FINALIZED' ? [t] : [];
        });
        expect(checked).toEqual(finalized);
        expect(amount).toBe(finalized.reduce((s, t) => s + t.amount + t.feeAmount, 0));
        expect(answer.summary.would_void).toBe(finalized.length);
        expect(answer.total).toEqual({ count: dryRun ? finalized.length : 0, amount });
      }),
      { numRuns: 300 },
    );
  });

  it('speaks of repeats only in a file that has them, in the words the rest already use', () => {
    fc.assert(
      fc.property(fileIds, targets, fc.boolean(), (ids, found, dryRun) => {
        const { results, amount } = previewVoidRows(entriesOf(ids), knownOf(found), () => {});
        const { summary } = summarizeVoid(dryRun, results, amount);
        const message = voidUploadMessage({ dry_run: dryRun, summary });
        const repeats = ids.filter((id, i) => id !== '' && ids.indexOf(id) < i).length;
        expect(summary.duplicate).toBe(repeats);
        if (repeats === 0) expect(message).not.toMatch(/named twice/);
        else expect(message).toContain(`${summary.already_voided} already voided, ${repeats} named twice in the file`);
      }),
      { numRuns: 200 },
    );
    expect(
      voidUploadMessage({
        dry_run: true,
        summary: {
          rows: 6,
          voided: 0,
          would_void: 2,
          not_found: 1,
          not_finalized: 1,
          already_voided: 1,
          duplicate: 1,
        },
      }),
    ).toBe(
      '6 rows checked: 2 would be voided, 1 not found, 1 not FINALIZED, 1 already voided, 1 named twice in the file; nothing changed',
    );
    expect(
      voidUploadMessage({
        dry_run: false,
        summary: { rows: 3, voided: 1, would_void: 0, not_found: 1, not_finalized: 0, already_voided: 1, duplicate: 0 },
      }),
    ).toBe('3 rows checked: 1 voided, 1 not found, 0 not FINALIZED, 1 already voided');
  });
});
