import type { PageMeta } from '../../src/services/paging.ts';

/**
 * The one response shape of design.md section 3. Only a paged list carries `meta`: its page (PageMeta), with what
 * the list adds to it (the Audit Log's chain_head).
 */
export function ok<T, M extends PageMeta = PageMeta>(data?: T, message = 'OK', meta?: M) {
  return { status: 'success' as const, message, ...(data === undefined ? {} : { data }), ...(meta ? { meta } : {}) };
}
