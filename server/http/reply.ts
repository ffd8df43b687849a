import type { PageMeta } from '../../src/services/withdrawalRules.ts';

/** The one response shape of design.md section 3. */
export function ok<T>(data?: T, message = 'OK', meta?: Record<string, unknown>) {
  return { status: 'success' as const, message, ...(data === undefined ? {} : { data }), ...(meta ? { meta } : {}) };
}

/** Paged lists' `meta`: page n of at least one, however few the rows. */
export const pageMeta = (page: number, limit: number, total: number): PageMeta =>
  ({ current_page: page, last_page: Math.max(1, Math.ceil(total / limit)), total, per_page: limit });
