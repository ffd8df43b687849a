const DIGITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan'];
// Each step is a thousand times the previous one; kuadriliun (10^15) is as far as a safe integer reaches.
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun', 'kuadriliun'];
/** The largest whole number JavaScript holds exactly: past it an amount is no longer the one typed. */
export const TERBILANG_MAX = Number.MAX_SAFE_INTEGER;

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

/**
 * Whole rupiah in Indonesian words: 1250000 -> 'satu juta dua ratus lima puluh ribu'; a negative
 * amount (a balance taken down) reads 'minus …', as Indonesian finance documents write it.
 */
export function terbilang(amount: number): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`terbilang needs a whole number within +/- ${TERBILANG_MAX}, got ${amount}`);
  }
  if (amount === 0) return 'nol';
  if (amount < 0) return `minus ${terbilang(-amount)}`;
  // Groups of three read off the decimal digits, not by dividing: near 2^53 a division can round up a group.
  const digits = String(amount).padStart(SCALES.length * 3, '0');
  const words: string[] = [];
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const at = digits.length - (scale + 1) * 3;
    const group = Number(digits.slice(at, at + 3));
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
