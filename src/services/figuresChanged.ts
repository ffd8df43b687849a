import { fill } from '../i18n/msg';
import { formatRupiah } from './money';

export interface Figures {
  count: number;
  amount: number;
}

/**
 * The four sentences of a 409 that says the figures changed since the person looked, one per number (one or many) of
 * the count now and of the count they saw, so that each translates whole (issue 48). Each is a msg() declared by its
 * caller, with the placeholders {count}, {amount}, {expectedCount} and {expectedAmount}.
 */
export interface ChangedSentences {
  oneWasOne: string;
  oneWasMany: string;
  manyWasOne: string;
  manyWasMany: string;
}

/** The sentence for figures `now` that differ from those `expected`; null when they are the same. */
export function figuresChanged(now: Figures, expected: Figures, sentences: ChangedSentences): string | null {
  if (now.count === expected.count && now.amount === expected.amount) return null;
  const sentence =
    now.count === 1
      ? expected.count === 1
        ? sentences.oneWasOne
        : sentences.oneWasMany
      : expected.count === 1
        ? sentences.manyWasOne
        : sentences.manyWasMany;
  return fill(sentence, {
    count: now.count.toLocaleString('en-US'),
    amount: formatRupiah(now.amount),
    expectedCount: expected.count.toLocaleString('en-US'),
    expectedAmount: formatRupiah(expected.amount),
  });
}
