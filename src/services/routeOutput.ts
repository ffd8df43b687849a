import type * as v from 'valibot';

/**
 * What a successful answer's JSON envelope `{ status, message, data?, meta? }` carries (design.md
 * section 3): the schema of `data` (absent: the envelope has none) and of `meta` (paged lists).
 */
export interface Answer {
  data?: v.GenericSchema;
  meta?: v.GenericSchema;
}

/**
 * A route's answers on success, by HTTP status (201 created, 202 held for a second SUPER ADMIN), or
 * `file`: the media type of a download that is not the JSON envelope. Failures are the one failed
 * envelope of every route. The server serializes with these schemas and /api/docs shows them (issue 30).
 */
export interface RouteOutput {
  200?: Answer;
  201?: Answer;
  202?: Answer;
  file?: string;
  /** A 200 answer that is not the envelope at all (the OpenAPI document of /api/docs). */
  body?: v.GenericSchema;
  /** What a failed answer of this route carries in `data` besides the failed envelope (/readyz's checks). */
  failedData?: v.GenericSchema;
}
