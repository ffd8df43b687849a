import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { DEMO_CALLBACK_PATH } from '../domain/callbacks.ts';
import { clients, notifications, roleModules, roles, userClients, users, type UserType } from '../db/schema.ts';
import { moduleCatalogue } from '../domain/moduleCatalogue.ts';
import { hashPassword } from '../domain/passwords.ts';
import { seedDemoLedger, seededRandom } from './demoLedger.ts';
import { seedDemoDisbursements } from './disbursements.ts';
import { seedPayins } from './payins.ts';

export const DEMO_PASSWORD = 'Demo-Password-1!';

export const demoUsers = [
  { email: 'superadmin@demo.local', name: 'Sari Superadmin', type: 'SUPER ADMIN', role: 'Super Admin' },
  { email: 'admin@demo.local', name: 'Adi Admin', type: 'ADMIN', role: 'Operations Admin' },
  { email: 'client@demo.local', name: 'Citra Client', type: 'CLIENT', role: 'Client Finance' },
] as const;

const demoClients = [
  'PT Sinar Nusantara Retail', 'PT Kopi Kenangan Digital', 'PT Maju Bersama Logistik',
  'PT Sentosa Multifinance', 'CV Berkah Jaya Elektronik', 'PT Lautan Biru Travel', 'PT Garuda Edukasi Indonesia',
];

const allModuleIds = moduleCatalogue.flatMap((m) => [m.id, ...(m.children ?? []).map((c) => c.id)]);
const adminHidden = new Set(['settlement', 'management', 'management-user', 'management-role']);

const demoRoles: Array<{ name: string; type: UserType; description: string; modules: string[] }> = [
  { name: 'Super Admin', type: 'SUPER ADMIN', description: 'Every module, every client', modules: allModuleIds },
  { name: 'Operations Admin', type: 'ADMIN', description: 'Day-to-day operations without settlement or management', modules: allModuleIds.filter((id) => !adminHidden.has(id)) },
  { name: 'Support Admin', type: 'ADMIN', description: 'Payments and balances only', modules: ['transactions', 'balance', 'settings', 'settings-user'] },
  { name: 'Client Finance', type: 'CLIENT', description: 'Client finance team: payments, balance and disbursements', modules: ['transactions', 'balance', 'disbursement', 'disbursement-list', 'settings', 'settings-user'] },
  { name: 'Client Viewer', type: 'CLIENT', description: 'Client read-only access to payments', modules: ['transactions', 'settings', 'settings-user'] },
];

export const DEMO_TRANSACTIONS = 20_000;
export const DEMO_DAYS = 30;

/**
 * Demo data for a new, empty database: clients, roles, the three demo users, notifications,
 * pay-ins credited through the ledger, deposits and withdrawals, and disbursements in every status.
 */
export async function seedDemo(db: Db, options: { transactions?: number; days?: number } = {}): Promise<void> {
  const clientRows = await db.insert(clients).values(demoClients.map((clientName) => ({
    clientName, callbackUrl: DEMO_CALLBACK_PATH, callbackSecret: randomBytes(24).toString('hex'),
  }))).returning();
  const roleIds = new Map<string, number>();
  for (const role of demoRoles) {
    const [row] = await db.insert(roles).values({ name: role.name, type: role.type, description: role.description }).returning();
    roleIds.set(role.name, row.id);
    await db.insert(roleModules).values(role.modules.map((moduleId) => ({ roleId: row.id, moduleId })));
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = new Map<string, number>();
  for (const demo of demoUsers) {
    const [user] = await db.insert(users).values({
      email: demo.email, name: demo.name, type: demo.type, roleId: roleIds.get(demo.role)!, passwordHash,
    }).returning();
    created.set(demo.type, user.id);
    const scope = demo.type === 'CLIENT' ? clientRows.slice(0, 2) : demo.type === 'ADMIN' ? clientRows.slice(0, 5) : [];
    if (scope.length) await db.insert(userClients).values(scope.map((c) => ({ userId: user.id, clientId: c.id })));
    await db.insert(notifications).values([
      { userId: user.id, subject: 'work-order', message: 'Work order WO-2025-0412 is waiting for your review', workOrderCode: 'WO-2025-0412', icon: 'wrench' },
      { userId: user.id, subject: 'estimation', message: 'Estimation for WO-2025-0398 has been approved', workOrderCode: 'WO-2025-0398', icon: 'calculator' },
      { userId: user.id, subject: 'PO Sparepart', message: 'PO Sparepart for WO-2025-0377 has been issued', workOrderCode: 'WO-2025-0377', icon: 'box', readAt: new Date() },
    ]);
  }
  // The client user asked for the withdrawals of their two clients; SUPER ADMIN for the rest, and decided them all.
  const clientUser = created.get('CLIENT')!;
  const initiators = new Map(clientRows.slice(0, 2).map((c) => [c.id, clientUser]));
  await seedPayins(db, { count: options.transactions ?? DEMO_TRANSACTIONS, days: options.days ?? DEMO_DAYS, clientIds: clientRows.map((c) => c.id) });
  await seedDemoLedger(db, clientRows.map((c) => c.id), initiators, created.get('SUPER ADMIN')!);
  await seedDemoDisbursements(db, clientRows.map((c) => c.id), created.get('SUPER ADMIN')!, seededRandom(11));
}
