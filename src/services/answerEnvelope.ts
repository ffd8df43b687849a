import * as v from 'valibot';
import type { Answer } from './routeOutput';

/**
 * The two JSON envelopes of design.md section 3 as schemas, around a route's own `data` and `meta`
 * (routeOutputs.ts): the server serializes with them and /api/docs shows them (issue 30).
 */
export function successAnswer(answer: Answer): v.GenericSchema {
  const entries: v.ObjectEntries = { status: v.literal('success'), message: v.string() };
  if (answer.data) entries.data = answer.data;
  if (answer.meta) entries.meta = answer.meta;
  return v.strictObject(entries);
}

/** Every refusal and failure of every route; `request_id` names it in the log (server/http/requestId.ts). */
export function failedAnswer(data?: v.GenericSchema): v.GenericSchema {
  const entries: v.ObjectEntries = {
    status: v.literal('failed'),
    message: v.string(),
    responseMessage: v.string(),
    errors: v.optional(v.array(v.strictObject({ field: v.string(), message: v.string() }))),
    request_id: v.string(),
  };
  // Only some failures of such a route carry it (a 502 of resend-callback, not its 409).
  if (data) entries.data = v.optional(data);
  return v.strictObject(entries);
}
