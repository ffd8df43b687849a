import { asc, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '../../src/i18n/language.ts';
import { msg } from '../../src/i18n/msg.ts';
import type { ModuleItem } from '../../src/services/schemas.ts';
import { translatorFor } from './translations.ts';
import type { Db } from '../db/connect.ts';
import { banks, modules, roles } from '../db/schema.ts';
import { visibleClientIds } from './clientScope.ts';
import { seesEveryRole } from './grants.ts';
import { clientsIn, type Principal } from './principal.ts';

/**
 * The menu's words (issue 48): the modules' titles as the module table holds them (seeded from src/services/pages.ts),
 * declared here so that the catalogs hold them, and translated into the caller's language as the tree is read.
 */
export const MODULE_TITLES = [
  msg({ defaultMessage: 'Overview', id: 'lrS6cc', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Payments List', id: 'Qsq0Ku', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Callbacks', id: 'IzblI+', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Payin Detail', id: '5twEFu', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Disbursement', id: 'uPHd3N', description: 'a module in the menu' }),
  msg({ defaultMessage: 'List', id: 'Jx0PpP', description: 'a module in the menu: the Disbursement List' }),
  msg({ defaultMessage: 'Account', id: 'uc2TKP', description: 'a module in the menu: the Disbursement Account' }),
  msg({ defaultMessage: 'Master Balance', id: 'Xx+P8A', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Payments Balance', id: '3QBC5O', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Settlement', id: 'mjuo9g', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Audit Log', id: 'rsqiVY', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Ledger', id: '+f5Yi8', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Workflows', id: 'Y1P1rj', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Approvals', id: 'ev4abO', description: 'a module in the menu' }),
  msg({ defaultMessage: 'Management', id: 'i6+boM', description: 'a module in the menu' }),
  msg({ defaultMessage: 'User', id: 'HcYv8c', description: 'a module in the menu: User Management' }),
  msg({ defaultMessage: 'Role', id: 'Q1iobE', description: 'a module in the menu: Role Management' }),
  msg({ defaultMessage: 'Settings', id: 'ydEvqT', description: 'a module in the menu' }),
  msg({ defaultMessage: 'User Settings', id: 'XGvptg', description: 'a module in the menu' }),
];

export async function moduleTree(db: Db, language: Language = DEFAULT_LANGUAGE): Promise<ModuleItem[]> {
  const rows = await db.select().from(modules).orderBy(asc(modules.sort));
  const title = translatorFor(language);
  return rows
    .filter((m) => m.parentId == null)
    .map((m) => ({
      id: m.id,
      title: title(m.title),
      path: m.path,
      icon: m.icon,
      is_required: m.isRequired,
      children: rows
        .filter((c) => c.parentId === m.id)
        .map((c) => ({ id: c.id, title: title(c.title), path: c.path, is_required: c.isRequired })),
    }));
}

export const bankList = (db: Db) => db.select().from(banks).orderBy(asc(banks.name));

export async function clientList(db: Db, principal: Principal) {
  const rows = await clientsIn(db, await visibleClientIds(db, principal));
  return rows.map((c) => ({ id: c.id, client_name: c.clientName }));
}

/** SUPER ADMIN sees every role; anyone else only the roles of their own type (spec section 6). */
export async function roleList(db: Db, principal: Principal) {
  const query = db
    .select({ id: roles.id, name: roles.name, type: roles.type, description: roles.description })
    .from(roles);
  const rows = seesEveryRole(principal)
    ? await query.orderBy(asc(roles.name))
    : await query.where(eq(roles.type, principal.type)).orderBy(asc(roles.name));
  return rows;
}
