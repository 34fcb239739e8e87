import { TEAM_ROLES, type TeamInfo, type TeamSummary } from '@tandem/contract/team';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  departments,
  industries,
  teamApplications,
  teamLeavers,
  teamMembers,
  teams,
  users,
} from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertAvatarImage } from '../user/index.ts';
import type { TeamContext } from './policy.ts';
import { ADMIN_ROLES, lockTeam, moveOutOfTeam, OWNER_ROLES } from './team-data.ts';

const summaryOf = (team: typeof teams.$inferSelect, roles: string[]): TeamSummary => ({
  team_id: team.id,
  id: team.id,
  name: team.name,
  avatar: team.avatar,
  team_type: team.teamType,
  team_roles: roles,
});

/** An organisation team owned by its creator, who switches to it. */
export async function createTeam(
  db: Db,
  userId: number,
  form: { name: string; industry_id: number; scale: number },
): Promise<number> {
  const [industry] = await db
    .select({ id: industries.id })
    .from(industries)
    .where(eq(industries.id, form.industry_id))
    .limit(1);
  if (!industry) {
    throw new AppError('BAD_REQUEST', { fields: [{ field: 'industry_id', message: 'unknown industry' }] });
  }
  const teamId = await db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({ name: form.name, teamType: 0, ownerId: userId, industryId: industry.id, scale: form.scale })
      .returning({ id: teams.id });
    if (!team) throw new AppError('OPERATION_FAILED');
    await tx.insert(teamMembers).values({ teamId: team.id, userId, teamRoles: OWNER_ROLES });
    await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, userId));
    return team.id;
  });
  identityCacheOf(db).forgetAccount(userId);
  return teamId;
}

/** The user's teams: the personal one first, then by when they joined. */
export async function userTeams(db: Db, userId: number): Promise<TeamSummary[]> {
  const rows = await db
    .select({ team: teams, roles: teamMembers.teamRoles })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teams.teamType), asc(teamMembers.joinedAt));
  return rows.map((row) => summaryOf(row.team, row.roles));
}

export async function teamInfo(db: Db, context: TeamContext): Promise<TeamInfo> {
  const [[team], [members]] = await Promise.all([
    db.select().from(teams).where(eq(teams.id, context.teamId)).limit(1),
    db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, context.teamId)),
  ]);
  if (!team) throw new AppError('NOT_FOUND');
  return {
    ...summaryOf(team, context.roles),
    description: team.description,
    member_count: members?.n ?? 0,
    apply_audit: team.applyAudit ? 1 : 0,
    owner_user_id: team.ownerId,
    industry_id: team.industryId,
    scale: team.scale,
    created_at: team.createdAt.toISOString(),
  };
}

/** Makes a team the user's current one; only a team they belong to. */
export async function switchTeam(db: Db, userId: number, teamId: number) {
  const [membership] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!membership) throw new AppError('NOT_A_MEMBER');
  await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
  identityCacheOf(db).forgetAccount(userId);
}

/** Name, description and/or avatar; the avatar must be an image the manager making the change uploaded. */
export async function updateTeam(
  db: Db,
  context: TeamContext,
  change: { name?: string; avatar?: string; description?: string },
) {
  if (change.avatar !== undefined) await assertAvatarImage(db, context.userId, change.avatar);
  await db
    .update(teams)
    .set({ name: change.name, avatar: change.avatar, description: change.description })
    .where(eq(teams.id, context.teamId));
  identityCacheOf(db).forgetAllAccounts();
}

export async function setApplyAudit(db: Db, teamId: number, applyAudit: boolean) {
  await db.update(teams).set({ applyAudit }).where(eq(teams.id, teamId));
}

/** Ownership passes to another member, who becomes owner; the old owner stays as an admin. */
export async function transferTeam(db: Db, context: TeamContext, newOwnerId: number) {
  if (newOwnerId === context.ownerId)
    throw new AppError('BAD_REQUEST', { fields: [{ field: 'user_id', message: 'already the owner' }] });
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, context.teamId);
    if (!team) throw new AppError('NOT_FOUND');
    const moved = await tx
      .update(teamMembers)
      .set({ teamRoles: OWNER_ROLES })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, newOwnerId)))
      .returning({ userId: teamMembers.userId });
    if (moved.length === 0) throw new AppError('NOT_A_MEMBER');
    await tx
      .update(teamMembers)
      .set({ teamRoles: ADMIN_ROLES })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, team.ownerId)));
    await tx.update(teams).set({ ownerId: newOwnerId }).where(eq(teams.id, team.id));
  });
  const cache = identityCacheOf(db);
  cache.forgetAccount(newOwnerId);
  cache.forgetAccount(context.ownerId);
}

/** Dissolves the team: every member leaves and lands in their personal team. Answers who was in it. */
export async function dissolveTeam(db: Db, teamId: number) {
  const dissolved = await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new AppError('NOT_FOUND');
    const members = await tx
      .delete(teamMembers)
      .where(eq(teamMembers.teamId, teamId))
      .returning({ userId: teamMembers.userId });
    await moveOutOfTeam(
      tx,
      teamId,
      members.map((m) => m.userId),
    );
    await tx.delete(teamApplications).where(eq(teamApplications.teamId, teamId));
    await tx.delete(teamLeavers).where(eq(teamLeavers.teamId, teamId));
    await tx.update(teams).set({ deletedAt: new Date(), inviteCode: null }).where(eq(teams.id, teamId));
    return { userIds: members.map((m) => m.userId), teamName: team.name };
  });
  identityCacheOf(db).forgetAllAccounts();
  return dissolved;
}

/**
 * What a module above this one does when members leave a team (the agents module hands their agents
 * to the team's owner): run inside the removal's transaction, it answers what to do once that commits
 * (tell the agents' new owner), or nothing. Given to the team module at start, so it imports none of them.
 */
export type MembersLeaving = (
  tx: Tx,
  leaving: { teamId: number; userIds: number[]; heirId: number },
) => Promise<(() => Promise<unknown>) | undefined>;

/** A member leaves; the owner must transfer the team first. They are listed among leaving members. */
export async function leaveTeam(db: Db, context: TeamContext, onLeaving: readonly MembersLeaving[]) {
  if (context.ownerId === context.userId) throw new AppError('TEAM_TRANSFER_FIRST');
  return removeMembers(db, context.teamId, [context.userId], onLeaving);
}

/**
 * Removes members (never the owner): each is kept in the leaving list with their department, and
 * lands in their personal team if this one was current; `onLeaving` runs in the same transaction (their
 * places on the team's agents go with them, the agents they own pass to the team's owner). Answers who
 * was removed and what to do now that it is committed. A `remover` who is neither the owner nor a super
 * user cannot remove admins; a member leaving gives none.
 */
export async function removeMembers(
  db: Db,
  teamId: number,
  userIds: number[],
  onLeaving: readonly MembersLeaving[],
  remover?: Pick<TeamContext, 'userId' | 'isSuper'>,
) {
  const removed = await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new AppError('NOT_FOUND');
    if (userIds.includes(team.ownerId)) throw new AppError('OWNER_CANNOT_BE_REMOVED');
    // Roles read under the locks, so a member made admin a moment before counts as an admin.
    const rows = await tx
      .select({
        userId: teamMembers.userId,
        roles: teamMembers.teamRoles,
        departmentId: teamMembers.departmentId,
        departmentName: departments.name,
        realName: teamMembers.realName,
      })
      .from(teamMembers)
      .leftJoin(departments, eq(departments.id, teamMembers.departmentId))
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)))
      .for('update', { of: teamMembers });
    if (rows.length === 0) throw new AppError('NOT_A_MEMBER');
    const mayRemoveAdmins = !remover || remover.isSuper || remover.userId === team.ownerId;
    if (!mayRemoveAdmins && rows.some((row) => row.roles.includes(TEAM_ROLES.manage))) {
      throw new AppError('NO_MANAGEMENT_PERMISSION');
    }
    const ids = rows.map((row) => row.userId);
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
    // No department of the team shows someone no longer in it as its manager.
    await tx
      .update(departments)
      .set({ managerUserId: null })
      .where(and(eq(departments.teamId, teamId), inArray(departments.managerUserId, ids)));
    await tx
      .insert(teamLeavers)
      .values(
        rows.map((row) => ({
          teamId,
          userId: row.userId,
          departmentId: row.departmentId,
          departmentName: row.departmentName ?? '',
          realName: row.realName,
        })),
      )
      .onConflictDoUpdate({
        target: [teamLeavers.teamId, teamLeavers.userId],
        set: {
          departmentId: sql`excluded.department_id`,
          departmentName: sql`excluded.department_name`,
          realName: sql`excluded.real_name`,
          leftAt: sql`now()`,
        },
      });
    await moveOutOfTeam(tx, teamId, ids);
    const afterCommit: (() => Promise<unknown>)[] = [];
    for (const hook of onLeaving) {
      const then = await hook(tx, { teamId, userIds: ids, heirId: team.ownerId });
      if (then) afterCommit.push(then);
    }
    return { userIds: ids, teamName: team.name, afterCommit };
  });
  const cache = identityCacheOf(db);
  for (const id of removed.userIds) cache.forgetAccount(id);
  return removed;
}
