import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { banks, modules } from '../db/schema.ts';
import { moduleCatalogue } from '../../src/services/pages.ts';

export const bankCatalogue = [
  ['014', 'BCA'],
  ['002', 'BRI'],
  ['009', 'BNI'],
  ['008', 'Mandiri'],
  ['022', 'CIMB Niaga'],
  ['013', 'Permata'],
  ['451', 'BSI'],
  ['011', 'Danamon'],
  ['016', 'Maybank Indonesia'],
  ['028', 'OCBC NISP'],
  ['200', 'BTN'],
  ['019', 'Panin'],
  ['426', 'Mega'],
  ['110', 'BJB'],
  ['441', 'KB Bukopin'],
  ['213', 'BTPN'],
] as const;

/** Reference data every database needs, demo or production: kept in step with the code on each start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  let sort = 0;
  for (const entry of moduleCatalogue) {
    const rows = [
      {
        id: entry.id,
        title: entry.title,
        path: entry.path,
        icon: entry.icon,
        parentId: null,
        sort: sort++,
        isRequired: entry.isRequired ?? false,
      },
      ...(entry.children ?? []).map((c) => ({
        id: c.id,
        title: c.title,
        path: c.path,
        icon: entry.icon,
        parentId: entry.id,
        sort: sort++,
        isRequired: c.isRequired ?? false,
      })),
    ];
    for (const row of rows) {
      await db
        .insert(modules)
        .values(row)
        .onConflictDoUpdate({
          target: modules.id,
          set: {
            title: row.title,
            path: row.path,
            icon: row.icon,
            parentId: row.parentId,
            sort: row.sort,
            isRequired: row.isRequired,
          },
        });
    }
  }
  await db
    .insert(banks)
    .values(bankCatalogue.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing({ target: banks.code });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return Number(result.rows[0].n) === 0;
}
