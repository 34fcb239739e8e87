import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Model providers and models belong to the platform, not to a team: only its operators (`is_super`)
 * manage them. Any signed-in user may list the usable models (the agent wizard's picker).
 */
export async function isPlatformAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ isSuper: users.isSuper }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isSuper === true;
}

/** An onRequest hook (after the session guard): 403 for everyone but platform admins. */
export function requirePlatformAdmin(db: Db) {
  return async (request: FastifyRequest) => {
    if (!(await isPlatformAdmin(db, sessionOf(request).userId))) throw new AppError('FORBIDDEN');
  };
}
