import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromAcceptLanguage } from '../../i18n/language';
import { msg } from '../../i18n/msg';
import { makeIndonesian, makeTranslate } from '../../i18n/translate';

const english = {
  a: 'Withdrawal requested.',
  b: 'Withdrawal of {amount} for {client} requested.',
  c: 'Rejected by {name}',
  d: 'Rejected by {name} at {time}',
  e: '{count, plural, one {# pay-in} other {# pay-ins}}',
  f: 'Amount: {problem}',
  g: 'Amount is required',
};
const indonesian = {
  a: 'Penarikan diajukan.',
  b: 'Penarikan {amount} untuk {client} diajukan.',
  c: 'Ditolak oleh {name}',
  d: 'Ditolak oleh {name} pada {time}',
  e: '{count, plural, other {# pay-in}}',
  f: 'Nominal: {problem}',
  g: 'Nominal wajib diisi',
};
const translate = makeTranslate(english, indonesian);

describe('translating texts made outside views (issue 48)', () => {
  it('looks a text up by its English and carries its values over', () => {
    expect(translate('Withdrawal requested.')).toBe('Penarikan diajukan.');
    expect(translate('Withdrawal of Rp. 5,000 for PT Maju requested.')).toBe(
      'Penarikan Rp. 5,000 untuk PT Maju diajukan.',
    );
    expect(translate('Rejected by ani@demo.local at 2026-12-07 10:00')).toBe(
      'Ditolak oleh ani@demo.local pada 2026-12-07 10:00',
    );
    expect(translate('Rejected by ani')).toBe('Ditolak oleh ani');
  });

  it('says a value that is a message itself', () => {
    expect(translate('Amount: Amount is required')).toBe('Nominal: Nominal wajib diisi');
    expect(translate('Amount: too much')).toBe('Nominal: too much');
  });

  it('says each of several messages joined by "; ", and Indonesian writes their amounts its way', () => {
    expect(translate('Amount is required; Withdrawal requested.')).toBe('Nominal wajib diisi; Penarikan diajukan.');
    const indonesianOf = makeIndonesian(english, indonesian);
    expect(indonesianOf('Withdrawal of Rp. 1,250,000 for PT Maju requested.')).toBe(
      'Penarikan Rp 1.250.000 untuk PT Maju diajukan.',
    );
    expect(indonesianOf('Rp. 5,000')).toBe('Rp 5.000');
  });

  it('leaves a text no catalog holds as it is', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^(Withdrawal|Rejected by |Amount)/.test(text) && !text.includes('; '));
        expect(translate(text)).toBe(text);
      }),
    );
  });

  it("round-trips every value msg() fills in, whatever a person's name or a figure holds", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (amount, client) => {
        fc.pre(!amount.includes(' for ') && !client.includes(' requested.'));
        fc.pre(![amount, client].some((v) => Object.values(english).includes(v) || /^(Amount: |Rejected by )/.test(v)));
        const said = msg({ defaultMessage: english.b }, { amount, client });
        expect(translate(said)).toBe(`Penarikan ${amount} untuk ${client} diajukan.`);
      }),
    );
  });

  it("reads the caller's Accept-Language by weight, and says nothing for languages we do not speak", () => {
    expect(fromAcceptLanguage('id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(fromAcceptLanguage('en-US,en;q=0.9,id;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('fr;q=1, id;q=0.5')).toBe('id');
    expect(fromAcceptLanguage('id;q=0, en;q=0.1')).toBe('en');
    expect(fromAcceptLanguage('fr, de')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
    expect(fromAcceptLanguage(';;,q=,')).toBeNull();
  });
});
