import type { ProjectAccess, ProjectPermission, ProjectRole } from '@tandem/contract/project-rules';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { documents, projectMembers, projects, teamMembers, teams } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Who may do what in a project (docs/decisions.md, "Projects and documents"), following the agents'
 * model. Only members of the project's team get anything, so someone who leaves the team loses every
 * project at once. The creator and the team's owner and admins are `owner`; a project member has
 * their own permission; in a team_public project every member of the team also has the project's
 * team permission; the stronger of the two counts. `is_super` gets nothing: projects are their
 * team's content.
 */

export type ProjectAbility = 'view' | 'edit' | 'manage' | 'delete';

/** The caller's place in a project: what `projectAccess` and `documentAccess` answer. */
export type ProjectGrant = { role: ProjectRole; projectId: number; teamId: number };

export type PolicyProject = { ownerId: number; access: ProjectAccess; teamPermission: 'editor' | 'viewer' };
export type PolicyActor = {
  userId: number;
  /** The caller's roles in the project's team; null when they are not a member of it. */
  teamRoles: readonly string[] | null;
  /** Their project membership; it counts only while they are in the project's team. */
  permission: ProjectPermission | null;
};

const RANK: Record<ProjectRole, number> = { owner: 4, admin: 3, editor: 2, viewer: 1 };
const NEEDS: Record<ProjectAbility, ProjectRole> = {
  view: 'viewer',
  edit: 'editor',
  manage: 'admin',
  delete: 'owner',
};
const TEAM_MANAGERS: readonly string[] = [TEAM_ROLES.owner, TEAM_ROLES.admin];

const stronger = (a: ProjectRole | null, b: ProjectRole | null) => (a && (!b || RANK[a] >= RANK[b]) ? a : b);

/** The caller's role in the project, or null when they may not see it at all. */
export function projectRole(project: PolicyProject, actor: PolicyActor): ProjectRole | null {
  if (!actor.teamRoles) return null;
  if (actor.userId === project.ownerId || actor.teamRoles.some((role) => TEAM_MANAGERS.includes(role))) {
    return 'owner';
  }
  const fromTeam = project.access === 'team_public' ? project.teamPermission : null;
  return stronger(actor.permission, fromTeam);
}

export const mayDo = (role: ProjectRole | null, ability: ProjectAbility) =>
  role !== null && RANK[role] >= RANK[NEEDS[ability]];

/** What the caller may do, for answers that carry it so screens never re-derive the rules. */
export const abilitiesOf = (role: ProjectRole | null) => ({
  can_edit: mayDo(role, 'edit'),
  can_manage: mayDo(role, 'manage'),
  can_delete: mayDo(role, 'delete'),
});

const grantColumns = {
  projectId: projects.id,
  teamId: projects.teamId,
  ownerId: projects.ownerId,
  access: projects.access,
  teamPermission: projects.teamPermission,
  teamRoles: teamMembers.teamRoles,
  permission: projectMembers.permission,
};
type GrantRow = PolicyProject & {
  projectId: number;
  teamId: number;
  teamRoles: string[];
  permission: ProjectPermission | null;
};

const grantOf = (row: GrantRow | undefined, userId: number): ProjectGrant | null => {
  if (!row) return null;
  const role = projectRole(row, { userId, teamRoles: row.teamRoles, permission: row.permission });
  return role && { role, projectId: row.projectId, teamId: row.teamId };
};

/** The project (of a live team) joined to the caller's team membership and project membership. */
const grantQuery = (db: Executor, userId: number) =>
  db
    .select(grantColumns)
    .from(projects)
    .innerJoin(teams, and(eq(teams.id, projects.teamId), isNull(teams.deletedAt)))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.userId, userId)))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .$dynamic();

/** The caller's role in a project; null when there is no such project or they may not see it. */
export async function projectAccess(
  db: Executor,
  userId: number,
  projectId: number,
): Promise<ProjectGrant | null> {
  const [row] = await grantQuery(db, userId).where(eq(projects.id, projectId)).limit(1);
  return grantOf(row, userId);
}

/** Of `projectIds`, those the caller may read, in one query. */
export async function readableProjectIds(
  db: Executor,
  userId: number,
  projectIds: readonly number[],
): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const rows = await grantQuery(db, userId).where(inArray(projects.id, [...new Set(projectIds)]));
  return rows
    .map((row) => grantOf(row, userId))
    .filter((grant): grant is ProjectGrant => grant !== null && mayDo(grant.role, 'view'))
    .map((grant) => grant.projectId);
}

/** The caller's role in a document's project; null when there is no such document or they may not see it. */
export async function documentAccess(
  db: Executor,
  userId: number,
  documentId: number,
): Promise<ProjectGrant | null> {
  const [row] = await grantQuery(db, userId)
    .innerJoin(documents, eq(documents.projectId, projects.id))
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  return grantOf(row, userId);
}

/**
 * Refuses a caller without the ability: someone who cannot see the project learns nothing of it (not
 * found), anyone who can is told they lack the permission.
 */
export function authorizeProject(
  grant: ProjectGrant | null,
  ability: ProjectAbility,
  notFound: 'PROJECT_NOT_FOUND' | 'DOCUMENT_NOT_FOUND' = 'PROJECT_NOT_FOUND',
): ProjectGrant {
  if (!grant) throw new AppError(notFound);
  if (!mayDo(grant.role, ability)) throw new AppError('FORBIDDEN');
  return grant;
}
