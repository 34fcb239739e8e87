import { TEAM_ROLES } from '@tandem/contract/team';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const OWNER_ROLES = [TEAM_ROLES.owner, TEAM_ROLES.manage];
export const ADMIN_ROLES = [TEAM_ROLES.admin, TEAM_ROLES.manage];
export const MEMBER_ROLES: string[] = [];

/**
 * Changes to a team's members take turns: transfer, removal, approval and dissolution lock the team
 * row first, then re-read what they decide on.
 */
export async function lockTeam(tx: Tx, teamId: number) {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId, deletedAt: teams.deletedAt })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return team && !team.deletedAt ? team : undefined;
}

/** The user's personal team, where they land when they leave or lose their current team. */
export async function personalTeamOf(db: Executor, userId: number) {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.ownerId, userId), gt(teams.teamType, 0), isNull(teams.deletedAt)))
    .limit(1);
  return team?.id ?? null;
}

/** Users whose current team is `teamId` fall back to their personal team. */
export async function moveOutOfTeam(tx: Tx, teamId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx
    .update(users)
    .set({
      currentTeamId: sql`(select t.id from ${teams} t where t.owner_id = ${users.id} and t.team_type > 0 and t.deleted_at is null limit 1)`,
    })
    .where(and(eq(users.currentTeamId, teamId), inArray(users.id, userIds)));
}

export async function memberRolesOf(db: Executor, teamId: number, userId: number) {
  const [row] = await db
    .select({ roles: teamMembers.teamRoles })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.roles;
}
