import * as v from 'valibot';
import { PaidTime, paidTimeOf, statusInquiry } from './providerAdapter.ts';

const Answer = v.object({
  status: v.picklist(['PENDING', 'FINALIZED', 'FAILED']),
  paid_time: PaidTime,
});

export type DisbursementProviderStatus = { status: 'FINALIZED'; paidTime: Date } | { status: 'PENDING' | 'FAILED' };

/** Status inquiry of one disbursement at the transfer provider: `inquireDisbursementStatus(baseUrl, correlationId)`. */
export const inquireDisbursementStatus = statusInquiry({
  path: (correlationId: string) => `/v1/disbursements/${encodeURIComponent(correlationId)}/status`,
  answer: Answer,
  toStatus: (answer): DisbursementProviderStatus =>
    answer.status === 'FINALIZED'
      ? { status: 'FINALIZED', paidTime: paidTimeOf(answer.paid_time) }
      : { status: answer.status },
});
