import { randomUUID } from 'node:crypto';
import { SETTLEMENT_TYPES } from '../../src/services/settlementRules.ts';
import type { TransactionStatus, TransactionType } from '../db/schema.ts';

/** Realistic pay-ins: channel shares, amounts, fees, statuses and Jakarta business-hour peaks. */
interface Channel {
  type: TransactionType;
  share: number;
  service: 'QRIS' | 'VIRTUAL_ACCOUNT' | 'DIRECT_DEBIT';
  prefix: string;
  amount: [number, number, number];
  /** A share of the amount (rounded to the rupiah) or a fixed fee: data, so the SQL loader reads it too. */
  fee: { rate: number } | { fixed: number };
}

export const channels: Channel[] = [
  {
    type: 'fello_qris',
    share: 0.22,
    service: 'QRIS',
    prefix: 'FQR',
    amount: [10_000, 1_500_000, 500],
    fee: { rate: 0.007 },
  },
  {
    type: 'herra_qris',
    share: 0.18,
    service: 'QRIS',
    prefix: 'HQR',
    amount: [10_000, 1_000_000, 500],
    fee: { rate: 0.007 },
  },
  {
    type: 'dana_directdebit',
    share: 0.1,
    service: 'DIRECT_DEBIT',
    prefix: 'DANA',
    amount: [20_000, 3_000_000, 1_000],
    fee: { rate: 0.015 },
  },
  {
    type: 'fello_direct_debit',
    share: 0.08,
    service: 'DIRECT_DEBIT',
    prefix: 'FDD',
    amount: [20_000, 5_000_000, 1_000],
    fee: { rate: 0.018 },
  },
  {
    type: 'va_bca',
    share: 0.14,
    service: 'VIRTUAL_ACCOUNT',
    prefix: 'VABCA',
    amount: [50_000, 15_000_000, 1_000],
    fee: { fixed: 5_000 },
  },
  {
    type: 'va_mandiri',
    share: 0.1,
    service: 'VIRTUAL_ACCOUNT',
    prefix: 'VAMDR',
    amount: [50_000, 15_000_000, 1_000],
    fee: { fixed: 4_000 },
  },
  {
    type: 'va_bri',
    share: 0.09,
    service: 'VIRTUAL_ACCOUNT',
    prefix: 'VABRI',
    amount: [50_000, 10_000_000, 1_000],
    fee: { fixed: 4_000 },
  },
  {
    type: 'va_cimb',
    share: 0.05,
    service: 'VIRTUAL_ACCOUNT',
    prefix: 'VACIMB',
    amount: [50_000, 10_000_000, 1_000],
    fee: { fixed: 4_000 },
  },
  {
    type: 'va_permata',
    share: 0.04,
    service: 'VIRTUAL_ACCOUNT',
    prefix: 'VAPMT',
    amount: [50_000, 10_000_000, 1_000],
    fee: { fixed: 4_000 },
  },
];
export const vaPrefix: Record<string, string> = {
  va_bca: '39358',
  va_mandiri: '88908',
  va_bri: '12661',
  va_cimb: '70012',
  va_permata: '89508',
};

// Relative pay-in volume per Jakarta hour: quiet nights, a lunch peak and an evening peak.
export const hourWeights = [
  1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.5, 4, 5, 5.5, 6.5, 8, 7, 5.5, 5, 5.5, 6, 7.5, 8.5, 8, 6, 4, 2,
];
const JAKARTA_OFFSET_MS = 7 * 3_600_000;

export interface GeneratedPayin {
  uuid: string;
  clientId: number;
  type: TransactionType;
  serviceType: string;
  rrn: string | null;
  correlationId: string;
  accountNo: string;
  amount: number;
  feeAmount: number;
  status: TransactionStatus;
  transactionTime: Date;
  paidTime: Date | null;
  settlementTime: Date | null;
  withdrawableAt: Date | null;
}

function pick<T>(random: () => number, items: T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let r = random() * total;
  for (const item of items) if ((r -= weight(item)) < 0) return item;
  return items[items.length - 1];
}

const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** Log-uniform amounts: many small payments, a long tail of large ones. */
function amountOf(random: () => number, [min, max, step]: [number, number, number]) {
  const value = Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
  return Math.max(min, Math.round(value / step) * step);
}

export const feeOf = (channel: Channel, amount: number) =>
  'rate' in channel.fee ? Math.round(amount * channel.fee.rate) : channel.fee.fixed;

const settledChannels = new Set<string>(SETTLEMENT_TYPES);

function statusOf(random: () => number, channel: Channel, ageDays: number): TransactionStatus {
  const r = random();
  if (channel.service === 'QRIS') {
    if (r < 0.05) return 'PENDING';
    if (r < 0.09) return 'REQUEST_TIMEOUT';
  } else if (channel.service === 'VIRTUAL_ACCOUNT') {
    if (r < 0.04) return 'PENDING';
    if (r < 0.13) return 'VA_EXPIRED';
  } else if (r < 0.06) return 'PENDING';
  // Days before yesterday have been settled for every settlement type (the other channels mostly);
  // yesterday's and today's paid pay-ins wait for the Settlement screen's default window.
  if (ageDays < 2) return 'FINALIZED';
  // The draw is made either way, so the rest of the demo data stays what it was.
  const mostly = random() < 0.6;
  return settledChannels.has(channel.type) || mostly ? 'SETTLED' : 'FINALIZED';
}

export function* generatePayins(options: {
  count: number;
  days: number;
  clientIds: number[];
  random: () => number;
  now?: Date;
  sequenceStart?: number;
}): Generator<GeneratedPayin> {
  const { count, days, clientIds, random } = options;
  const now = options.now ?? new Date();
  const todayJakarta = Math.floor((now.getTime() + JAKARTA_OFFSET_MS) / 86_400_000);
  const clientWeights = clientIds.map((id, i) => ({ id, w: 1 / (i + 1.5) }));
  for (let i = 0; i < count; i++) {
    const channel = pick(random, channels, (c) => c.share);
    const ageDays = i < count * 0.06 ? Math.floor(random() * 2) : Math.floor(random() * days);
    const hour = pick(
      random,
      hourWeights.map((w, h) => ({ h, w })),
      (x) => x.w,
    ).h;
    let time =
      (todayJakarta - ageDays) * 86_400_000 - JAKARTA_OFFSET_MS + hour * 3_600_000 + Math.floor(random() * 3_600_000);
    // A time of today that has not come yet falls somewhere between midnight and now, so today
    // always has pay-ins (PENDING QRIS among them) however early the demo starts.
    if (time > now.getTime()) {
      const midnight = todayJakarta * 86_400_000 - JAKARTA_OFFSET_MS;
      time = midnight + Math.floor(random() * (now.getTime() - midnight));
    }
    const transactionTime = new Date(time);
    const status = statusOf(random, channel, ageDays);
    const amount = amountOf(random, channel.amount);
    const paid = status === 'FINALIZED' || status === 'SETTLED';
    const paidTime = paid ? new Date(time + 2_000 + Math.floor(random() * 240_000)) : null;
    const settlementTime =
      status === 'SETTLED'
        ? new Date(
            (Math.floor((time + JAKARTA_OFFSET_MS) / 86_400_000) + 1) * 86_400_000 - JAKARTA_OFFSET_MS + 2 * 3_600_000,
          )
        : null;
    const released = status === 'SETTLED' || (status === 'FINALIZED' && ageDays >= 3 && random() < 0.5);
    const ymd = new Date(time + JAKARTA_OFFSET_MS).toISOString().slice(2, 10).replace(/-/g, '');
    const seq = String((options.sequenceStart ?? 0) + i).padStart(8, '0');
    yield {
      uuid: randomUUID(),
      clientId: pick(random, clientWeights, (c) => c.w).id,
      type: channel.type,
      serviceType: channel.service,
      rrn: paid ? digits(random, 12) : null,
      correlationId: `${channel.prefix}${ymd}${seq}${digits(random, 2)}`,
      accountNo:
        channel.service === 'VIRTUAL_ACCOUNT'
          ? `${vaPrefix[channel.type]}08${digits(random, 9)}`
          : channel.service === 'DIRECT_DEBIT'
            ? `08${digits(random, 10)}`
            : `ID10${digits(random, 11)}`,
      amount,
      feeAmount: feeOf(channel, amount),
      status,
      transactionTime,
      paidTime,
      settlementTime,
      withdrawableAt: released ? (settlementTime ?? new Date(time + 3 * 86_400_000)) : null,
    };
  }
}
