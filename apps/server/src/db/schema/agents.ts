import type { AgentConfig } from '@tandem/contract/agent';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { models } from './models.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * An agent of a team. `draft` is what the editor saves; `published` is what users chat with, so a
 * published agent keeps serving its released configuration while its draft is edited. The listing
 * columns (name, description, avatar, model) follow the published configuration once there is one.
 * Deletion is irreversible: the configurations are dropped and only a tombstone row stays, so a chat
 * that names the agent can say it was deleted.
 */
export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public, unguessable id used in links, QR codes and embed codes. */
    agentKey: text('agent_key').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** draft (saved, never released), published, off_shelf (released, hidden and unusable), disabled. */
    status: text('status')
      .$type<'draft' | 'published' | 'off_shelf' | 'disabled'>()
      .notNull()
      .default('draft'),
    /** team_public, team_private, web_public. */
    access: text('access')
      .$type<'team_public' | 'team_private' | 'web_public'>()
      .notNull()
      .default('team_private'),
    /** Origins allowed to embed a web-public agent (`https://example.com`); empty allows none. */
    embedOrigins: text('embed_origins').array().notNull().default(sql`array[]::text[]`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    draft: jsonb('draft').$type<AgentConfig>(),
    published: jsonb('published').$type<AgentConfig>(),
    /** Conversations started with the agent: the hub's "most popular". */
    conversationCount: integer('conversation_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The team's default assistant, made with the team (a database trigger, migration 0027): it
     * cannot be deleted, and without a model of its own it answers with the platform's default model.
     */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('agents_key').on(t.agentKey),
    uniqueIndex('agents_team_default').on(t.teamId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
    index('agents_team_status').on(t.teamId, t.status, t.publishedAt),
    index('agents_owner').on(t.ownerId),
    index('agents_web_public').on(t.access, t.status),
  ],
);

/** A member of a team-private agent: admin (all but delete and transfer), editor, viewer. */
export const agentMembers = pgTable(
  'agent_members',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').$type<'admin' | 'editor' | 'viewer'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.userId] }), index('agent_members_user').on(t.userId)],
);
