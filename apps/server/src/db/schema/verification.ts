import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A 6-digit code sent by mail or SMS; stored hashed, burnt after 5 wrong tries or 10 minutes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    target: text('target').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('codes_target').on(t.target, t.purpose, t.createdAt),
    index('codes_ip').on(t.ipAddress, t.createdAt),
  ],
);

/** Mail and SMS written in development instead of sent, listed at GET /api/dev/outbox. */
export const outboxMessages = pgTable('outbox_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').$type<'email' | 'sms'>().notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull().default(''),
  text: text('text').notNull(),
  code: text('code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins per account and address: five from one address in 15 minutes lock password sign-in
 * from that address only. A successful sign-in clears its address's rows; the rest are the owner's
 * "recent failed attempts", kept 30 days. `is_alerted` marks the failure whose lock mailed the owner.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    isAlerted: boolean('is_alerted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_account').on(t.account, t.createdAt),
    index('sign_in_failures_account_ip').on(t.account, t.ipAddress, t.createdAt),
  ],
);

/** Short-lived tokens of the password, email and phone reset flows; stored hashed, used once. */
export const resetTokens = pgTable('reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'password' | 'email' | 'phone'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
