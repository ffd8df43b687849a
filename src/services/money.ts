import { msg } from '../i18n/msg';
import { currentLanguage, type Language } from '../i18n/language';
import { terbilang } from './terbilang';

/**
 * Whole rupiah as the product shows them, in the language shown (issue 48): the spec's 'Rp. 1,250,000' in English,
 * 'Rp 1.250.000' in Bahasa Indonesia (negative: '-Rp. 5,000', '-Rp 5.000').
 */
export function formatRupiah(amount: number, language: Language = currentLanguage()): string {
  const indonesian = language === 'id';
  const digits = Math.abs(Math.trunc(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, indonesian ? '.' : ',');
  return `${amount < 0 ? '-' : ''}${indonesian ? 'Rp' : 'Rp.'} ${digits}`;
}

/** Digits with thousands separators, for amount inputs ('1,250,000'). */
export const groupDigits = (amount: number) =>
  Math.trunc(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Shown where the words would be when an amount is past what they reach (beyond a safe integer). */
export const BEYOND_WORDS = msg({ defaultMessage: 'too large to write in words', id: '1Pl0yC' });

/**
 * The words alone, for the line under a figure: 'seratus lima puluh juta rupiah'. An amount past what
 * the words reach says so (BEYOND_WORDS) rather than showing nothing, so a reader knows why the words are missing.
 */
export function amountInWords(amount: number): string {
  const whole = Math.trunc(amount);
  return Number.isSafeInteger(whole) ? `${terbilang(whole)} rupiah` : BEYOND_WORDS;
}

/**
 * An amount as a confirmation of money moved by hand shows it: in figures and in Indonesian words,
 * as Indonesian finance documents do ('Rp. 250,000 (dua ratus lima puluh ribu rupiah)').
 */
export const rupiahWithWords = (amount: number) => `${formatRupiah(amount)} (${amountInWords(amount)})`;
