import { and, asc, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';

/**
 * Platform admins (`is_super`) come from two places: ADMIN_EMAILS, which grants at sign-in and takes
 * back what it granted once an address leaves the list, and the admin command, whose grants the list
 * never takes back. `super_source` records which one it was (null: set in the database by hand).
 */
export type SuperSource = 'env' | 'cli' | 'setup';

const lowerEmail = sql`lower(${users.email})`;
const isListed = (adminEmails: string[]): SQL => inArray(lowerEmail, adminEmails);

/**
 * Brings accounts in line with ADMIN_EMAILS: the listed ones become admins, the ones the list made
 * admins and that are no longer listed stop being admins. One account at sign-in, all at start.
 * Answers the accounts changed.
 */
export async function applyAdminEmails(db: Db, adminEmails: string[], userId?: number): Promise<number[]> {
  const scope = (condition: SQL | undefined) =>
    and(condition, userId === undefined ? undefined : eq(users.id, userId), isNull(users.deletedAt));
  const granted =
    adminEmails.length === 0
      ? []
      : await db
          .update(users)
          .set({ isSuper: true, superSource: 'env' })
          .where(scope(and(isListed(adminEmails), not(users.isSuper))))
          .returning({ id: users.id });
  const unlisted = adminEmails.length === 0 ? undefined : or(isNull(users.email), not(isListed(adminEmails)));
  const revoked = await db
    .update(users)
    .set({ isSuper: false, superSource: null })
    .where(scope(and(eq(users.superSource, 'env'), unlisted)))
    .returning({ id: users.id });
  const changed = [...granted, ...revoked].map((row) => row.id);
  const cache = identityCacheOf(db);
  for (const id of changed) cache.forgetAccount(id);
  return changed;
}

export type PlatformAdmin = {
  id: number;
  email: string | null;
  nickName: string;
  source: SuperSource | null;
};

/** The live account with this email, ignoring case. */
async function accountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, isSuper: users.isSuper, superSource: users.superSource })
    .from(users)
    .where(and(eq(lowerEmail, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export type AdminChange =
  | { outcome: 'changed' }
  | { outcome: 'unchanged'; source: SuperSource | null }
  | { outcome: 'no-account' };

/** The admin command's grant: kept whatever ADMIN_EMAILS says later. */
export async function grantPlatformAdmin(db: Db, email: string): Promise<AdminChange> {
  const account = await accountByEmail(db, email);
  if (!account) return { outcome: 'no-account' };
  if (account.isSuper && account.superSource === 'cli') return { outcome: 'unchanged', source: 'cli' };
  await db.update(users).set({ isSuper: true, superSource: 'cli' }).where(eq(users.id, account.id));
  identityCacheOf(db).forgetAccount(account.id);
  return { outcome: 'changed' };
}

export async function revokePlatformAdmin(db: Db, email: string): Promise<AdminChange> {
  const account = await accountByEmail(db, email);
  if (!account) return { outcome: 'no-account' };
  if (!account.isSuper) return { outcome: 'unchanged', source: null };
  await db.update(users).set({ isSuper: false, superSource: null }).where(eq(users.id, account.id));
  identityCacheOf(db).forgetAccount(account.id);
  return { outcome: 'changed' };
}

export async function listPlatformAdmins(db: Db): Promise<PlatformAdmin[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, nickName: users.nickName, source: users.superSource })
    .from(users)
    .where(and(eq(users.isSuper, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return rows.map((row) => ({ ...row, source: row.source as SuperSource | null }));
}
