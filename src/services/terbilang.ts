const DIGITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
// Each step is a thousand times the previous one; Indonesian has no word past triliun in everyday use.
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun'];
export const TERBILANG_MAX = 999_999_999_999_999;

/** Words for 1..999; the 'se-' forms (sepuluh, sebelas, seratus) replace 'satu' before a unit word. */
function hundreds(n: number): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h === 1) words.push('seratus');
  else if (h > 1) words.push(DIGITS[h], 'ratus');
  if (rest === 10) words.push('sepuluh');
  else if (rest === 11) words.push('sebelas');
  else if (rest > 11 && rest < 20) words.push(DIGITS[rest % 10], 'belas');
  else {
    if (rest >= 20) words.push(DIGITS[Math.floor(rest / 10)], 'puluh');
    if (rest % 10) words.push(DIGITS[rest % 10]);
  }
  return words;
}

/** Whole rupiah in Indonesian words: 1250000 -> 'satu juta dua ratus lima puluh ribu'. */
export function terbilang(amount: number): string {
  if (!Number.isInteger(amount) || amount < 0 || amount > TERBILANG_MAX) {
    throw new RangeError(`terbilang needs a whole number from 0 to ${TERBILANG_MAX}, got ${amount}`);
  }
  if (amount === 0) return 'nol';
  const words: string[] = [];
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const group = Math.floor(amount / 1000 ** scale) % 1000;
    if (group === 0) continue;
    // 'seribu', not 'satu ribu'; the larger scales keep 'satu' (satu juta, satu miliar).
    if (group === 1 && scale === 1) words.push('seribu');
    else words.push(...hundreds(group), ...(SCALES[scale] ? [SCALES[scale]] : []));
  }
  return words.join(' ');
}

/** As written on invoices and receipts: 'Satu juta dua ratus lima puluh ribu rupiah'. */
export function rupiahInWords(amount: number): string {
  const words = terbilang(amount);
  return `${words[0].toUpperCase()}${words.slice(1)} rupiah`;
}
