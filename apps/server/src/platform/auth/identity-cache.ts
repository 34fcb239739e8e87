import type { AccountUser } from '@tandem/contract/user';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';

/**
 * How long another server process may go on trusting what it read. In this process every write
 * that changes a session or an account forgets it at once; processes sharing one PostgreSQL see a
 * remote sign-out or a profile change within this time.
 */
export const IDENTITY_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

export type CachedSession = {
  sessionId: number;
  userId: number;
  deviceId: string;
  expiresAt: number;
  lastActiveAt: number;
};

/**
 * Live sessions by token hash and presented accounts by user id, so a signed-in call costs no
 * database round trip when the same user calls again within two seconds.
 */
function createIdentityCache() {
  const sessions = new LRUCache<string, CachedSession>({ max: MAX_ENTRIES, ttl: IDENTITY_CACHE_TTL_MS });
  const accounts = new LRUCache<number, AccountUser>({ max: MAX_ENTRIES, ttl: IDENTITY_CACHE_TTL_MS });
  return {
    sessions,
    accounts,
    /** The user's sessions changed (sign-out, sign-in on a device, credentials, deletion). */
    forgetSessionsOf(userId: number) {
      for (const [tokenHash, session] of sessions.entries()) {
        if (session.userId === userId) sessions.delete(tokenHash);
      }
    },
    /** The user's row, team or membership changed. */
    forgetAccount(userId: number) {
      accounts.delete(userId);
    },
    /** The team's points changed: the accounts that show them (theirs is the current team). */
    forgetTeamAccounts(teamId: number) {
      for (const [userId, account] of accounts.entries()) {
        if (account.current_team_id === teamId) accounts.delete(userId);
      }
    },
    /** Team-wide changes (a team renamed or dissolved) touch many accounts at once. */
    forgetAllAccounts() {
      accounts.clear();
    },
    /** Both: after a password, email or phone change, or deletion. */
    forgetUser(userId: number) {
      this.forgetSessionsOf(userId);
      accounts.delete(userId);
    },
  };
}

export type IdentityCache = ReturnType<typeof createIdentityCache>;

const caches = new WeakMap<Db, IdentityCache>();

/** One cache per database handle: tests with their own databases never share entries. */
export function identityCacheOf(db: Db): IdentityCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createIdentityCache();
    caches.set(db, cache);
  }
  return cache;
}
