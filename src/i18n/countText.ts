import { currentLanguage } from './language';

/**
 * A count as the language shown groups its digits (issue 48): '1,234' in English (as groupDigits writes it),
 * '1.234' in Bahasa Indonesia. Whole numbers only: counts of rows, pay-ins, entries.
 */
export const countText = (count: number) => Math.trunc(count).toLocaleString(currentLanguage());
