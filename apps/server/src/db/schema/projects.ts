import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** PostgreSQL `bytea`, read and written as bytes (a document's Yjs state). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A project of a team: a named space of documents and groups, which is also
 * the knowledge an agent can be given. Access follows the agents' model (docs/decisions.md): the
 * creator and the team's admins manage it; `team_public` lets every member of the team in with
 * `team_permission`; members listed in `project_members` get their own permission either way.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public, unguessable id used in `/projects/space/{uniq_code}`. */
    uniqCode: text('uniq_code').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** `gallery:<category>/<n>`, `random:<seed>` or an uploaded image (`/api/upload/files/<id>`). */
    cover: text('cover').notNull(),
    access: text('access').$type<'team_public' | 'team_private'>().notNull().default('team_public'),
    /** What every member of the team may do in a team_public project. */
    teamPermission: text('team_permission').$type<'editor' | 'viewer'>().notNull().default('editor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_uniq_code').on(t.uniqCode), index('projects_team').on(t.teamId, t.updatedAt)],
);

/** A member of a project with a permission of their own: admin (all but delete), editor, viewer. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').$type<'admin' | 'editor' | 'viewer'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user').on(t.userId)],
);

/** When a user last opened a project: the list's "recently visited". */
export const projectVisits = pgTable(
  'project_visits',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_visits_user').on(t.userId, t.visitedAt),
  ],
);

/**
 * A node of a project's catalogue: a document or a group of documents. Siblings are ordered by `sort`.
 * A document's content is its Yjs state in `document_states`, kept apart so that listing a tree of
 * thousands never reads document bodies.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Public, unguessable id used in `/projects/{doc_uniq_code}`. */
    uniqCode: text('uniq_code').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'doc' | 'group' | 'pdf'>().notNull(),
    name: text('name').notNull(),
    sort: doublePrecision('sort').notNull().default(0),
    /** The read-only share link's code (`/projects/{uniq_code}/{share_code}`); null when not shared. */
    shareCode: text('share_code'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * In the project's trash since then (migration 0028): the row deleted and everything below it carry
     * the same time, which is how a restore finds what went together. Purged 30 days later.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('documents_uniq_code').on(t.uniqCode),
    index('documents_trash').on(t.projectId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    uniqueIndex('documents_share_code').on(t.shareCode).where(sql`${t.shareCode} is not null`),
    index('documents_project_parent').on(t.projectId, t.parentId, t.sort),
  ],
);

/** A document's collaborative state (Yjs update, `Y.encodeStateAsUpdate`), written by the collaboration server. */
export const documentStates = pgTable('document_states', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  /** Bytes of `state`: what the document counts towards its team's storage. */
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An upload (image or attachment) a document holds: the file counts towards its team's storage while
 * some document of the team holds it. A copied document holds its original's files too, so deleting
 * either one leaves the other's pictures counted.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.fileId] }), index('document_files_file').on(t.fileId)],
);
