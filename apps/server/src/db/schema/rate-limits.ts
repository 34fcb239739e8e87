import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One fixed window of @fastify/rate-limit per route and caller (`POST /api/user/login|10.0.0.1`),
 * shared by every server process; a row whose window has ended counts as absent.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_at').on(t.windowEndsAt)],
);
