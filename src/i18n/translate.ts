/**
 * Translating an English text made elsewhere (a machine, a rule, the server) by the catalogs (issue 48): the English
 * catalog maps ids to English, the Indonesian one ids to Indonesian. A text equal to a catalog message is looked up;
 * one made from a message with `{name}` placeholders is matched against it and its values carried over. A text no
 * catalog holds (a name, an id, a figure) stays as it is.
 *
 * Only messages made outside views (declared with msg(), listed in src/i18n/said.json) are matched as patterns: a
 * view's '{start} to {end}' would otherwise claim 'Top up to BCA'. And a value is said too only where its placeholder
 * is a message ('Amount: {problem}'); any other value is data and stays as written, even a view named 'Today'.
 */
export type Catalog = Record<string, string>;
export type Translate = (text: string) => string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;

interface Pattern {
  regex: RegExp;
  names: string[];
  target: string;
}

function patternOf(english: string, target: string): Pattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of english.matchAll(PLACEHOLDER)) {
    source += escape(english.slice(last, match.index));
    source += '(.+?)';
    names.push(match[1]!);
    last = match.index! + match[0].length;
  }
  source += escape(english.slice(last));
  return { regex: new RegExp(`^${source}$`, 's'), names, target };
}

const isPlain = (message: string) => !/[{}]/.test(message.replace(PLACEHOLDER, ''));

/** The placeholders whose values are messages themselves, said in the language too. */
const MESSAGE_VALUES = new Set([
  'problem',
  'reason',
  'refusal',
  'message',
  'action',
  'outcome',
  'issue',
  'error',
  'module',
  'field',
]);

/** `patternIds`: the ids whose messages are matched as patterns (src/i18n/said.json); all of them when not given. */
export function makeTranslate(english: Catalog, translated: Catalog, patternIds?: readonly string[]): Translate {
  const matched = patternIds && new Set(patternIds);
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, text] of Object.entries(english)) {
    const target = translated[id];
    if (target === undefined || !isPlain(text)) continue;
    if (HAS_PLACEHOLDER.test(text)) {
      if (!matched || matched.has(id)) patterns.push(patternOf(text, target));
    } else if (!exact.has(text)) exact.set(text, target);
  }
  // The longest English first: 'Rejected by {name}' must not win over 'Rejected by {name} at {time}'.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  const translate: Translate = (text) => {
    const found = exact.get(text);
    if (found !== undefined) return found;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      // A value may be a message itself ('Amount: {problem}' with the problem's words): it is said too.
      const values = Object.fromEntries(
        pattern.names.map((name, i) => [name, MESSAGE_VALUES.has(name) ? translate(match[i + 1]!) : match[i + 1]!]),
      );
      return pattern.target.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
    }
    // Several messages joined by '; ' (the server's refusal lists every field's problem so): each one said.
    if (text.includes('; ')) return text.split('; ').map(translate).join('; ');
    return text;
  };
  return translate;
}

// The English 'Rp. 1,250,000' and '1,234 pay-ins' a text was made with, as Bahasa Indonesia writes them: 'Rp 1.250.000'
// and '1.234'. A comma between thousands is the decimal mark in Indonesian, so a count grouped the English way would
// read as one point two. A number followed by a sentence's comma ('Rp. 5,000,000, not …') is whole too.
const ENGLISH_RUPIAH = /Rp\. (?=\d)/g;
const ENGLISH_GROUPED = /(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d]|[.,]\d)/g;

/**
 * Bahasa Indonesia's translation, for the browser and the server alike: the catalogs', with the amounts and counts a
 * text was made with in English written as Indonesian writes them.
 */
export function makeIndonesian(english: Catalog, indonesian: Catalog, patternIds?: readonly string[]): Translate {
  const translate = makeTranslate(english, indonesian, patternIds);
  return (text) =>
    translate(text)
      .replace(ENGLISH_RUPIAH, 'Rp ')
      .replace(ENGLISH_GROUPED, (digits) => digits.replace(/,/g, '.'));
}

/** English shown as it is. */
export const asEnglish: Translate = (text) => text;

// The translation of the language shown, for code outside React that compares a text it was answered with to the
// English it knows (src/services/http.ts: a refusal shown in place). Set by the language machine with the language.
let shown: Translate = asEnglish;
export const currentTranslate = () => shown;
export const setCurrentTranslate = (translate: Translate) => {
  shown = translate;
};
