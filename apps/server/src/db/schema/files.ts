import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * An uploaded file. The bytes live under DATA_DIR/uploads/<id>; the type is the one detected from
 * the content at upload, never the name the browser sent.
 */
export const files = pgTable(
  'files',
  {
    /** Random, URL-safe, with the detected extension: `k3J…Q.png`. */
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'image' | 'file'>().notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalName: text('original_name').notNull().default(''),
    /** The team whose storage the file counts towards (documents' images and attachments); null for account files. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /**
     * An account's upload (a chat image, an avatar, a cover): the team it was uploaded in, whose storage
     * it counts towards from the start, held by anything or not (one upload never counts twice there).
     */
    quotaTeamId: integer('quota_team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner').on(t.ownerId),
    index('files_team').on(t.teamId),
    index('files_quota_team').on(t.quotaTeamId),
  ],
);
