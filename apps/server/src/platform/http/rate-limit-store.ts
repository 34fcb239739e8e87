import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

export type Hits = { current: number; ttl: number };
type RouteLimit = {
  routeInfo: Pick<RouteOptions, 'method' | 'url'>;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
};

/**
 * Ended windows are deleted at most once a minute per process, after a hit and without holding it up:
 * a row whose window has ended already counts as absent, so the sweep only keeps the table (and its
 * index on `window_ends_at`) as small as the callers of the last minute.
 */
const SWEEP_EVERY_MS = 60_000;

/**
 * Adds `amount` to the running window of `key` in one statement: a new or ended window starts at
 * `amount` and ends `timeWindowMs` from now. Answers the window's count and the milliseconds it has left.
 */
export async function addHits(db: Db | Tx, key: string, timeWindowMs: number, amount = 1): Promise<Hits> {
  const hasEnded = sql`${rateLimitHits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      count: amount,
      windowEndsAt: sql`now() + ${timeWindowMs}::float8 * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${hasEnded} then excluded.count else ${rateLimitHits.count} + excluded.count end`,
        windowEndsAt: sql`case when ${hasEnded} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.count,
      ttl: sql<number>`extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000`.mapWith(Number),
    });
  if (!row) throw new Error('rate limits: the upsert returned no row');
  return { current: row.current, ttl: Math.max(0, Math.ceil(row.ttl)) };
}

/**
 * A @fastify/rate-limit store in the product's database, so that every server process counts into
 * the same fixed window per route and caller. Clocks are the database's: processes never disagree.
 */
export function databaseRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let nextSweepAt = 0;
  const sweepNowAndThen = () => {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + SWEEP_EVERY_MS;
    db.delete(rateLimitHits)
      .where(lte(rateLimitHits.windowEndsAt, sql`now()`))
      .catch((error: Error) => log.warn(`rate limits: sweeping ended windows failed (${error.message})`));
  };

  async function hit(key: string, timeWindowMs: number): Promise<Hits> {
    const hits = await addHits(db, key, timeWindowMs);
    sweepNowAndThen();
    return hits;
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** `POST /api/user/login|`: each route counts apart. The plugin builds the root with its options. */
    private route = '';

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number) {
      hit(this.route + key, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit, its route in `routeInfo`; its typings say otherwise.
      const { routeInfo, continueExceeding, exponentialBackoff } = options as unknown as RouteLimit;
      if (continueExceeding || exponentialBackoff) {
        throw new Error(
          `rate limits: ${routeInfo.url} asks for a window that grows, which this store does not keep`,
        );
      }
      const store = new DatabaseRateLimitStore();
      store.route = `${routeInfo.method} ${routeInfo.url}|`;
      return store;
    }
  };
}
