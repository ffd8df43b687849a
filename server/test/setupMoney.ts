import type { Db } from '../db/connect.ts';
import { auditSeeded } from '../seed/seedAudit.ts';

/**
 * Money a test puts in place before it acts (a deposit, credited pay-ins), in one transaction that
 * ends with the setup's own audit line, as the seed does: every journal entry names the line of
 * what posted it (issue 43), so the ledger check after the test finds no untraced entry.
 */
export const setupMoney = <T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const result = await write(tx);
    await auditSeeded(tx, 'test_setup', {});
    return result;
  });
