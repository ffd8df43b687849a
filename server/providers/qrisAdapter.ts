import * as v from 'valibot';
import { HttpError } from '../http/errors.ts';

const Answer = v.object({
  status: v.picklist(['PAID', 'PENDING', 'TIMEOUT']),
  rrn: v.optional(v.pipe(v.string(), v.maxLength(32))),
  paid_time: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});

export type ProviderStatus = { status: 'PAID'; rrn: string; paidTime: Date } | { status: 'PENDING' | 'TIMEOUT' };

const unavailable = () => new HttpError(502, 'The payment provider did not answer. Please try again later.');

/** Status inquiry of a QRIS pay-in at its channel, over HTTP, with a 5 s limit. */
export async function inquireQrisStatus(baseUrl: string, channel: 'fello_qris' | 'herra_qris', correlationId: string): Promise<ProviderStatus> {
  let body: unknown;
  try {
    const response = await fetch(`${baseUrl}/v1/qris/${channel}/status/${encodeURIComponent(correlationId)}`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw unavailable();
    body = await response.json();
  } catch (error) {
    throw error instanceof HttpError ? error : unavailable();
  }
  const parsed = v.safeParse(Answer, body);
  if (!parsed.success) throw unavailable();
  const answer = parsed.output;
  if (answer.status === 'PAID') return { status: 'PAID', rrn: answer.rrn ?? '', paidTime: answer.paid_time ? new Date(answer.paid_time) : new Date() };
  return { status: answer.status };
}
