import { TEAM_ROLES } from '@tandem/contract/team';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { teams, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

export const OWNER_ROLES = [TEAM_ROLES.owner, TEAM_ROLES.manage];
export const ADMIN_ROLES = [TEAM_ROLES.admin, TEAM_ROLES.manage];
export const MEMBER_ROLES: string[] = [];

/**
 * Changes to a team's members and departments take turns: transfer, removal, approval, dissolution
 * and every change to the department tree lock the team row first (before any other row, so none
 * deadlock), then re-read what they decide on.
 */
export async function lockTeam(tx: Tx, teamId: number) {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId, deletedAt: teams.deletedAt })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return team && !team.deletedAt ? team : undefined;
}

/** Runs `change` in a transaction holding the team row (see lockTeam); a dissolved team is not found. */
export function withTeamLocked<T>(db: Db, teamId: number, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await lockTeam(tx, teamId))) throw new AppError('NOT_FOUND');
    return change(tx);
  });
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
