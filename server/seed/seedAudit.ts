import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { audit } from '../domain/audit.ts';

/**
 * The seed's own audit line for money it moved (issue 43): demo data is written without the actions
 * a person takes, yet every journal entry must name the line of what posted it. Written only when
 * the transaction posted entries since its last line (it claims their action key), so a seed step
 * that moved nothing adds no line.
 */
export async function auditSeeded(tx: Db, action: string, detail: Record<string, unknown>): Promise<void> {
  const {
    rows: [{ key }],
  } = await tx.execute<{ key: string | null }>(sql`select nullif(current_setting('bo.action_key', true), '') as key`);
  if (key == null) return;
  await audit(tx, { actorEmail: 'seed', action: `seed.${action}`, outcome: 'success', detail: { ...detail } });
}
