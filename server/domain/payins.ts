import type { Db } from '../db/connect.ts';
import { postEntry, type EntryInput } from './ledger.ts';
import { msg } from '../../src/i18n/msg.ts';

/** The pay-in's one entry of a kind: keyed by its reference, so it applies once. */
const post = (
  tx: Db,
  p: { reference: string; by?: number | null },
  entry: Omit<EntryInput, 'reference' | 'createdBy'>,
) => postEntry(tx, { ...entry, reference: p.reference, createdBy: p.by ?? null });

/**
 * A FINALIZED pay-in credits its client, once: what the channel received, less the fee, onto the
 * non-withdrawable balance; the fee to the system's fee account.
 */
export function creditPayin(
  tx: Db,
  p: { clientId: number; reference: string; amount: number; fee: number; by?: number | null },
) {
  return post(tx, p, {
    kind: 'payin.finalized',
    description: msg({ defaultMessage: 'Pay-in finalized', id: 'DjDFZS', description: "a ledger entry's description" }),
    lines: [
      { account: { system: 'channelReceipts' }, amount: -p.amount },
      { account: { client: p.clientId, kind: 'nonwithdrawable' }, amount: p.amount - p.fee },
      ...(p.fee > 0 ? [{ account: { system: 'fees' as const }, amount: p.fee }] : []),
    ],
  });
}

/** Moves a credited pay-in's net amount to the withdrawable balance, once per pay-in. */
export function releaseToWithdrawable(
  tx: Db,
  p: { clientId: number; reference: string; net: number; by?: number | null },
) {
  return post(tx, p, {
    kind: 'payin.withdrawable',
    description: msg({
      defaultMessage: 'Added to withdrawable balance',
      id: '0Sv5hb',
      description: "a ledger entry's description",
    }),
    lines: [
      { account: { client: p.clientId, kind: 'nonwithdrawable' }, amount: -p.net },
      { account: { client: p.clientId, kind: 'withdrawable' }, amount: p.net },
    ],
  });
}
