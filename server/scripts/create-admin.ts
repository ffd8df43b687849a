import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { roleModules, roles, users } from '../db/schema.ts';
import { audit } from '../domain/audit.ts';
import { SUPER_ADMIN } from '../domain/grants.ts';
import { normaliseEmail } from '../domain/authentication.ts';
import { moduleIds } from '../../src/services/pages.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../domain/passwords.ts';
import { openFromEnv, parseFlags } from './openFromEnv.ts';

const Flags = v.object({
  email: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('--email is required'),
    v.email('--email is not a valid e-mail address'),
  ),
  name: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty('--name is required')),
});

/**
 * `npm run create-admin -- --email ops@example.co.id --name "Ops Lead"`: the first SUPER ADMIN of a
 * production database. The password comes from ADMIN_PASSWORD or is generated and printed once;
 * two-factor is set up at the first sign-in.
 */
async function main() {
  const flags = v.parse(Flags, parseFlags(process.argv.slice(2)));
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const { database } = await openFromEnv();
  const { db } = database;
  try {
    const email = normaliseEmail(flags.email);
    if ((await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length)
      throw new Error(`A user with e-mail ${email} already exists`);
    let [role] = await db.select().from(roles).where(eq(roles.type, SUPER_ADMIN)).limit(1);
    if (!role) {
      [role] = await db
        .insert(roles)
        .values({ name: 'Super Admin', type: SUPER_ADMIN, description: 'Every module, every client' })
        .returning();
      await db.insert(roleModules).values(moduleIds.map((moduleId) => ({ roleId: role.id, moduleId })));
    }
    const [user] = await db
      .insert(users)
      .values({
        email,
        name: flags.name,
        type: SUPER_ADMIN,
        roleId: role.id,
        passwordHash: await hashPassword(password),
      })
      .returning();
    await audit(db, {
      action: 'user.create',
      objectType: 'user',
      objectId: user.id,
      outcome: 'success',
      detail: { via: 'create-admin', email, type: SUPER_ADMIN },
    });
    console.log(`SUPER ADMIN ${email} created.`);
    if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown once, change it after signing in): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof v.ValiError
      ? error.issues.map((i) => i.message).join('\n')
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
