import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { WholeNumber } from './answerParts';

/**
 * Paging, shared by the browser and the server: the page and limit a paged list is asked for, the page sizes each
 * list offers, and the `meta` its answer carries.
 */

/** The rows per page of most paged lists, the first the default. */
export const GENERIC_PAGE_SIZES = [15, 30, 50] as const;
/** The rows per page of the payment lists (Payments List, Disbursement List), which people page through in bulk. */
export const TRANSACTION_PAGE_SIZES = [15, 100, 250, 500, 1000] as const;

/** The `page` of a query string: a number from 1, 1 when absent. */
export const PageParam = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, msg({ defaultMessage: 'page must be a number', id: 'qU4Ly5' })),
    v.transform(Number),
    v.minValue(1, msg({ defaultMessage: 'page must be at least 1', id: '4CTen0' })),
  ),
  '1',
);
/** The `limit` of a query string: one of `allowed` (sent as words, read as a number), `fallback` when absent. */
export const limitParam = (allowed: readonly number[], fallback: number) =>
  v.optional(
    // Checked as the words a caller sends ('15'), then read as a number: the JSON Schema /api/docs shows is
    // then a string enum that a value can satisfy (a string type with numbers as its enum had none, issue 30).
    v.pipe(
      v.string(),
      v.picklist(
        allowed.map((n) => String(n)),
        msg({ defaultMessage: 'limit must be one of {sizes}', id: 'kNIowH' }, { sizes: allowed.join(', ') }),
      ),
      v.transform(Number),
    ),
    String(fallback),
  );

/** A paged list's `meta`: page n of last_page (at least 1), total rows, rows per page. */
export const PageMeta = v.strictObject({
  current_page: WholeNumber,
  last_page: WholeNumber,
  total: WholeNumber,
  per_page: WholeNumber,
});
export type PageMeta = v.InferOutput<typeof PageMeta>;

/** One page of a paged list, as the domain answers it and the API client reads it: the rows and their `meta`. */
export interface Paged<Row> {
  rows: Row[];
  meta: PageMeta;
}
