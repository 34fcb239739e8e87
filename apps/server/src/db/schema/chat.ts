import { FREE_PLAN_MONTHLY_POINTS } from '@tandem/contract/chat';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { models } from './models.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A user's conversation with an agent. The id is random text, as the realtime channel
 * `chat:<id>` names it. Deleting hides it (`deleted_at`); its messages and ledger rows stay.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team whose points the replies spend: the agent's team. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('conversations_user_agent').on(t.userId, t.agentId, t.updatedAt)],
);

/**
 * A message of a conversation. A reply is `streaming` while generated (its text saved as it grows),
 * then `done`, `stopped` or `failed` (with the error code). `parent_id` is the user message a reply
 * answers; a regenerated reply hides the one it replaces (`replaced_at`).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    status: text('status').$type<'streaming' | 'done' | 'stopped' | 'failed'>().notNull().default('done'),
    errorCode: integer('error_code'),
    finishReason: text('finish_reason'),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    points: integer('points').notNull().default(0),
    parentId: integer('parent_id'),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation').on(t.conversationId, t.id)],
);

/**
 * A team's points: the balance every debit takes from with one conditional update, so concurrent
 * sends can never take it below zero. Every team gets the free plan's monthly points.
 */
export const teamPoints = pgTable(
  'team_points',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(FREE_PLAN_MONTHLY_POINTS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('team_points_not_negative', sql`${t.balance} >= 0`)],
);

/**
 * Every change of a team's points: a debit for a reply (negative), its refund when the model failed
 * (positive), a plan's grant. The balance is the sum of the ledger plus the free plan's seed.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    points: integer('points').notNull(),
    /** `chat_reply`, `chat_refund`, `plan_grant`. */
    reason: text('reason').$type<'chat_reply' | 'chat_refund' | 'plan_grant'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_ledger_team_time').on(t.teamId, t.createdAt)],
);
