import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** team_type above 0 is a user's personal team; 0 is an organisation team. */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    description: text('description').notNull().default(''),
    teamType: smallint('team_type').notNull().default(0),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    applyAudit: boolean('apply_audit').notNull().default(false),
    industryId: integer('industry_id'),
    scale: smallint('scale').notNull().default(0),
    /** The current invitation code and when it stops working; reset makes a new one. */
    inviteCode: text('invite_code'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('teams_invite_code').on(t.inviteCode)],
);

/** A department of an organisation team: a tree by `parent_id`, ordered by `sort` among siblings. */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    managerUserId: integer('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('departments_team_parent').on(t.teamId, t.parentId, t.sort)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** team_owner, team_admin, and team_manage (the back-office right) for both. */
    teamRoles: text('team_roles').array().notNull().default(sql`array[]::text[]`),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** The name given when joining by invitation. */
    realName: text('real_name').notNull().default(''),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user').on(t.userId),
    index('team_members_team_joined').on(t.teamId, t.joinedAt, t.userId),
    index('team_members_department').on(t.departmentId),
  ],
);

/** A request to join a team that requires approval: 0 pending, 1 approved, 2 rejected. */
export const teamApplications = pgTable(
  'team_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realName: text('real_name').notNull().default(''),
    status: smallint('status').notNull().default(0),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_applications_one_pending').on(t.teamId, t.userId).where(sql`${t.status} = 0`),
    index('team_applications_team').on(t.teamId, t.status, t.createdAt),
  ],
);

/** Members who left or were removed: restorable until deleted or cleared. */
export const teamLeavers = pgTable(
  'team_leavers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** The department's name when they left, kept if the department is later deleted. */
    departmentName: text('department_name').notNull().default(''),
    realName: text('real_name').notNull().default(''),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_leavers_team').on(t.teamId, t.leftAt)],
);

/** The two-level industry tree of the create-team form; names live in the locale files. */
export const industries = pgTable('industries', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  key: text('key').notNull(),
  sort: integer('sort').notNull().default(0),
});
