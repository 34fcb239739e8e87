import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The email or phone the account was registered with. */
    userName: text('user_name').notNull(),
    realName: text('real_name').notNull().default(''),
    nickName: text('nick_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    countryCode: text('country_code'),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash'),
    appRole: text('app_role').array().notNull().default(sql`array['user']::text[]`),
    hasRoles: text('has_roles').array().notNull().default(sql`array['user']::text[]`),
    isSuper: boolean('is_super').notNull().default(false),
    /**
     * Who made the account a platform admin: `env` (ADMIN_EMAILS, taken back when unlisted), `cli`,
     * or `setup` (the one-time setup link of a fresh installation).
     */
    superSource: text('super_source'),
    currentTeamId: integer('current_team_id'),
    themeId: smallint('theme_id').notNull().default(6),
    languageKey: text('language_key').notNull().default('zh-CN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_unique').on(t.countryCode, t.phone).where(sql`${t.deletedAt} is null`),
    index('users_current_team').on(t.currentTeamId),
  ],
);

/**
 * One-time setup links printed at start while the installation has no platform admin: whoever opens
 * one first (signed in) becomes platform admin. Only the token's SHA-256 is kept.
 */
export const setupTokens = pgTable('setup_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
});
