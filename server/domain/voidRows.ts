import { DISBURSEMENT_INVALID_VOID } from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import { DISBURSEMENT_NOT_FOUND, type VoidUploadResult } from '../../src/services/disbursementActions.ts';
import type { VoidOutcome } from '../../src/services/disbursementQuery.ts';
import type { DisbursementRecord } from './disbursements.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * The void upload's rows and counts, apart from the database: what each row of a file would do given the
 * disbursements it names, and the summary of any rows' outcomes. Pure, so a property test can hold it to its counts.
 */

/** A correlation id to void, with the sheet row (1-based, the header row being row 1) it came from. */
export interface VoidEntry {
  row: number;
  correlation_id: string;
}

/** What a row's preview needs of the disbursement it names. */
export type VoidTarget = Pick<DisbursementRecord, 'status' | 'amount' | 'feeAmount'>;

export const VOID_NAMED_TWICE = msg({ defaultMessage: 'Named twice in the file: counted once', id: '8G7B1+' });

export const notFoundOutcome = (entry: VoidEntry): VoidOutcome => ({
  ...entry,
  outcome: 'not_found',
  message: entry.correlation_id
    ? DISBURSEMENT_NOT_FOUND
    : msg({ defaultMessage: 'No correlation_id in this row', id: 'Roo6LP' }),
});
export const notFinalizedOutcome = (entry: VoidEntry, status: string): VoidOutcome => ({
  ...entry,
  outcome: 'not_finalized',
  message: msg(
    { defaultMessage: '{refusal} (it is {status})', id: 'jePv77' },
    { refusal: DISBURSEMENT_INVALID_VOID, status },
  ),
});

/**
 * Each row's outcome as the apply would find it now, and the amount + fee that would come back. A row naming a
 * correlation id an earlier row named is `duplicate`, whatever that id names: correlation ids are unique, so the first
 * row alone speaks for its disbursement (a repeat would otherwise read as 'already voided' and be counted twice). Rows
 * with no id name nothing, so none of them repeats another. `checkVoid` refuses a caller who may not void at all.
 */
export function previewVoidRows<T extends VoidTarget>(
  entries: readonly VoidEntry[],
  known: ReadonlyMap<string, T>,
  checkVoid: (target: T) => void,
): { results: VoidOutcome[]; amount: number } {
  const named = new Set<string>();
  let amount = 0;
  const results = entries.map((entry): VoidOutcome => {
    const id = entry.correlation_id;
    if (id && named.has(id)) return { ...entry, outcome: 'duplicate', message: VOID_NAMED_TWICE };
    named.add(id);
    const target = id ? known.get(id) : undefined;
    if (!target) return notFoundOutcome(entry);
    if (target.status === 'VOIDED')
      return {
        ...entry,
        outcome: 'already_voided',
        message: msg({ defaultMessage: 'Disbursement was already voided; nothing would move', id: 'F+ohqv' }),
      };
    if (target.status !== 'FINALIZED') return notFinalizedOutcome(entry, target.status);
    checkVoid(target);
    amount += target.amount + target.feeAmount;
    return {
      ...entry,
      outcome: 'would_void',
      message: msg({
        defaultMessage: 'Will be voided; amount and fee return to the disbursement balance',
        id: '/BwKZR',
      }),
    };
  });
  return { results, amount };
}

/** The answer over rows' outcomes: one count per outcome, and the money that came (or would come) back. */
export function summarizeVoid(dryRun: boolean, results: VoidOutcome[], amount: number): VoidUploadResult {
  const count = (outcome: VoidOutcome['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const summary = {
    rows: results.length,
    voided: count('voided'),
    would_void: count('would_void'),
    not_found: count('not_found'),
    not_finalized: count('not_finalized'),
    already_voided: count('already_voided'),
    duplicate: count('duplicate'),
  };
  return { dry_run: dryRun, summary, total: { count: dryRun ? summary.would_void : summary.voided, amount }, results };
}
