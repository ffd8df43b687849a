import type { PageMeta } from '../../src/services/withdrawalRules.ts';

/** Paged lists' `meta`: page n of at least one, however few the rows. */
export const pageMeta = (page: number, limit: number, total: number): PageMeta => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / limit)),
  total,
  per_page: limit,
});
