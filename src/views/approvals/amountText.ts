import { formatRupiah, rupiahWithWords } from '../../services/money';
import { terbilang } from '../../services/terbilang';

/**
 * An amount in figures and in Indonesian words, as finance documents write it:
 * 'Rp. 150,000,000 (seratus lima puluh juta rupiah)'. An amount past what the words reach keeps its figures.
 */
export function figuresAndWords(amount: number): string {
  try {
    return rupiahWithWords(amount);
  } catch {
    return formatRupiah(amount);
  }
}

/** The words alone, for the line under a figure: 'seratus lima puluh juta rupiah'. */
export function wordsOf(amount: number): string {
  try {
    return `${terbilang(amount)} rupiah`;
  } catch {
    return '';
  }
}
