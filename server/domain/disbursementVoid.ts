import { inArray } from 'drizzle-orm';
import { voidFileChanged, type VoidUploadResult } from '../../src/services/disbursementActions.ts';
import type { VoidOutcome } from '../../src/services/disbursementQuery.ts';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { disbursements } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, invalidInput, ruleBroken } from './errors.ts';
import { holdIfNeeded, wouldHold } from './approvalHold.ts';
import { seesClient } from './clientScope.ts';
import { audit } from './audit.ts';
import { auditWithItems, itemsOfIds } from './auditItems.ts';
import type { RequestOrigin } from './authentication.ts';
import {
  applyDisbursementEvent,
  checkDisbursement,
  findDisbursement,
  type DisbursementRecord,
} from './disbursements.ts';
import type { Principal } from './principal.ts';
import { notFinalizedOutcome, previewVoidRows, summarizeVoid, type VoidEntry } from './voidRows.ts';
import { msg } from '../../src/i18n/msg.ts';

export const VOID_MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Each void is its own transaction (an approved upload's all in one); a file longer than this is refused before any is
 * tried.
 */
export const VOID_MAX_ROWS = 20_000;
/** Cells read at most: the row cap times 16 columns (a void list needs 1; the Disbursement List export has 12). */
export const VOID_MAX_CELLS = VOID_MAX_ROWS * 16;
export const voidTooManyRows = (filename: string) =>
  msg(
    { defaultMessage: '{filename}: the file has more than {rows} rows; split it into smaller files', id: '3Vlg7A' },
    { filename, rows: VOID_MAX_ROWS.toLocaleString('en-US') },
  );

// Headers compare lower-cased without spaces, '_' or '-'; the first alias present wins.
const ALIASES = [
  'correlationid',
  'correlation',
  'partnerreferenceno',
  'referenceno',
  'reference',
  'merchantref',
  'transactionid',
];
const normalise = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const text = (value: unknown) => (value == null ? '' : String(value).trim());
const isEmpty = (row: unknown[] | undefined) => !row || row.every((cell) => text(cell) === '');

/** invalidInput unless the name ends in .csv or .xlsx (the void upload takes nothing else). */
export function assertVoidFileName(filename: string): void {
  // The same kinds the shared reader and the screen take (old .xls exports of bank portals included).
  if (!/\.(csv|xlsx|xls)$/i.test(filename))
    throw invalidInput(
      msg({ defaultMessage: '{filename}: only CSV or Excel files are accepted', id: 'w2mwsf' }, { filename }),
    );
}

/**
 * The correlation ids of a void file, from its rows as read (header row included). The column is
 * the one headed correlation_id or an alias; a file of a single column without such a header is
 * read as ids from its first row on. Empty rows are skipped; a row with data but no id is kept
 * (as '') so the answer can say so. Pure: no I/O, so any sheet reader can feed it.
 */
export function voidRowsFromSheet(filename: string, rows: unknown[][]): VoidEntry[] {
  const first = rows.findIndex((row) => !isEmpty(row));
  if (first < 0)
    throw ruleBroken(msg({ defaultMessage: '{filename}: the file has no rows', id: 'V6oNbh' }, { filename }));
  const header = rows[first].map(normalise);
  const aliasAt = ALIASES.map((alias) => header.indexOf(alias)).find((i) => i >= 0);
  let column: number;
  let dataFrom: number;
  if (aliasAt !== undefined) {
    column = aliasAt;
    dataFrom = first + 1;
  } else {
    const used = new Set(rows.flatMap((row) => (row ?? []).flatMap((cell, i) => (text(cell) === '' ? [] : [i]))));
    if (used.size !== 1)
      throw ruleBroken(
        msg({ defaultMessage: '{filename}: no correlation_id column was found', id: 'kbk23j' }, { filename }),
      );
    column = [...used][0];
    dataFrom = first;
  }
  const entries: VoidEntry[] = [];
  for (let i = dataFrom; i < rows.length; i++) {
    if (isEmpty(rows[i])) continue;
    if (entries.length === VOID_MAX_ROWS) throw ruleBroken(voidTooManyRows(filename));
    entries.push({ row: i + 1, correlation_id: text(rows[i][column]) });
  }
  if (entries.length === 0)
    throw ruleBroken(
      msg({ defaultMessage: '{filename}: the file has no correlation_id rows', id: 'Ukn3eC' }, { filename }),
    );
  return entries;
}

type Found = DisbursementRecord;

/** The disbursements the entries name that the user may see, by correlation id (read in chunks, unlocked). */
async function lookUp(db: Db, principal: Principal, entries: VoidEntry[]): Promise<Map<string, Found>> {
  const ids = [...new Set(entries.map((e) => e.correlation_id).filter(Boolean))];
  const known = new Map<string, Found>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const found = await db
      .select()
      .from(disbursements)
      .where(inArray(disbursements.correlationId, ids.slice(i, i + 1_000)));
    for (const d of found) {
      if (seesClient(principal, d.clientId)) known.set(d.correlationId, d);
    }
  }
  return known;
}

/**
 * The void upload's dry run: what each row would do now, the amount + fee that would come back
 * to the disbursement balance, and whether applying it would wait for a second SUPER ADMIN. Reads only: no status,
 * ledger entry, audit row or work order is written. A caller whose role may not void at all is refused outright, as the
 * apply refuses it.
 */
export async function previewVoidDisbursements(
  db: Db,
  principal: Principal,
  entries: VoidEntry[],
  lookedUp?: Map<string, Found>,
): Promise<VoidUploadResult> {
  const known = lookedUp ?? (await lookUp(db, principal, entries));
  const { results, amount } = previewVoidRows(entries, known, (target) =>
    checkDisbursement(target, { type: 'VOID', role: principal.type }),
  );
  return { ...summarizeVoid(true, results, amount), needs_approval: await wouldHold(db, 'void-upload', amount) };
}

/** Who a void is by: the caller, or for an approved void upload the checker, naming the maker. */
interface VoidActor {
  id: number;
  email: string;
  type: Principal['type'];
  approval?: { makerId: number; makerEmail: string; approvalId: number; requestedAt: Date };
}

/**
 * One row's void, in the caller's transaction under the disbursement's row lock, through the
 * lifecycle (VOID, the actor's role): VOIDED, and the paid-out amount and fee back to the
 * disbursement balance. Checked at this moment whatever a preview said: one already VOIDED (an
 * earlier upload, or another upload at the same time) moves no money again.
 */
async function voidOne(
  tx: Db,
  lookup: Principal,
  actor: VoidActor,
  entry: VoidEntry,
  uuid: string,
  filename: string,
  origin: RequestOrigin,
): Promise<VoidOutcome & { moved: number; clientId: number }> {
  const current = await findDisbursement(tx, lookup, { uuid }, true);
  const none = { moved: 0, clientId: current.clientId };
  if (current.status === 'VOIDED')
    return {
      ...entry,
      ...none,
      outcome: 'already_voided',
      message: msg({ defaultMessage: 'Disbursement was already voided; nothing moved', id: '23h3uK' }),
    };
  // A caller whose role may not void at all is refused outright (notAllowed), not row by row.
  if (current.status === 'FINALIZED') checkDisbursement(current, { type: 'VOID', role: actor.type });
  else return { ...notFinalizedOutcome(entry, current.status), ...none };
  // Approved: the disbursement's audit path shows the maker's request, then the checker's void. The
  // request's line comes before the movement, so the void's line is the one that claims its entries.
  if (actor.approval) {
    await audit(tx, {
      actorUserId: actor.approval.makerId,
      actorEmail: actor.approval.makerEmail,
      action: 'disbursement.void_requested',
      objectType: 'disbursement',
      objectId: current.uuid,
      outcome: 'success',
      // Written with the checker's void; when the maker asked is the request's own time.
      detail: {
        filename,
        row: entry.row,
        before: { status: 'FINALIZED' },
        after: { status: 'PENDING_APPROVAL' },
        approval_id: actor.approval.approvalId,
        requested_at: actor.approval.requestedAt.toISOString(),
      },
    });
  }
  await applyDisbursementEvent(tx, current, { type: 'VOID', role: actor.type }, { by: actor.id });
  await audit(tx, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: 'disbursement.void',
    objectType: 'disbursement',
    objectId: current.uuid,
    outcome: 'success',
    ip: origin.ip,
    detail: {
      filename,
      row: entry.row,
      before: { status: actor.approval ? 'PENDING_APPROVAL' : 'FINALIZED' },
      after: { status: 'VOIDED' },
      amount: current.amount,
      fee_amount: current.feeAmount,
      ...(actor.approval ? { maker: actor.approval.makerEmail, approval_id: actor.approval.approvalId } : {}),
    },
  });
  return {
    ...entry,
    moved: current.amount + current.feeAmount,
    clientId: current.clientId,
    outcome: 'voided',
    message: 'Disbursement voided; amount and fee returned to the disbursement balance',
  };
}

/** What a held void upload keeps for its approval: the file's name and the rows that would void. */
export interface HeldVoid {
  filename: string;
  entries: (VoidEntry & { uuid: string })[];
}

/**
 * Locks the disbursements the lookup found, in uuid order (the order applyHeldVoid locks them in), so two uploads
 * naming the same rows queue instead of deadlocking; chunked like the lookup.
 */
async function lockFound(tx: Db, found: Map<string, Found>): Promise<void> {
  const uuids = [...new Set([...found.values()].map((d) => d.uuid))].sort((a, b) => a.localeCompare(b));
  for (let i = 0; i < uuids.length; i += 1_000)
    await tx
      .select({ uuid: disbursements.uuid })
      .from(disbursements)
      .where(inArray(disbursements.uuid, uuids.slice(i, i + 1_000)))
      .orderBy(disbursements.uuid)
      .for('update');
}

/**
 * Voids the FINALIZED disbursements the entries name, in one transaction under the rows' locks: the
 * preview is made again under them, so what it says is what moves. When what would come back is at or
 * above the approval policy's 'void-upload' threshold (issue 25), nothing is voided: the rows that would
 * void are held for a second SUPER ADMIN, and the answer is the approval's id. With `expected` (the
 * preview the person confirmed), a file that would now void another count or amount is refused
 * (conflict) and nothing moves (issue 44): a void by another upload that commits first is seen here,
 * because this one waits for its locks.
 */
export async function voidDisbursements(
  db: Db,
  principal: Principal,
  filename: string,
  entries: VoidEntry[],
  origin: RequestOrigin,
  expected: { count: number; amount: number } | null = null,
): Promise<(VoidUploadResult & { movedClients: number[] }) | ApprovalHeld> {
  // Unlocked, only to learn which rows to lock; read again once they are locked.
  const named = await lookUp(db, principal, entries);
  return inTransaction(db, async (tx) => {
    await lockFound(tx, named);
    const known = await lookUp(tx, principal, entries);
    const preview = await previewVoidDisbursements(tx, principal, entries, known);
    const changed = expected && voidFileChanged(preview.total, expected);
    if (changed) throw conflict(changed);
    const voiding = preview.results
      .filter((r) => r.outcome === 'would_void')
      .map((r) => ({ row: r.row, correlation_id: r.correlation_id, uuid: known.get(r.correlation_id)!.uuid }));
    const clientIds = new Set(voiding.map((e) => known.get(e.correlation_id)!.clientId));
    const held = await holdIfNeeded(
      tx,
      principal,
      'void-upload',
      preview.total.amount,
      {
        clientId: clientIds.size === 1 ? [...clientIds][0] : null,
        before: null,
        after: null,
        summary: msg(
          {
            defaultMessage: 'Void {count} disbursements of {filename}, returning {amount} to the disbursement balance',
            id: 'ezmj1N',
            description: "a held action's summary",
          },
          { count: voiding.length.toLocaleString('en-US'), filename, amount: formatRupiah(preview.total.amount) },
        ),
        payload: { filename, entries: voiding } satisfies HeldVoid,
      },
      origin,
    );
    if (held) return held;
    const results: VoidOutcome[] = [];
    const voidedUuids: string[] = [];
    const movedClients = new Set<number>();
    let amount = 0;
    for (const [i, entry] of entries.entries()) {
      const seen = preview.results[i];
      // Only the rows the preview (under the locks) found FINALIZED void. A repeated id keeps its
      // preview's word: its first row did (or did not) void it.
      if (seen.outcome !== 'would_void') {
        results.push(
          seen.outcome === 'already_voided'
            ? {
                ...seen,
                message: msg({ defaultMessage: 'Disbursement was already voided; nothing moved', id: '23h3uK' }),
              }
            : seen,
        );
        continue;
      }
      const uuid = known.get(entry.correlation_id)!.uuid;
      const { moved, clientId, ...outcome } = await voidOne(tx, principal, principal, entry, uuid, filename, origin);
      results.push(outcome);
      if (outcome.outcome === 'voided') voidedUuids.push(uuid);
      amount += moved;
      if (moved > 0) movedClients.add(clientId);
    }
    const result = summarizeVoid(false, results, amount);
    // Each row's void has its own line; this one lists them all as its items, in the same transaction.
    await auditWithItems(
      tx,
      {
        actorUserId: principal.id,
        actorEmail: principal.email,
        action: 'disbursement.void_upload',
        outcome: 'success',
        ip: origin.ip,
        detail: { filename, ...result.summary, amount },
      },
      itemsOfIds('disbursement', voidedUuids),
    );
    // Which clients' balances moved, for the live balance event (not part of the answer).
    return { ...result, movedClients: [...movedClients] };
  });
}

/**
 * A held void upload, approved (issue 25): inside the decision's transaction, every held row
 * voided again through voidOne by the checker (each checked at this moment: one voided or changed
 * since moves nothing), then the upload's audit line naming the maker.
 */
export async function applyHeldVoid(
  tx: Db,
  people: { maker: { id: number; email: string }; checker: Principal },
  held: HeldVoid,
  approval: { id: number; requestedAt: Date },
  origin: RequestOrigin,
): Promise<{ clientIds: number[] }> {
  const approvalId = approval.id;
  const { maker, checker } = people;
  const actor: VoidActor = {
    id: checker.id,
    email: checker.email,
    type: checker.type,
    approval: { makerId: maker.id, makerEmail: maker.email, approvalId, requestedAt: approval.requestedAt },
  };
  const results: VoidOutcome[] = [];
  const voidedUuids: string[] = [];
  const clientIds = new Set<number>();
  let amount = 0;
  // Locked in uuid order, so two approvals of overlapping files queue rather than deadlock.
  for (const entry of [...held.entries].sort((a, b) => a.uuid.localeCompare(b.uuid))) {
    const { moved, clientId, ...outcome } = await voidOne(
      tx,
      checker,
      actor,
      { row: entry.row, correlation_id: entry.correlation_id },
      entry.uuid,
      held.filename,
      origin,
    );
    results.push(outcome);
    if (outcome.outcome === 'voided') voidedUuids.push(entry.uuid);
    amount += moved;
    if (moved > 0) clientIds.add(clientId);
  }
  const { summary } = summarizeVoid(false, results, amount);
  await auditWithItems(
    tx,
    {
      actorUserId: checker.id,
      actorEmail: checker.email,
      action: 'disbursement.void_upload',
      outcome: 'success',
      ip: origin.ip,
      detail: { filename: held.filename, ...summary, amount, maker: maker.email, approval_id: approvalId },
    },
    itemsOfIds('disbursement', voidedUuids),
  );
  return { clientIds: [...clientIds] };
}
