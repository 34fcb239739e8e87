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
 *
 * A read that was under way while something was forgotten may have read it before the change: it is
 * not cached (`stamp` before reading, `remember…` after). Without this, a balance read by one request
 * while another spent points was cached after the spend had forgotten it, and showed the old figure.
 */
function createIdentityCache() {
  const sessions = new LRUCache<string, CachedSession>({ max: MAX_ENTRIES, ttl: IDENTITY_CACHE_TTL_MS });
  const accounts = new LRUCache<number, AccountUser>({ max: MAX_ENTRIES, ttl: IDENTITY_CACHE_TTL_MS });
  /** Counts what was forgotten: a read stamped with an older count may be stale. */
  let forgotten = 0;
  return {
    sessions,
    accounts,
    /** Taken before reading what is to be cached. */
    stamp: () => forgotten,
    /** Caches a session read since `stamp`, unless something was forgotten meanwhile. */
    rememberSession(tokenHash: string, session: CachedSession, stamp: number) {
      if (stamp === forgotten) sessions.set(tokenHash, session);
    },
    /** Caches an account read since `stamp`, unless something was forgotten meanwhile. */
    rememberAccount(userId: number, account: AccountUser, stamp: number) {
      if (stamp === forgotten) accounts.set(userId, account);
    },
    /** The user's sessions changed (sign-out, sign-in on a device, credentials, deletion). */
    forgetSessionsOf(userId: number) {
      forgotten += 1;
      for (const [tokenHash, session] of sessions.entries()) {
        if (session.userId === userId) sessions.delete(tokenHash);
      }
    },
    /** The user's row, team or membership changed. */
    forgetAccount(userId: number) {
      forgotten += 1;
      accounts.delete(userId);
    },
    /** The team's points changed: the accounts that show them (theirs is the current team). */
    forgetTeamAccounts(teamId: number) {
      forgotten += 1;
      for (const [userId, account] of accounts.entries()) {
        if (account.current_team_id === teamId) accounts.delete(userId);
      }
    },
    /** Team-wide changes (a team renamed or dissolved) touch many accounts at once. */
    forgetAllAccounts() {
      forgotten += 1;
      accounts.clear();
    },
    /** Both: after a password, email or phone change, or deletion. */
    forgetUser(userId: number) {
      this.forgetSessionsOf(userId);
      this.forgetAccount(userId);
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
