import { FREE_PLAN_MONTHLY_POINTS } from '@tandem/contract/chat';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { models } from './models.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A user's conversation with an agent, or a visitor's with a web-public agent (`visitor_id`, the
 * random id the visitor's browser keeps; no user). The id is random text, as the realtime channel
 * `chat:<id>` names it. Deleting hides it (`deleted_at`); its messages and ledger rows stay.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
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
    /** The model chosen in this conversation (a default assistant's picker); null: the agent's. */
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversations_user_agent').on(t.userId, t.agentId, t.updatedAt),
    index('conversations_visitor_agent').on(t.visitorId, t.agentId, t.updatedAt),
    index('conversations_agent_time').on(t.agentId, t.createdAt),
    check('conversations_someone', sql`${t.userId} is not null or ${t.visitorId} is not null`),
  ],
);

/**
 * The chat page's agents list: the agents a user keeps at hand, added by hand or by starting a
 * conversation. `added_at` moves to now when the agent is added again; removing it keeps its
 * conversations.
 */
export const chatAgentList = pgTable(
  'chat_agent_list',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agentId] }), index('chat_agent_list_agent').on(t.agentId)],
);

/**
 * A message of a conversation. A reply is `streaming` while generated (its text saved as it grows),
 * then `done`, `stopped` or `failed` (with the error code). `parent_id` is the user message a reply
 * answers; a regenerated reply hides the one it replaces (`replaced_at`), which stays as an earlier
 * version of that reply: the replies sharing a `parent_id` are its versions, the one not hidden is shown
 * and read by the model, and choosing another version hides the rest. A user message carries the
 * ids of its attached images (`files`); a reply, the next questions suggested after it, and while it
 * streams the process generating it (`owner_id`).
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
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    /** The server process generating a `streaming` reply (`server_processes`); gone, the reply fails. */
    ownerId: text('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation').on(t.conversationId, t.id),
    // One reply generating per conversation, whichever process started it: a second is refused.
    uniqueIndex('chat_messages_one_streaming').on(t.conversationId).where(sql`${t.status} = 'streaming'`),
  ],
);

/**
 * A like or dislike of a reply by the one whose conversation it is; a dislike has a reason
 * (`DISLIKE_REASONS`, `other` with `comment`). `agent_id` is kept for the agent's feedback page.
 */
export const messageFeedback = pgTable(
  'message_feedback',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    rating: text('rating').$type<'like' | 'dislike'>().notNull(),
    reason: text('reason'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_feedback_agent_time').on(t.agentId, t.updatedAt)],
);

/**
 * A share of a conversation: a read-only copy of its messages up to `last_message_id` at
 * `/chat-share/<code>` for anyone with the link, until revoked. `hidden_reply_ids`: the reply versions
 * hidden when it was shared, so choosing another version later leaves the copy as it was.
 */
export const conversationShares = pgTable(
  'conversation_shares',
  {
    code: text('code').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
    hiddenReplyIds: integer('hidden_reply_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('conversation_shares_conversation').on(t.conversationId)],
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
    /** The start of the month the balance was last granted for; a new month grants it again. */
    periodStart: timestamp('period_start', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('month', now())`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('team_points_not_negative', sql`${t.balance} >= 0`)],
);

export type PointsReason =
  | 'chat_reply'
  | 'chat_refund'
  | 'plan_grant'
  | 'plan_purchase'
  | 'plan_expiry'
  | 'ai_writing'
  | 'ai_writing_refund';

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
    /**
     * `chat_reply`, `chat_refund`, `plan_grant` (a month's quota, the balance set to it), `plan_purchase`
     * and `plan_expiry` (a plan bought or ended), `ai_writing` and `ai_writing_refund` (the editor's AI
     * actions).
     */
    reason: text('reason').$type<PointsReason>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_ledger_team_time').on(t.teamId, t.createdAt)],
);
