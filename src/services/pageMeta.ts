import * as v from 'valibot';

/** The `meta` of a paged list's answer (design.md section 3): which page, of how many, of how many rows. */
export const PageMetaSchema = v.strictObject({
  current_page: v.number(),
  last_page: v.number(),
  total: v.number(),
  per_page: v.number(),
});
