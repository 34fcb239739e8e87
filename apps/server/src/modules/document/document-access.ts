import type { ProjectRole } from '@tandem/contract/project-rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, projectMembers, projects, teamMembers, teams } from '../../db/schema.ts';

export type DocumentAccess = { role: ProjectRole; projectId: number; teamId: number };

/**
 * Stand-in for the project module's `documentAccess` (same signature and meaning) until it lands:
 * null when the document does not exist or the user may not read it; the user must belong to the
 * project's team. TODO(collab): re-export `documentAccess` from '../project/policy.ts'.
 */
export async function documentAccess(
  db: Db,
  userId: number,
  documentId: number,
): Promise<DocumentAccess | null> {
  const [row] = await db
    .select({
      projectId: projects.id,
      teamId: projects.teamId,
      ownerId: projects.ownerId,
      access: projects.access,
      teamPermission: projects.teamPermission,
      teamOwnerId: teams.ownerId,
      teamRoles: teamMembers.teamRoles,
      permission: projectMembers.permission,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .innerJoin(teams, and(eq(teams.id, projects.teamId), isNull(teams.deletedAt)))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!row) return null;
  const scope = { projectId: row.projectId, teamId: row.teamId };
  const isTeamAdmin = row.teamOwnerId === userId || row.teamRoles.includes('team_admin');
  if (row.ownerId === userId || isTeamAdmin) return { role: 'owner', ...scope };
  if (row.permission) return { role: row.permission, ...scope };
  if (row.access === 'team_public') return { role: row.teamPermission, ...scope };
  return null;
}
