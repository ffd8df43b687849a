import * as v from 'valibot';

/**
 * Pieces of the answers' schemas (issue 30) that many routes share: the server serializes with them,
 * /api/docs shows them, and a generated client reads them.
 */

/** Ids, counts and rupiah amounts: whole numbers, JSON Schema `integer`. */
export const WholeNumber = v.pipe(v.number(), v.integer());

/** An instant as the server writes it (`Date.toISOString()`): JSON Schema `format: date-time`. */
export const IsoTime = v.pipe(v.string(), v.isoTimestamp());

/** A file answered inside the JSON envelope: its bytes in base64 and its name (the lists' exports, reports). */
export const FileContent = v.strictObject({ content: v.string(), filename: v.string() });
export type FileContent = v.InferOutput<typeof FileContent>;
