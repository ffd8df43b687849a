import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditDetailLines } from '../../services/auditDetail';
import { indonesianSaid } from '../views/indonesianCatalog';

describe('auditDetailLines: the detail as lines a person reads', () => {
  it('pairs before and after by key with an arrow; unchanged keys read once', () => {
    expect(
      auditDetailLines({
        before: { status: 'PENDING', amount: 150_000 },
        after: { status: 'REJECTED', amount: 150_000 },
      }),
    ).toEqual(['status: PENDING → REJECTED', 'amount: Rp. 150,000']);
  });

  it('reads a creation (after only) as its state, and a key gone after as → none', () => {
    expect(auditDetailLines({ after: { status: 'PENDING', amount: 20_000, fee_amount: 2_500 } })).toEqual([
      'status: PENDING',
      'amount: Rp. 20,000',
      'fee_amount: Rp. 2,500',
    ]);
    expect(auditDetailLines({ before: { reason: 'typo' }, after: {} })).toEqual(['reason: typo → none']);
  });

  it('reads other keys as key: value, nested keys dotted, lists joined, money as rupiah', () => {
    expect(
      auditDetailLines({
        reason: 'Customer asked',
        rows: 2,
        filter: { actor: 'a@b.c', outcome: '' },
        modules: ['users', 'roles'],
        threshold: 100_000_000,
        active: false,
        note: null,
      }),
    ).toEqual([
      'reason: Customer asked',
      'rows: 2',
      'filter.actor: a@b.c',
      'filter.outcome: (empty)',
      'modules: users, roles',
      'threshold: Rp. 100,000,000',
      'active: no',
      'note: none',
    ]);
    expect(
      auditDetailLines({ before: { status: 'PENDING' }, after: { status: 'VOIDED' }, reason: 'duplicate\npayout' }),
    ).toEqual(['status: PENDING → VOIDED', 'reason: duplicate payout']);
    expect(auditDetailLines({ items: [{ id: 1, status: 'OK' }, { id: 2 }] })).toEqual([
      'items.1.id: 1',
      'items.1.status: OK',
      'items.2.id: 2',
    ]);
  });

  it('has no lines without a detail', () => {
    expect(auditDetailLines(null)).toEqual([]);
    expect(auditDetailLines({})).toEqual([]);
  });
});

describe('auditDetailLines: properties over any JSON detail', () => {
  // Keys as the server writes them; values any JSON, strings possibly spanning lines.
  const key = fc.stringMatching(/^[a-z][a-z_]{0,9}$/).filter((k) => k !== 'before' && k !== 'after');
  const scalar = fc.oneof(
    fc.stringMatching(/^[\w .@\n\t-]{0,12}$/),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 3 }),
    ),
  }));
  const detail = fc.dictionary(key, value, { maxKeys: 6 });

  it('each entry is one line that names its key, and no line is JSON', () => {
    fc.assert(
      fc.property(detail, (d) => {
        const lines = auditDetailLines(d);
        for (const line of lines) {
          expect(line).not.toMatch(/[\n\r]/);
          expect(line).not.toMatch(/[{}[\]"]/);
        }
        for (const k of Object.keys(d)) {
          expect(
            lines.some((l) => l.startsWith(`${k}:`) || l.startsWith(`${k}.`)),
            `key ${k} in ${JSON.stringify(lines)}`,
          ).toBe(true);
        }
      }),
    );
  });

  it('a changed status reads before → after, whatever else the detail holds', () => {
    const status = fc.constantFrom('PENDING', 'REJECTED', 'COMPLETED', 'FINALIZED', 'VOIDED');
    fc.assert(
      fc.property(status, status, detail, (a, b, rest) => {
        fc.pre(a !== b);
        expect(auditDetailLines({ ...rest, before: { status: a }, after: { status: b } })[0]).toBe(
          `status: ${a} → ${b}`,
        );
      }),
    );
  });

  it("says its own words in the reader's language and leaves keys and stored values as they are", () => {
    expect(
      auditDetailLines(
        { before: { reason: 'typo', active: true }, after: { active: false }, note: '' },
        indonesianSaid,
      ),
    ).toEqual(['active: ya → tidak', 'reason: typo → tidak ada', 'note: (kosong)']);
    // A stored value that happens to read like one of its words is data, and is not translated.
    expect(auditDetailLines({ answer: 'no' }, indonesianSaid)).toEqual(['answer: no']);
  });
});
