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

  it('writes an English amount or count as Indonesian does, before a comma or a full stop too', () => {
    const indonesianOf = makeIndonesian(english, indonesian);
    expect(indonesianOf('Withdrawal of Rp. 5,000,000, not Rp. 4,900,000. for PT Maju requested.')).toBe(
      'Penarikan Rp 5.000.000, not Rp 4.900.000. untuk PT Maju diajukan.',
    );
    expect(indonesianOf('Withdrawal of 1,234 for 12,345,678 requested.')).toBe(
      'Penarikan 1.234 untuk 12.345.678 diajukan.',
    );
    // Not a grouped number: a list, a decimal, an id with commas, a year.
    for (const text of ['rows 1,2,3', '1,234.5', 'WD-1,2345', '2026']) expect(indonesianOf(text)).toBe(text);
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.constantFrom(',', '.', ' ', ''), (n, after) => {
        expect(indonesianOf(`Rp. ${n.toLocaleString('en-US')}${after}`)).toBe(
          `Rp ${n.toLocaleString('en-US').replace(/,/g, '.')}${after}`,
        );
      }),
    );
  });

  it('keeps data in a value as written, and matches patterns only of messages made outside views', () => {
    const catalog = { ...english, h: 'View {name} has been saved', i: '{start} to {end}', j: 'Today' };
    const translated = { ...indonesian, h: 'Tampilan {name} telah disimpan', i: '{start} sampai {end}', j: 'Hari ini' };
    const said = makeTranslate(catalog, translated, ['a', 'b', 'c', 'd', 'f', 'g', 'h', 'j']);
    // A view named like a message keeps its name; a message in a {problem} is said.
    expect(said('View Today has been saved')).toBe('Tampilan Today telah disimpan');
    expect(said('Amount: Amount is required')).toBe('Nominal: Nominal wajib diisi');
    // A view's own '{start} to {end}' claims nothing said() is given.
    expect(said('Top up to BCA')).toBe('Top up to BCA');
    expect(makeTranslate(catalog, translated)('Top up to BCA')).toBe('Top up sampai BCA');
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
