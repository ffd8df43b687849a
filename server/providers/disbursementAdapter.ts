import * as v from 'valibot';
import { DomainError, providerFailed } from '../domain/errors.ts';

const Answer = v.object({
  status: v.picklist(['PENDING', 'FINALIZED', 'FAILED']),
  paid_time: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});

export type DisbursementProviderStatus = { status: 'FINALIZED'; paidTime: Date } | { status: 'PENDING' | 'FAILED' };

/** Status inquiry of one disbursement at the transfer provider, over HTTP, with a 5 s limit. */
export async function inquireDisbursementStatus(baseUrl: string, correlationId: string): Promise<DisbursementProviderStatus> {
  let body: unknown;
  try {
    const response = await fetch(`${baseUrl}/v1/disbursements/${encodeURIComponent(correlationId)}/status`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw providerFailed();
    body = await response.json();
  } catch (error) {
    throw error instanceof DomainError ? error : providerFailed();
  }
  const parsed = v.safeParse(Answer, body);
  if (!parsed.success) throw providerFailed();
  const answer = parsed.output;
  if (answer.status === 'FINALIZED') return { status: 'FINALIZED', paidTime: answer.paid_time ? new Date(answer.paid_time) : new Date() };
  return { status: answer.status };
}
