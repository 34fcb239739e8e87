import type { SiteBuildError, SiteFile, SiteVersionStatus } from '@tandem/contract/chat-sites';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatMessages, conversations } from './chat.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A numbered version of a conversation's site (modules/sites): every file it holds (what its reply
 * wrote over the version before), its build status, and once built, the page (`output`: index.html and
 * its assets) or the errors. `builder_id` is the process building it (`server_processes`); a
 * `building` version whose builder is gone is built again.
 */
export const siteVersions = pgTable(
  'site_versions',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    status: text('status').$type<SiteVersionStatus>().notNull().default('building'),
    files: jsonb('files').$type<SiteFile[]>().notNull(),
    errors: jsonb('errors').$type<SiteBuildError[]>().notNull().default([]),
    output: jsonb('output').$type<SiteFile[]>(),
    builderId: text('builder_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    builtAt: timestamp('built_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.version] }),
    // A reply makes one version at most, however often its end is handled.
    uniqueIndex('site_versions_message').on(t.messageId),
    index('site_versions_building').on(t.status).where(sql`${t.status} = 'building'`),
  ],
);

/**
 * A version shared by link: anyone with `code` may open its page, read-only, until it is revoked.
 */
export const siteShares = pgTable(
  'site_shares',
  {
    code: text('code').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('site_shares_version').on(t.conversationId, t.version)],
);

/**
 * An image of a conversation's site, uploaded by its owner (modules/sites/site-images.ts): every
 * version reaches it at `assets/<name>` on the preview origin. The bytes are an upload (`files`).
 */
export const siteAssets = pgTable(
  'site_assets',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.name] })],
);
