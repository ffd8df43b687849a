import * as v from 'valibot';
import { PaidTime, paidTimeOf, statusInquiry } from './providerAdapter.ts';

const Answer = v.object({
  status: v.picklist(['PAID', 'PENDING', 'TIMEOUT']),
  rrn: v.optional(v.pipe(v.string(), v.maxLength(32))),
  paid_time: PaidTime,
});

export type ProviderStatus = { status: 'PAID'; rrn: string; paidTime: Date } | { status: 'PENDING' | 'TIMEOUT' };

/** Status inquiry of a QRIS pay-in at its channel: `inquireQrisStatus(baseUrl, channel, correlationId)`. */
export const inquireQrisStatus = statusInquiry({
  path: (channel: 'fello_qris' | 'herra_qris', correlationId: string) =>
    `/v1/qris/${channel}/status/${encodeURIComponent(correlationId)}`,
  answer: Answer,
  toStatus: (answer): ProviderStatus =>
    answer.status === 'PAID'
      ? { status: 'PAID', rrn: answer.rrn ?? '', paidTime: paidTimeOf(answer.paid_time) }
      : { status: answer.status },
});
