import { TOKEN_LIFETIME_MS } from '@tandem/contract/limits';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { accessChanged } from '../realtime/access-changes.ts';
import { type CachedSession, identityCacheOf } from './identity-cache.ts';
import { hashToken, newToken } from './opaque-tokens.ts';

/** Renew the 15-day lifetime at most this often, so an active session costs one write an hour. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export type DeviceInfo = {
  deviceId: string;
  deviceName: string;
  userAgent: string;
  ipAddress: string;
  location: string;
  countryCode: string;
};

export type SessionUser = {
  sessionId: number;
  userId: number;
  deviceId: string;
  token: string;
  renewed: boolean;
};

/** Signs a user in on one device: the device's previous session ends, the new token is returned once. */
export async function openSession(db: Db, userId: number, device: DeviceInfo): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ endedAt: new Date(), endReason: 'replaced' })
      .where(
        and(eq(sessions.userId, userId), eq(sessions.deviceId, device.deviceId), isNull(sessions.endedAt)),
      );
    await tx.insert(sessions).values({
      userId,
      ...device,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS),
    });
  });
  identityCacheOf(db).forgetSessionsOf(userId);
  return token;
}

/**
 * The session behind a bearer token. A session ended from another device answers 1040 (logged in
 * elsewhere); any other unknown, ended or expired token answers 401.
 */
export async function authenticate(db: Db, token: string): Promise<SessionUser> {
  const tokenHash = hashToken(token);
  const cache = identityCacheOf(db);
  const stamp = cache.stamp();
  const session = cache.sessions.get(tokenHash) ?? (await readSession(db, tokenHash));
  const now = Date.now();
  if (session.expiresAt <= now) throw new AppError('LOGIN_INVALID');
  const renewed = now - session.lastActiveAt > RENEW_AFTER_MS;
  if (renewed) {
    session.lastActiveAt = now;
    session.expiresAt = now + TOKEN_LIFETIME_MS;
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date(now), expiresAt: new Date(session.expiresAt) })
      .where(eq(sessions.id, session.sessionId));
  }
  cache.rememberSession(tokenHash, session, stamp);
  return {
    sessionId: session.sessionId,
    userId: session.userId,
    deviceId: session.deviceId,
    token,
    renewed,
  };
}

/** A live session from the database; an ended one answers 1040 when ended remotely, else 401. */
async function readSession(db: Db, tokenHash: string): Promise<CachedSession> {
  const [session] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      deviceId: sessions.deviceId,
      endedAt: sessions.endedAt,
      endReason: sessions.endReason,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!session) throw new AppError('LOGIN_INVALID');
  if (session.endedAt) {
    throw new AppError(session.endReason === 'remote' ? 'LOGGED_IN_ELSEWHERE' : 'LOGIN_INVALID');
  }
  return {
    sessionId: session.id,
    userId: session.userId,
    deviceId: session.deviceId,
    expiresAt: session.expiresAt.getTime(),
    lastActiveAt: session.lastActiveAt.getTime(),
  };
}

type Executor = Pick<Db, 'update'>;

/** Whether a session is still signed in: not ended, not expired. */
export async function isSessionLive(db: Db, sessionId: number) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/** The users whose sessions these are. */
export async function sessionOwners(db: Db, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(inArray(sessions.id, [...sessionIds]));
  return rows.map((row) => row.userId);
}

/** Why a session ended; only `remote` answers 1040 (signed out from another device). */
export type EndReason = 'logout' | 'remote' | 'credentials' | 'deleted';

export async function endSession(db: Db, session: { sessionId: number; userId: number }, reason: EndReason) {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, session.sessionId), isNull(sessions.endedAt)));
  identityCacheOf(db).forgetSessionsOf(session.userId);
  await accessChanged({ sessionIds: [session.sessionId] });
}

/** Ends every other session of the user (log out all other devices); answers the devices signed out. */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: number) {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: 'remote' })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.endedAt)))
    .returning({ deviceId: sessions.deviceId });
  identityCacheOf(db).forgetSessionsOf(userId);
  await accessChanged({ userIds: [userId] });
  return ended.map((session) => session.deviceId);
}

/**
 * Ends every session of the user: after a password, email or phone change, or deletion. Runs inside
 * the change's transaction, so the caller forgets the cached user once it commits.
 */
export async function endAllSessions(db: Executor, userId: number, reason: EndReason) {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}
