/**
 * Translating an English text made elsewhere (a machine, a rule, the server) by the catalogs (issue 48): the English
 * catalog maps ids to English, the Indonesian one ids to Indonesian. A text equal to a catalog message is looked up;
 * one made from a message with `{name}` placeholders is matched against it and its values carried over. A text no
 * catalog holds (a name, an id, a figure) stays as it is.
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

export function makeTranslate(english: Catalog, translated: Catalog): Translate {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, text] of Object.entries(english)) {
    const target = translated[id];
    if (target === undefined || !isPlain(text)) continue;
    if (HAS_PLACEHOLDER.test(text)) patterns.push(patternOf(text, target));
    else if (!exact.has(text)) exact.set(text, target);
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
      const values = Object.fromEntries(pattern.names.map((name, i) => [name, translate(match[i + 1]!)]));
      return pattern.target.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
    }
    // Several messages joined by '; ' (the server's refusal lists every field's problem so): each one said.
    if (text.includes('; ')) return text.split('; ').map(translate).join('; ');
    return text;
  };
  return translate;
}

// The English 'Rp. 1,250,000' a text was made with, as Bahasa Indonesia writes it: 'Rp 1.250.000'.
const ENGLISH_RUPIAH = /Rp\. (\d{1,3}(?:,\d{3})*)(?![\d,])/g;

/**
 * Bahasa Indonesia's translation, for the browser and the server alike: the catalogs', with the amounts a text was
 * made with in English written as Indonesian writes them.
 */
export function makeIndonesian(english: Catalog, indonesian: Catalog): Translate {
  const translate = makeTranslate(english, indonesian);
  return (text) => translate(text).replace(ENGLISH_RUPIAH, (_, digits: string) => `Rp ${digits.replace(/,/g, '.')}`);
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
