import { msg } from '../../src/i18n/msg.ts';

/**
 * Issue 44: JSON.parse keeps the last of two equal keys, so `{"amount":250000,"amount":-250000}` moved
 * Rp. -250,000 while a person's tool showed 250,000. A reviver cannot see the repeat (the parse already
 * collapsed it), and no installed parser reports it, so this reads the raw text once, key by key, per
 * object. It is run on text JSON.parse already accepted: the scan may then assume valid JSON.
 */

/** The message of a refused body: names the key as the caller wrote it (decoded, shortened, printable). */
export const repeatedKeyMessage = (key: string) =>
  msg({ defaultMessage: "The request body repeats the key '{key}'", id: 'hcKklR' }, { key: printable(key) });

// eslint-disable-next-line no-control-regex
const printable = (key: string) => key.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);

interface Frame {
  /** null for an array: its values have no keys. */
  keys: Set<string> | null;
  /** In an object: the next string is a key (after '{' or ','), not a value. */
  expectKey: boolean;
}

/** The first key repeated within one object of valid JSON text, at any depth, or null. Iterative: no recursion. */
export function firstRepeatedKey(text: string): string | null {
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        // Decoded, so "amount" and "\u0061mount" are the same key, as JSON.parse reads them.
        const key = JSON.parse(text.slice(i, end)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (c === '[') stack.push({ keys: null, expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = true;
    }
    i++;
  }
  return null;
}

/** The index just past the closing quote of the string opening at `start`. */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return i;
}
