import { SQL, StringChunk, type SQLChunk } from 'drizzle-orm';

/**
 * The same statement as one flat SQL: nested sql`` pieces spliced in, adjacent text joined, so
 * Drizzle renders it to the very same text and parameters in one pass. Drizzle's renderer pays
 * per nesting level and per chunk (a config copy, result objects, a merge); the totals statement
 * is about 330 nodes around 33 parameters, and rendering it as built took about 0.1 ms of CPU per
 * list request, the largest part of what our code adds to the two queries (scripts/benchOverhead.ts).
 * Anything but plain sql`` and text (a column, a table, a Param, an array, a piece with
 * inlineParams) is kept as it is, so Drizzle renders it exactly as before.
 */
export function flatSql(query: SQL): SQL {
  const chunks: SQLChunk[] = [];
  let text = '';
  const walk = (piece: SQL) => {
    for (const chunk of piece.queryChunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL && !(chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams)
        walk(chunk);
      else {
        chunks.push(new StringChunk(text), chunk);
        text = '';
      }
    }
  };
  walk(query);
  chunks.push(new StringChunk(text));
  return new SQL(chunks);
}

/**
 * A parameter a statement template leaves open (prepared.ts's templateStatement): rendered as `$n`
 * like a value, and filled with the `index`th value of each call.
 */
export class Slot {
  constructor(readonly index: number) {}
}

/** A value Drizzle sends as one `$n` parameter just as it is (its last case, for anything not its own kind). */
const isPlainParam = (chunk: unknown) =>
  chunk === null ||
  chunk instanceof Date ||
  (typeof chunk !== 'object' &&
    typeof chunk !== 'undefined' &&
    typeof chunk !== 'function' &&
    typeof chunk !== 'symbol');

/**
 * The text and parameters PostgreSQL gets for `query`, as Drizzle's PgDialect renders them, in one walk:
 * no per-chunk result objects or config copies, which were about 3% of a Payments List request's
 * CPU (issue 30). Only plain sql`` pieces, text and plain values are read here; for a query holding
 * anything else (a column, a table, a Param, an array, inlined values) it answers null, and the
 * caller asks Drizzle. renderSql.test.ts holds the two renderers equal.
 */
export function renderSql(query: SQL): { sql: string; params: unknown[] } | null {
  let text = '';
  const params: unknown[] = [];
  const walk = (piece: SQL): boolean => {
    if ((piece as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const chunk of piece.queryChunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if (!walk(chunk)) return false;
      } else if (isPlainParam(chunk) || chunk instanceof Slot) text += `$${params.push(chunk)}`;
      else return false;
    }
    return true;
  };
  return walk(query) ? { sql: text, params } : null;
}
