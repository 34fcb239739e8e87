import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** team_type above 0 is a user's personal team; 0 is an organisation team. */
export const teams = pgTable('teams', {
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamRoles: text('team_roles').array().notNull().default(sql`array[]::text[]`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user').on(t.userId)],
);
