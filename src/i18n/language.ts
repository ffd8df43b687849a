import * as v from 'valibot';
import { msg } from './msg';

/** The two languages a person may choose (issue 48): English, the spec's words, and Bahasa Indonesia. */
export const LANGUAGES = ['en', 'id'] as const;
export const Language = v.picklist(LANGUAGES, msg({ defaultMessage: 'Language must be en or id', id: 'x0lKDT' }));
export type Language = v.InferOutput<typeof Language>;

/** What callers that say nothing get: the spec's English. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

/** PUT /user/language: the language a person saves in User Settings. */
export const LanguageBody = v.strictObject({ language: Language });
export type LanguageBody = v.InferOutput<typeof LanguageBody>;

export const isLanguage = (value: unknown): value is Language => v.is(Language, value);

/**
 * The first of the caller's `Accept-Language` choices we speak, by weight ('id-ID,id;q=0.9,en;q=0.8' → 'id');
 * null when they name none of ours, so the default stays the caller's to decide.
 */
export function fromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag!.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((choice) => choice.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((choice) => choice.primary).find(isLanguage) ?? null;
}

// The language figures and dates are written in right now. Formatting helpers (formatRupiah, formatDateTime) are
// plain functions called from render and from machines' texts; the language machine sets this before the tree
// renders again in the new language, as dayjs keeps its global locale.
let current: Language = DEFAULT_LANGUAGE;
export const currentLanguage = () => current;
export const setFormatsLanguage = (language: Language) => {
  current = language;
};
