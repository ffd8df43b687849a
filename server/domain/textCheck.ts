import { msg } from '../../src/i18n/msg.ts';

/** Checks of parsed request values that need nothing else, so both the request guards and parseInput use them. */

/** Deeper than any payload of ours; deep enough nesting overflows the stack of jsonb encoders. */
export const MAX_JSON_DEPTH = 32;

export const NUL_TEXT = msg({ defaultMessage: 'Text must not contain NUL characters', id: 'l+psoB' });
export const ILL_FORMED_TEXT = msg({
  defaultMessage: 'Text must be valid Unicode (it holds a lone surrogate)',
  id: 'ELTMEG',
});

/**
 * What is wrong with the text anywhere in a parsed value, or null: PostgreSQL text cannot hold
 * NUL, and jsonb refuses a lone surrogate, so either would fail a write half-way (the row saved,
 * its audit entry refused) if it got that far. Walked without recursion, so depth cannot hurt.
 */
export function textProblem(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return NUL_TEXT;
      if (!item.isWellFormed()) return ILL_FORMED_TEXT;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        stack.push(key, child);
      }
    }
  }
  return null;
}

/** Whether a parsed JSON value nests deeper than `max` objects and arrays (iteratively). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
