import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, projects, teamMembers } from '../../db/schema.ts';
import { readableProjectIds } from './policy.ts';

/** Of `projectIds`, those of the team: an agent draws only on its own team's projects. */
export async function projectIdsOfTeam(db: Db, teamId: number, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), inArray(projects.id, [...new Set(projectIds)])));
  const found = new Set(rows.map((row) => row.id));
  return projectIds.filter((id) => found.has(id));
}

/** The caller's roles in a team; null when they are not one of its members. */
export async function teamRolesOf(db: Db, userId: number, teamId: number): Promise<string[] | null> {
  const [row] = await db
    .select({ roles: teamMembers.teamRoles })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row?.roles ?? null;
}

/** Of `documentIds`, those that still exist in a project the caller may read. */
export async function readableDocumentIds(
  db: Db,
  userId: number,
  documentIds: readonly number[],
): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: documents.id, projectId: documents.projectId })
    .from(documents)
    .where(and(inArray(documents.id, [...new Set(documentIds)]), isNull(documents.deletedAt)));
  const readable = new Set(
    await readableProjectIds(
      db,
      userId,
      rows.map((row) => row.projectId),
    ),
  );
  return new Set(rows.filter((row) => readable.has(row.projectId)).map((row) => row.id));
}
