import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { DEMO_CALLBACK_PATH } from '../domain/callbacks.ts';
import { eq, sql } from 'drizzle-orm';
import { clients, notifications, roleModules, roles, userClients, users, type UserType } from '../db/schema.ts';
import { moduleIds } from '../../src/services/pages.ts';
import { AUDITOR_MODULES } from '../../src/services/managementRules.ts';
import { roleModulesProblem } from '../../src/services/roleModuleRules.ts';
import { hashPassword } from '../domain/passwords.ts';
import { seedDemoLedger } from './demoLedger.ts';
import { seededRandom } from './seededRandom.ts';
import { seedDemoDisbursements } from './disbursements.ts';
import { seedPayins } from './payins.ts';
import { seedDemoCallbacks } from './callbacks.ts';

export const DEMO_PASSWORD = 'Demo-Password-1!';

export const demoUsers = [
  { email: 'superadmin@demo.local', name: 'Sari Superadmin', type: 'SUPER ADMIN', role: 'Super Admin' },
  { email: 'admin@demo.local', name: 'Adi Admin', type: 'ADMIN', role: 'Operations Admin' },
  { email: 'client@demo.local', name: 'Citra Client', type: 'CLIENT', role: 'Client Finance' },
  // A second decider: work orders go to every SUPER ADMIN, and one's decision resolves the other's.
  { email: 'superadmin2@demo.local', name: 'Bima Superadmin', type: 'SUPER ADMIN', role: 'Super Admin' },
  // Issue 28: who checks the people who act; reads every page of every client and changes nothing.
  { email: 'auditor@demo.local', name: 'Ayu Auditor', type: 'AUDITOR', role: 'Auditor' },
] as const;

const demoClients = [
  'PT Sinar Nusantara Retail',
  'PT Kopi Kenangan Digital',
  'PT Maju Bersama Logistik',
  'PT Sentosa Multifinance',
  'CV Berkah Jaya Elektronik',
  'PT Lautan Biru Travel',
  'PT Garuda Edukasi Indonesia',
];

const allModuleIds = [...moduleIds];
const adminHidden = new Set(['settlement', 'audit-log', 'ledger', 'management', 'management-user', 'management-role']);

const demoRoles: Array<{ name: string; type: UserType; description: string; modules: string[] }> = [
  { name: 'Super Admin', type: 'SUPER ADMIN', description: 'Every module, every client', modules: allModuleIds },
  {
    name: 'Operations Admin',
    type: 'ADMIN',
    description: 'Day-to-day operations without settlement or management',
    modules: allModuleIds.filter((id) => !adminHidden.has(id)),
  },
  {
    name: 'Support Admin',
    type: 'ADMIN',
    description: 'Payments and balances only',
    modules: ['overview', 'transactions', 'balance', 'settings', 'settings-user'],
  },
  {
    name: 'Client Finance',
    type: 'CLIENT',
    description: 'Client finance team: payments, balance and disbursements',
    modules: [
      'overview',
      'transactions',
      'balance',
      'disbursement',
      'disbursement-list',
      'approvals',
      'settings',
      'settings-user',
    ],
  },
  {
    name: 'Auditor',
    type: 'AUDITOR',
    description: 'Reads every list, figure and export of every client; changes nothing',
    modules: [...AUDITOR_MODULES],
  },
  {
    name: 'Client Viewer',
    type: 'CLIENT',
    description: 'Client read-only access to payments',
    modules: ['overview', 'transactions', 'settings', 'settings-user'],
  },
];

export const DEMO_TRANSACTIONS = 20_000;
export const DEMO_DAYS = 30;

/**
 * Demo data for a new, empty database: clients, roles, the three demo users, notifications,
 * pay-ins credited through the ledger, deposits and withdrawals, and disbursements in every status.
 */
export async function seedDemo(db: Db, options: { transactions?: number; days?: number } = {}): Promise<void> {
  const clientRows = await db
    .insert(clients)
    .values(
      demoClients.map((clientName) => ({
        clientName,
        callbackUrl: DEMO_CALLBACK_PATH,
        callbackSecret: randomBytes(24).toString('hex'),
      })),
    )
    .returning();
  const roleIds = new Map<string, number>();
  for (const role of demoRoles) {
    // The seed writes past the API, so it keeps the API's rule of what a role of its type may hold itself.
    const problem = roleModulesProblem(role.type, role.modules);
    if (problem) throw new Error(`Demo role ${role.name}: ${problem}`);
    const [row] = await db
      .insert(roles)
      .values({ name: role.name, type: role.type, description: role.description })
      .returning();
    roleIds.set(role.name, row.id);
    await db.insert(roleModules).values(role.modules.map((moduleId) => ({ roleId: row.id, moduleId })));
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = new Map<string, number>();
  for (const demo of demoUsers) {
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        name: demo.name,
        type: demo.type,
        roleId: roleIds.get(demo.role)!,
        passwordHash,
      })
      .returning();
    if (!created.has(demo.type)) created.set(demo.type, user.id);
    const scope = demo.type === 'CLIENT' ? clientRows.slice(0, 2) : demo.type === 'ADMIN' ? clientRows.slice(0, 5) : [];
    if (scope.length) await db.insert(userClients).values(scope.map((c) => ({ userId: user.id, clientId: c.id })));
  }
  // The client user asked for the withdrawals of their two clients; SUPER ADMIN for the rest, and decided them all.
  const clientUser = created.get('CLIENT')!;
  const initiators = new Map(clientRows.slice(0, 2).map((c) => [c.id, clientUser]));
  await seedPayins(db, {
    count: options.transactions ?? DEMO_TRANSACTIONS,
    days: options.days ?? DEMO_DAYS,
    clientIds: clientRows.map((c) => c.id),
  });
  await seedDemoLedger(
    db,
    clientRows.map((c) => c.id),
    initiators,
    created.get('SUPER ADMIN')!,
  );
  await seedDemoDisbursements(
    db,
    clientRows.map((c) => c.id),
    created.get('SUPER ADMIN')!,
    seededRandom(11),
  );
  // Work orders come from the events themselves (the pending withdrawals and disbursements above
  // opened theirs, the decided ones were resolved); one endpoint of the client user's clients failed a callback,
  // and one of a client only staff see failed two (their work orders are the SUPER ADMINs').
  await seedDemoCallbacks(db, [
    { clientId: clientRows[0].id, count: 1 },
    { clientId: clientRows[5].id, count: 2 },
  ]);
  // Whoever decided an item had seen its work order: the bell counts what still waits.
  await db
    .update(notifications)
    .set({ readAt: sql`${notifications.resolvedAt}` })
    .where(eq(notifications.status, 'RESOLVED'));
}
