import { eq, sql } from 'drizzle-orm';
import { LanguageBody, type Language } from '../../src/i18n/language.ts';
import { msg } from '../../src/i18n/msg.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { auditBy } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { parseInput } from './input.ts';
import type { Principal } from './principal.ts';

/** What PUT /user/language answers, in the language just saved (the answer is translated into it). */
export const LANGUAGE_SAVED = msg({ defaultMessage: 'Language saved', id: 'AKusBj' });

/**
 * Saves the caller's own language (issue 48): the app's on every browser they sign in from, and the API's messages
 * from their next call on. Any verified user, an AUDITOR too: it changes nothing but their own reading. Audited with
 * the language before and after.
 */
export async function saveLanguage(
  db: Db,
  actor: Principal,
  body: unknown,
  origin: RequestOrigin,
): Promise<{ language: Language }> {
  const { language } = parseInput(LanguageBody, body);
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    await tx
      .update(users)
      .set({ language, updatedAt: sql`now()` })
      .where(eq(users.id, actor.id));
    await auditBy(tx, actor, origin, {
      action: 'user.language_saved',
      objectType: 'user',
      objectId: actor.id,
      outcome: 'success',
      detail: { from: before?.language ?? null, to: language },
    });
    return { language };
  });
}
