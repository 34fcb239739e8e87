import type { Page, PageQuery } from '@tandem/contract/envelope';
import type { ProjectCandidate } from '@tandem/contract/project';
import type { ProjectPermission } from '@tandem/contract/project-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listTeamCandidates, maskedPerson, personColumns } from '../team/index.ts';
import type { ProjectGrant } from './policy.ts';

/**
 * The project's members who are still in its team, in the order they were added, with the name they
 * have in the team; contacts are not part of the answer, as every viewer reads this list.
 */
export async function listProjectMembers(db: Db, grant: ProjectGrant) {
  const rows = await db
    .select({ ...personColumns, permission: projectMembers.permission })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, grant.teamId), eq(teamMembers.userId, users.id)))
    .where(eq(projectMembers.projectId, grant.projectId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.userId));
  return rows.map((row) => ({
    user_id: row.userId,
    name: maskedPerson(row).name,
    avatar: row.avatar,
    permission: row.permission,
  }));
}

/** Adds a member of the project's team, changes their permission, or (null) removes them. */
export async function setProjectMember(
  db: Db,
  grant: ProjectGrant,
  userId: number,
  permission: ProjectPermission | null,
) {
  const where = and(eq(projectMembers.projectId, grant.projectId), eq(projectMembers.userId, userId));
  if (permission === null) {
    await db.delete(projectMembers).where(where);
    return;
  }
  const [inTeam] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, grant.teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!inTeam) throw new AppError('PROJECT_MEMBER_NOT_IN_TEAM');
  await db
    .insert(projectMembers)
    .values({ projectId: grant.projectId, userId, permission })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { permission } });
}

/** Members of the project's team to choose from, each with their permission on the project. */
export async function listProjectCandidates(
  db: Db,
  grant: ProjectGrant,
  query: PageQuery & { keyword: string },
  viewerId: number,
): Promise<Page<ProjectCandidate>> {
  const permission = sql<ProjectPermission | null>`(select ${projectMembers.permission} from ${projectMembers}
    where ${projectMembers.projectId} = ${grant.projectId} and ${projectMembers.userId} = ${teamMembers.userId})`;
  const [page, [project]] = await Promise.all([
    listTeamCandidates(db, grant.teamId, query, permission, viewerId),
    db.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, grant.projectId)),
  ]);
  return {
    data: page.data.map((person) => ({ ...person, is_owner: person.user_id === project?.ownerId })),
    total: page.total,
  };
}
