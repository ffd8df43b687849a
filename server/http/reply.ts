/** The one response shape of design.md section 3. */
export function ok<T>(data?: T, message = 'OK', meta?: Record<string, unknown>) {
  return { status: 'success' as const, message, ...(data === undefined ? {} : { data }), ...(meta ? { meta } : {}) };
}
