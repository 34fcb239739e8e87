import { randomBytes } from 'node:crypto';
import type { Page } from '@tandem/contract/envelope';
import type { ProjectItem } from '@tandem/contract/project';
import type { ProjectAccess } from '@tandem/contract/project-rules';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { and, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, type Tx } from '../../db/client.ts';
import { projectMembers, projects, projectVisits, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { maskedPerson, personColumns } from '../team/index.ts';
import { type ProjectGrant, projectRole } from './policy.ts';

/** Public, unguessable codes of projects, documents and share links (16 URL-safe characters). */
export const newCode = () => randomBytes(12).toString('base64url');

export type ProjectFields = {
  name?: string;
  description?: string;
  cover?: string;
  access?: ProjectAccess;
  team_permission?: 'editor' | 'viewer';
};

const columnsOf = (fields: ProjectFields) => ({
  name: fields.name,
  description: fields.description,
  cover: fields.cover,
  access: fields.access,
  teamPermission: fields.team_permission,
});

/** A project of the caller's current team, created by them. */
export async function createProject(
  db: Db,
  creator: { userId: number; teamId: number },
  fields: ProjectFields & { name: string; cover: string },
) {
  const [row] = await db
    .insert(projects)
    .values({
      ...columnsOf(fields),
      name: fields.name,
      cover: fields.cover,
      uniqCode: newCode(),
      teamId: creator.teamId,
      ownerId: creator.userId,
    })
    .returning({ id: projects.id, uniq_code: projects.uniqCode });
  if (!row) throw new AppError('OPERATION_FAILED');
  return row;
}

export async function updateProject(db: Db, projectId: number, fields: ProjectFields) {
  await db
    .update(projects)
    .set({ ...columnsOf(fields), updatedAt: laterStamp })
    .where(eq(projects.id, projectId));
}

/**
 * Strictly later than the one before, however close two writes come: the project's `updated_at` is
 * also the version of its cached catalogue (doc-tree.ts).
 */
const laterStamp = sql`greatest(now(), ${projects.updatedAt} + interval '1 microsecond')`;

/** The catalogue changed: the project moves up the list ordered by activity. */
export const touchProject = (db: Db | Tx, projectId: number) =>
  db.update(projects).set({ updatedAt: laterStamp }).where(eq(projects.id, projectId));

const TEAM_MANAGERS = [TEAM_ROLES.owner, TEAM_ROLES.admin];

/**
 * Projects as the list shows them, with the caller's visit, membership and role, the owner's name
 * and the count of documents and PDFs (not groups), in one query; `total` by a window count.
 */
function selectProjects(db: Db, userId: number) {
  return db
    .select({
      project: projects,
      owner: personColumns,
      visitedAt: projectVisits.visitedAt,
      permission: projectMembers.permission,
      teamRoles: sql<string[]>`(select tm.team_roles from team_members tm
        where tm.team_id = ${projects.teamId} and tm.user_id = ${userId})`,
      docCount: sql<number>`(select count(*) from documents d
        where d.project_id = ${projects.id} and d.kind <> 'group' and d.deleted_at is null)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.userId, projects.ownerId)),
    )
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .leftJoin(projectVisits, and(eq(projectVisits.projectId, projects.id), eq(projectVisits.userId, userId)))
    .$dynamic();
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['execute']>>[number];

function presentProject(row: ProjectRow, userId: number): ProjectItem {
  const { project } = row;
  const role = projectRole(project, { userId, teamRoles: row.teamRoles, permission: row.permission });
  if (!role) throw new AppError('PROJECT_NOT_FOUND');
  return {
    id: project.id,
    uniq_code: project.uniqCode,
    name: project.name,
    description: project.description,
    cover: project.cover,
    doc_count: row.docCount,
    updated_at: project.updatedAt.toISOString(),
    visited_at: row.visitedAt?.toISOString() ?? null,
    role,
    access: project.access,
    team_permission: project.teamPermission,
    owner_name: maskedPerson(row.owner, project.ownerId === userId).name,
  };
}

export type ListCaller = { userId: number; teamId: number; teamRoles: string[] };

/**
 * A page of the current team's projects the caller may see: every one for the team's owner and
 * admins; otherwise team-public ones, their own and those they are a member of. `recent=1` keeps
 * those they visited, most recent first; otherwise the latest changed first.
 */
export async function listProjects(
  db: Db,
  caller: ListCaller,
  query: { keyword?: string; recent: number; page: number; page_size: number },
): Promise<Page<ProjectItem>> {
  const conditions: (SQL | undefined)[] = [
    eq(projects.teamId, caller.teamId),
    // A platform admin may be in a team's back office without being in the team: they see no projects.
    sql`exists (select 1 from team_members tm where tm.team_id = ${projects.teamId} and tm.user_id = ${caller.userId})`,
  ];
  if (!caller.teamRoles.some((role) => (TEAM_MANAGERS as string[]).includes(role))) {
    conditions.push(
      or(
        eq(projects.access, 'team_public'),
        eq(projects.ownerId, caller.userId),
        isNotNull(projectMembers.permission),
      ),
    );
  }
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    conditions.push(or(ilike(projects.name, pattern), ilike(projects.description, pattern)));
  }
  if (query.recent === 1) conditions.push(isNotNull(projectVisits.visitedAt));
  const order =
    query.recent === 1
      ? [desc(projectVisits.visitedAt), desc(projects.id)]
      : [desc(projects.updatedAt), desc(projects.id)];
  const rows = await selectProjects(db, caller.userId)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(projects)
            .leftJoin(
              projectMembers,
              and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, caller.userId)),
            )
            .leftJoin(
              projectVisits,
              and(eq(projectVisits.projectId, projects.id), eq(projectVisits.userId, caller.userId)),
            )
            .where(and(...conditions))
        )[0]?.n ?? 0)
      : 0);
  return { data: rows.map((row) => presentProject(row, caller.userId)), total };
}

/** The project's id by its public code; 2207 when there is none. */
export async function projectIdByCode(db: Db, uniqCode: string): Promise<number> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.uniqCode, uniqCode))
    .limit(1);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return row.id;
}

/** One project as the list shows it, after recording the caller's visit. */
export async function visitProject(db: Db, grant: ProjectGrant, userId: number): Promise<ProjectItem> {
  await db
    .insert(projectVisits)
    .values({ projectId: grant.projectId, userId })
    .onConflictDoUpdate({
      target: [projectVisits.projectId, projectVisits.userId],
      set: { visitedAt: sql`now()` },
    });
  const [row] = await selectProjects(db, userId).where(eq(projects.id, grant.projectId)).limit(1);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return presentProject(row, userId);
}
