import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One signed-in device. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    deviceName: text('device_name').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    /** City and region of the sign-in address, from the offline GeoIP database; '' when unknown. */
    location: text('location').notNull().default(''),
    /** ISO 3166 country of the sign-in address, named in the reader's language when listed. */
    countryCode: text('country_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout (on this device), remote (from another device), replaced, credentials (password, email or phone changed), deleted. */
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    uniqueIndex('sessions_one_per_device').on(t.userId, t.deviceId).where(sql`${t.endedAt} is null`),
    index('sessions_user').on(t.userId),
  ],
);
