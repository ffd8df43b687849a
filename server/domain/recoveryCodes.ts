import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { recoveryCodes } from '../db/schema.ts';

/**
 * argon2id at OWASP's smallest recommended profile (19 MiB, 2 passes, 1 lane), not the library's
 * default (64 MiB, 3 passes, 4 lanes) that passwords get. A password may be guessable, so its hash
 * must be as slow as we can afford; a recovery code is 60 random bits, which no offline search
 * exhausts at any hash speed. What remains to pay for is ours: a sign-in with a code verifies up to
 * ten hashes and a new set makes ten, and at the default profile that is ten times 64 MiB and the
 * better part of a second per attempt.
 */
const RECOVERY_HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Twelve characters of the alphabet, each from the CSPRNG without modulo bias (randomInt). */
const newCode = () =>
  Array.from(
    { length: RECOVERY_CODE_LENGTH },
    () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
  ).join('');

/** As shown and typed: xxxx-xxxx-xxxx. */
export const formatRecoveryCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

/** A new set, in the clear and hashed; hashed before any transaction opens, which the hashing would hold. */
export async function prepareRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => argon2.hash(code, RECOVERY_HASH)));
  return { codes: codes.map(formatRecoveryCode), hashes };
}

/** Inside the caller's transaction: the user's set becomes these hashes; every earlier code, used or not, goes. */
export async function storeRecoveryCodes(tx: Db, userId: number, hashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export const deleteRecoveryCodes = (tx: Db, userId: number) =>
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));

/**
 * Which unused code of the user this is (at most ten hashes to try), or null. `code` is normalised
 * (RecoveryCode in schemas.ts): twelve characters in upper case, as hashed.
 */
export async function matchRecoveryCode(db: Db, userId: number, code: string): Promise<number | null> {
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (await argon2.verify(row.codeHash, code).catch(() => false)) return row.id;
  }
  return null;
}

/**
 * Inside the caller's transaction: spends the code if no one has yet. The conditional update makes two
 * concurrent uses of one code succeed once. Answers how many unused codes are left, or null when it was spent.
 */
export async function spendRecoveryCode(tx: Db, userId: number, id: number): Promise<number | null> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.id, id), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (spent.length !== 1) return null;
  const [{ left }] = await tx
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(left);
}
