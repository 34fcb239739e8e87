import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { setupTokens, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * The one-time setup link of a fresh installation (`/setup?token=…`): printed at start while no
 * platform admin exists; whoever opens it first, signed in, becomes one. Only the token's hash is kept.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function hasPlatformAdmin(db: Db): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuper, true), isNull(users.deletedAt)))
    .limit(1);
  return admin !== undefined;
}

/** A new setup token while the installation has no platform admin, else undefined. */
export async function issueSetupToken(db: Db): Promise<string | undefined> {
  if (await hasPlatformAdmin(db)) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(setupTokens).values({ tokenHash: hashOf(token) });
  return token;
}

/** Whether the link still works: issued here and not used yet. */
export async function isSetupTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, hashOf(token)), isNull(setupTokens.usedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Uses the link up and makes the caller a platform admin; every other link printed before stops
 * working too. A used or unknown token answers 1111, also to the second of two racing openers.
 */
export async function claimSetupToken(db: Db, userId: number, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(setupTokens)
      .set({ usedAt: new Date(), usedBy: userId })
      .where(and(eq(setupTokens.tokenHash, hashOf(token)), isNull(setupTokens.usedAt)))
      .returning({ id: setupTokens.id });
    if (!claimed) throw new AppError('SETUP_LINK_INVALID');
    await tx.update(setupTokens).set({ usedAt: new Date() }).where(isNull(setupTokens.usedAt));
    await tx.update(users).set({ isSuper: true, superSource: 'setup' }).where(eq(users.id, userId));
  });
  identityCacheOf(db).forgetAccount(userId);
}
