import type { DocTreeNode } from '@tandem/contract/project';
import { type DocKind, UNNAMED_DOC } from '@tandem/contract/project-rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newCode, touchProject } from './projects.ts';

/**
 * The one project that all of `ids` belong to. Ids that do not exist, or lie in several projects,
 * answer 2201 like a document the caller may not see, so the answer says nothing of other projects.
 */
export async function projectOfDocs(db: Executor, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ projectId: documents.projectId })
    .from(documents)
    .where(and(inArray(documents.id, unique), isNull(documents.deletedAt)));
  const projectIds = new Set(rows.map((row) => row.projectId));
  const [projectId] = projectIds;
  if (rows.length !== unique.length || projectIds.size !== 1 || projectId === undefined) {
    throw new AppError('DOCUMENT_NOT_FOUND');
  }
  return projectId;
}

/**
 * Writes to one project's catalogue wait for each other (a row lock on the project), so two moves at
 * once cannot each put a group inside the other.
 */
export async function lockCatalogue(tx: Tx, projectId: number) {
  await tx.execute(sql`select 1 from projects where id = ${projectId} for update`);
}

/**
 * Holds the project against its deletion while a document's rows are written (a store, indexing):
 * taken before the document's, as catalogue changes and deletions take the project first. Taken after,
 * a deletion holding the project and waiting for the document deadlocked with it.
 */
export async function holdProject(tx: Tx, projectId: number) {
  await tx.execute(sql`select 1 from projects where id = ${projectId} for key share`);
}

/** Checks that `parentId` is a group of the project (null is the root). */
export async function assertGroup(db: Executor, projectId: number, parentId: number | null) {
  if (parentId === null) return;
  const [parent] = await db
    .select({ kind: documents.kind })
    .from(documents)
    .where(and(eq(documents.id, parentId), eq(documents.projectId, projectId), isNull(documents.deletedAt)))
    .limit(1);
  if (!parent) throw new AppError('DOCUMENT_NOT_FOUND');
  if (parent.kind !== 'group') throw new AppError('DOCUMENT_PARENT_NOT_GROUP');
}

const childrenOf = (projectId: number, parentId: number | null) =>
  and(
    eq(documents.projectId, projectId),
    parentId === null ? isNull(documents.parentId) : eq(documents.parentId, parentId),
  );

/**
 * A catalogue node at the end of `parentId`'s children (the root when null), in the caller's
 * transaction: a document, a group, or an uploaded PDF (whose content its own module writes).
 */
export async function insertDoc(
  tx: Tx,
  input: {
    projectId: number;
    parentId: number | null;
    name?: string;
    kind: DocKind | 'pdf';
    userId: number;
  },
) {
  await lockCatalogue(tx, input.projectId);
  await assertGroup(tx, input.projectId, input.parentId);
  const [end] = await tx
    .select({ sort: sql<number>`coalesce(max(${documents.sort}) + 1, 0)`.mapWith(Number) })
    .from(documents)
    .where(childrenOf(input.projectId, input.parentId));
  const [row] = await tx
    .insert(documents)
    .values({
      uniqCode: newCode(),
      projectId: input.projectId,
      parentId: input.parentId,
      kind: input.kind,
      name: input.name || UNNAMED_DOC,
      sort: end?.sort ?? 0,
      createdBy: input.userId,
      updatedBy: input.userId,
    })
    .returning({ id: documents.id, uniq_code: documents.uniqCode });
  await touchProject(tx, input.projectId);
  if (!row) throw new AppError('OPERATION_FAILED');
  return row;
}

/** A document or group at the end of `parentId`'s children (the root when null). */
export async function createDoc(
  db: Db,
  input: { projectId: number; parentId: number | null; name?: string; kind: DocKind; userId: number },
) {
  return db.transaction((tx) => insertDoc(tx, input));
}

/**
 * The project's documents whose search index is not `ready` (usually few; any other is ready), from
 * a partial index: what the catalogue shows of the index without reading a row per document.
 */
const unreadyStates = (projectId: number) => sql`select document_id, state, error from knowledge_index_states
  where project_id = ${projectId} and state <> 'ready'`;

/**
 * Moves whenever a document's index state shows differently: it counts the documents indexing and
 * failed, and takes the latest change among them.
 */
const unreadyVersion = (projectId: number) => sql`select count(*) filter (where state = 'indexing') || '/'
    || count(*) filter (where state = 'failed') || '/' || coalesce(max(changed_at)::text, '')
  from knowledge_index_states where project_id = ${projectId} and state <> 'ready'`;

/** Catalogues this process listed lately, by project, with the version each was read at. */
const cachedTrees = new Map<number, { version: string; json: string }>();
const CACHED_TREES_MAX = 32;

/**
 * The catalogue as JSON text, from this process's cache while the project's version is the same.
 * The version is read from the database on every call, so every server process sees every change:
 * every catalogue write moves the project's `updated_at` (strictly later each time), adding or
 * removing a document changes the count, a document's save moves the latest `updated_at`, and a
 * change of a document's search index state moves `unreadyVersion`.
 */
export async function docTreeJson(db: Db, projectId: number): Promise<string> {
  const result = await db.execute(sql`select p.updated_at::text || '/' || count(d.id) || '/'
      || coalesce(max(d.updated_at)::text, '') || '/' || (${unreadyVersion(projectId)}) as version
    from projects p left join documents d on d.project_id = p.id
    where p.id = ${projectId} group by p.id`);
  const version = (result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '';
  const cached = cachedTrees.get(projectId);
  cachedTrees.delete(projectId);
  if (cached?.version === version) {
    cachedTrees.set(projectId, cached);
    return cached.json;
  }
  const json = JSON.stringify(await docTree(db, projectId));
  cachedTrees.set(projectId, { version, json });
  for (const oldest of cachedTrees.keys()) {
    if (cachedTrees.size <= CACHED_TREES_MAX) break;
    cachedTrees.delete(oldest);
  }
  return json;
}

/**
 * The project's catalogue as a tree, siblings in order, from one query of the listing columns and
 * each document's search index state (no document bodies; a document with no content stored has
 * nothing to index and is `ready`), assembled in one pass. The rows come as one JSON text: PGlite
 * decodes a result field by field, which for 10,000 rows of seven columns took several times as
 * long as the query.
 */
export async function docTree(db: Db, projectId: number): Promise<DocTreeNode[]> {
  const result = await db.execute(sql`select json_agg(node)::text as nodes from (
      select d.id, d.uniq_code, d.name, d.parent_id as "parentId", d.kind, d.sort,
        to_char(d.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        case when d.kind <> 'group' then coalesce(k.state, 'ready') end as index_state,
        case when k.state = 'failed' then k.error end as index_error
      from documents d left join (${unreadyStates(projectId)}) k on k.document_id = d.id
      where d.project_id = ${projectId} and d.deleted_at is null order by d.sort, d.id) node`);
  const [row] = (result as unknown as { rows: { nodes: string | null }[] }).rows;
  const nodes: DocTreeNode[] = JSON.parse(row?.nodes ?? '[]');
  const byId = new Map<number, DocTreeNode>();
  for (const node of nodes) {
    node.children = [];
    byId.set(node.id, node);
  }
  const roots: DocTreeNode[] = [];
  for (const node of nodes) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function renameDoc(
  db: Db,
  input: { id: number; projectId: number; name: string; userId: number },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ name: input.name, updatedBy: input.userId, updatedAt: new Date() })
      .where(eq(documents.id, input.id));
    await touchProject(tx, input.projectId);
  });
}

/** Turns the read-only share link on with a new code (an old link stops working) or off. */
export async function shareDoc(db: Db, id: number, enabled: boolean) {
  const shareCode = enabled ? newCode() : null;
  await db.update(documents).set({ shareCode }).where(eq(documents.id, id));
  return { share_code: shareCode };
}
