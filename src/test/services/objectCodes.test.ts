import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalCode, parseCode, settlementRunCode, shortCode } from '../../services/objectCodes';

describe('objectCodes: the codes people read are the codes the search takes', () => {
  it('reads WD-, DSB-, APR- and STL- codes in any case, and nothing else', () => {
    expect(parseCode('WD-1A2B3C4D')).toEqual({ kind: 'withdrawal', uuidPrefix: '1a2b3c4d' });
    expect(parseCode(' dsb-1a2b3c4d ')).toEqual({ kind: 'disbursement', uuidPrefix: '1a2b3c4d' });
    expect(parseCode('APR-12')).toEqual({ kind: 'approval', id: 12 });
    expect(parseCode('stl-7')).toEqual({ kind: 'settlement_run', id: 7 });
    for (const text of ['DSB26112500000037', 'WD-1A2B3C4', 'WD-1A2B3C4G', 'APR-', 'APR-1x', 'user@demo.local', ''])
      expect(parseCode(text)).toBeNull();
  });

  it("a uuid's code reads back as that uuid's first eight hex digits", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom('WD', 'DSB'), (uuid, prefix) => {
        expect(parseCode(shortCode(prefix, uuid))).toMatchObject({ uuidPrefix: uuid.slice(0, 8).toLowerCase() });
      }),
    );
    fc.assert(
      fc.property(fc.nat({ max: 999_999_999 }), (id) => {
        expect(parseCode(approvalCode(id))).toEqual({ kind: 'approval', id });
        expect(parseCode(settlementRunCode(id))).toEqual({ kind: 'settlement_run', id });
      }),
    );
  });
});
