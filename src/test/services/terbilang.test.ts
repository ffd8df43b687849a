import { describe, expect, it } from 'vitest';
import { amountInWords, rupiahWithWords } from '../../services/money';
import { rupiahInWords, terbilang } from '../../services/terbilang';

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [9, 'sembilan'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [99, 'sembilan puluh sembilan'],
  ])('says %i as %s', (n, words) => expect(terbilang(n)).toBe(words));

  it('uses se- for one hundred and one thousand only', () => {
    expect(terbilang(100)).toBe('seratus');
    expect(terbilang(101)).toBe('seratus satu');
    expect(terbilang(111)).toBe('seratus sebelas');
    expect(terbilang(200)).toBe('dua ratus');
    expect(terbilang(999)).toBe('sembilan ratus sembilan puluh sembilan');
    expect(terbilang(1000)).toBe('seribu');
    expect(terbilang(1001)).toBe('seribu satu');
    expect(terbilang(1500)).toBe('seribu lima ratus');
    expect(terbilang(2000)).toBe('dua ribu');
    expect(terbilang(11_000)).toBe('sebelas ribu');
    expect(terbilang(100_000)).toBe('seratus ribu');
    expect(terbilang(101_000)).toBe('seratus satu ribu');
  });

  it('names every scale, with satu before juta, miliar and triliun', () => {
    expect(terbilang(1_000_000)).toBe('satu juta');
    expect(terbilang(1_250_000)).toBe('satu juta dua ratus lima puluh ribu');
    expect(terbilang(1_001_000)).toBe('satu juta seribu');
    expect(terbilang(1_000_000_000)).toBe('satu miliar');
    expect(terbilang(2_000_000_001)).toBe('dua miliar satu');
    expect(terbilang(1_000_000_000_000)).toBe('satu triliun');
    expect(terbilang(1_000_001_000_000)).toBe('satu triliun satu juta');
  });

  it('reaches 999,999,999,999,999, kuadriliun, and the largest safe integer, and no further', () => {
    expect(terbilang(999_999_999_999_999)).toBe(
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar ' +
        'sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu ' +
        'sembilan ratus sembilan puluh sembilan',
    );
    expect(terbilang(999_999_999_999)).toBe(
      'sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta ' +
        'sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    );
    // The largest adjustment the product takes (10^15) has words too.
    expect(terbilang(1_000_000_000_000_000)).toBe('satu kuadriliun');
    // Each group read off the digits: near 2^53 a division would round 999 up.
    expect(terbilang(9_007_199_254_740_991)).toBe(
      'sembilan kuadriliun tujuh triliun seratus sembilan puluh sembilan miliar dua ratus lima puluh empat juta ' +
        'tujuh ratus empat puluh ribu sembilan ratus sembilan puluh satu',
    );
    expect(() => terbilang(9_007_199_254_740_992)).toThrow(RangeError);
  });

  it('says a negative amount with minus, as Indonesian finance documents do', () => {
    expect(terbilang(-1)).toBe('minus satu');
    expect(terbilang(-11)).toBe('minus sebelas');
    expect(terbilang(-1_000)).toBe('minus seribu');
    expect(terbilang(-150_000_000)).toBe('minus seratus lima puluh juta');
    expect(terbilang(-999_999_999_999_999)).toBe(`minus ${terbilang(999_999_999_999_999)}`);
  });

  it('rejects fractional and non-finite amounts', () => {
    for (const bad of [0.5, -0.5, 1500.25, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => terbilang(bad)).toThrow(RangeError);
    }
  });
});

describe('rupiahInWords', () => {
  it('capitalises the first letter and ends in rupiah', () => {
    expect(rupiahInWords(1_250_000)).toBe('Satu juta dua ratus lima puluh ribu rupiah');
    expect(rupiahInWords(0)).toBe('Nol rupiah');
    expect(rupiahInWords(1000)).toBe('Seribu rupiah');
  });

  it('throws like terbilang', () => {
    expect(() => rupiahInWords(0.5)).toThrow(RangeError);
  });
});

describe('rupiahWithWords', () => {
  it('gives the figures and the words, as a confirmation shows them', () => {
    expect(rupiahWithWords(250_000)).toBe('Rp. 250,000 (dua ratus lima puluh ribu rupiah)');
    expect(rupiahWithWords(0)).toBe('Rp. 0 (nol rupiah)');
    expect(rupiahWithWords(-150_000_000)).toBe('-Rp. 150,000,000 (minus seratus lima puluh juta rupiah)');
  });
});

describe('amounts past what the words reach', () => {
  it('say so in place of the words, and keep their figures', () => {
    const past = Number.MAX_SAFE_INTEGER + 1;
    expect(amountInWords(past)).toBe('too large to write in words');
    expect(rupiahWithWords(past)).toBe('Rp. 9,007,199,254,740,992 (too large to write in words)');
    expect(rupiahWithWords(-past)).toBe('-Rp. 9,007,199,254,740,992 (too large to write in words)');
  });

  it('read as before up to the largest safe integer', () => {
    expect(amountInWords(150_000_000)).toBe('seratus lima puluh juta rupiah');
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(`${terbilang(Number.MAX_SAFE_INTEGER)} rupiah`);
  });
});
