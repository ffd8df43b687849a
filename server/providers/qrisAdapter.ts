import * as v from 'valibot';
import { DomainError, providerFailed } from '../domain/errors.ts';

const Answer = v.object({
  status: v.picklist(['PAID', 'PENDING', 'TIMEOUT']),
  rrn: v.optional(v.pipe(v.string(), v.maxLength(32))),
  paid_time: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});

export type ProviderStatus = { status: 'PAID'; rrn: string; paidTime: Date } | { status: 'PENDING' | 'TIMEOUT' };

/** Status inquiry of a QRIS pay-in at its channel, over HTTP, with a 5 s limit. */
export async function inquireQrisStatus(baseUrl: string, channel: 'fello_qris' | 'herra_qris', correlationId: string): Promise<ProviderStatus> {
  let body: unknown;
  try {
    const response = await fetch(`${baseUrl}/v1/qris/${channel}/status/${encodeURIComponent(correlationId)}`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw providerFailed();
    body = await response.json();
  } catch (error) {
    throw error instanceof DomainError ? error : providerFailed();
  }
  const parsed = v.safeParse(Answer, body);
  if (!parsed.success) throw providerFailed();
  const answer = parsed.output;
  if (answer.status === 'PAID') return { status: 'PAID', rrn: answer.rrn ?? '', paidTime: answer.paid_time ? new Date(answer.paid_time) : new Date() };
  return { status: answer.status };
}
