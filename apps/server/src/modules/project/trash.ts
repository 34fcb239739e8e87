import { TRASH_RETENTION_DAYS, type TrashItem } from '@tandem/contract/document-trash';
import { sql } from 'drizzle-orm';
import { type Db, integerList, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { maskedPerson } from '../team/index.ts';
import { type Deletion, teamOfProject } from './deletion.ts';
import { lockCatalogue } from './doc-tree.ts';
import { dropFromIndex, markForIndexing, markPdfForIndexing } from './index-queue.ts';
import { touchProject } from './projects.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** How often each server process deletes what has been in the trash past its days. */
export const TRASH_SWEEP_EVERY_MS = 60 * 60 * 1000;
const RETENTION = sql.raw(`interval '${TRASH_RETENTION_DAYS} days'`);

/**
 * Moves documents and groups, with everything below them, to the project's trash: out of the
 * catalogue, search and reach (their share links turned off), kept with their content and files, which
 * still count towards the team's storage, until restored or deleted for good.
 */
export async function trashDocs(
  db: Db,
  input: { projectId: number; ids: readonly number[]; userId: number },
): Promise<Deletion> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, input.projectId);
    const trashed = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with recursive doomed as (
          select id from documents
          where id in (${integerList(input.ids)}) and project_id = ${input.projectId} and deleted_at is null
          union
          select d.id from documents d join doomed on d.parent_id = doomed.id where d.deleted_at is null
        )
        update documents set deleted_at = now(), deleted_by = ${input.userId}, share_code = null
        where id in (select id from doomed)
        returning id`),
    );
    const documentIds = trashed.map((row) => Number(row.id));
    await dropFromIndex(tx, documentIds);
    await touchProject(tx, input.projectId);
    return { projectId: input.projectId, documentIds, recipients: await teamOfProject(tx, input.projectId) };
  });
}

/**
 * What the trash holds: each deleted entry once (not what went with a group), newest first, named by
 * who deleted it as the team knows them (their own contact unmasked to the viewer).
 */
export async function listTrash(db: Db, projectId: number, viewerId: number): Promise<TrashItem[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    kind: TrashItem['kind'];
    docCount: number;
    deletedAt: string;
    purgeAt: string;
    deletedById: number | null;
    nickName: string | null;
    realName: string | null;
    phone: string | null;
    email: string | null;
  }>(
    await db.execute(sql`
      select d.id, d.name, d.kind,
        (select count(*) from documents c where c.project_id = d.project_id and c.deleted_at = d.deleted_at
          and c.kind <> 'group' and c.id <> d.id
          and c.id in (with recursive below as (select d.id as id union
            select x.id from documents x join below on x.parent_id = below.id) select id from below)
        )::int as "docCount",
        to_char(d.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "deletedAt",
        to_char((d.deleted_at + ${RETENTION}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "purgeAt",
        d.deleted_by as "deletedById", u.nick_name as "nickName", tm.real_name as "realName", u.phone, u.email
      from documents d
      left join documents parent on parent.id = d.parent_id
      left join users u on u.id = d.deleted_by
      left join projects p on p.id = d.project_id
      left join team_members tm on tm.team_id = p.team_id and tm.user_id = d.deleted_by
      where d.project_id = ${projectId} and d.deleted_at is not null
        and (parent.id is null or parent.deleted_at is distinct from d.deleted_at)
      order by d.deleted_at desc, d.sort, d.id`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    doc_count: Number(row.docCount),
    deleted_at: row.deletedAt,
    purge_at: row.purgeAt,
    deleted_by:
      row.nickName === null
        ? ''
        : maskedPerson(
            { nickName: row.nickName, realName: row.realName, phone: row.phone, email: row.email },
            Number(row.deletedById) === viewerId,
          ).name,
  }));
}

/** The trash entries among `ids` (each with what was deleted with it); 2201 when one is not in the trash. */
async function trashEntries(tx: Tx, projectId: number, ids: readonly number[]) {
  const entries = rowsOf<{ id: number; parentId: number | null; isParentLive: boolean; ids: number[] }>(
    await tx.execute(sql`
      select d.id, d.parent_id as "parentId", (parent.id is not null and parent.deleted_at is null) as "isParentLive",
        (with recursive below as (select d.id as id union
          select x.id from documents x join below on x.parent_id = below.id where x.deleted_at = d.deleted_at)
          select array_agg(id) from below) as ids
      from documents d left join documents parent on parent.id = d.parent_id
      where d.id in (${integerList(ids)}) and d.project_id = ${projectId} and d.deleted_at is not null
        and (parent.id is null or parent.deleted_at is distinct from d.deleted_at)`),
  );
  if (entries.length !== new Set(ids).size) throw new AppError('DOCUMENT_NOT_FOUND');
  return entries.map((entry) => ({ ...entry, id: Number(entry.id), ids: entry.ids.map(Number) }));
}

/**
 * Puts trash entries back where they were, with what was deleted with them; an entry whose group is
 * gone (deleted itself) comes back at the end of the top level. They are indexed for search again.
 */
export async function restoreDocs(db: Db, projectId: number, ids: readonly number[]) {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, projectId);
    const entries = await trashEntries(tx, projectId, ids);
    for (const entry of entries.filter((entry) => !entry.isParentLive && entry.parentId !== null)) {
      await tx.execute(sql`update documents set parent_id = null,
          sort = (select coalesce(max(sort) + 1, 0) from documents
            where project_id = ${projectId} and parent_id is null and deleted_at is null)
        where id = ${entry.id}`);
    }
    const restored = entries.flatMap((entry) => entry.ids);
    await tx.execute(sql`update documents set deleted_at = null, deleted_by = null
      where id in (${integerList(restored)})`);
    await markForIndexing(tx, restored);
    await markPdfForIndexing(tx, restored);
    await touchProject(tx, projectId);
  });
}

/** Deletes trash entries for good, with what was deleted with them (foreign keys cascade). */
export async function purgeDocs(db: Db, projectId: number, ids: readonly number[]) {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, projectId);
    const entries = await trashEntries(tx, projectId, ids);
    await tx.execute(
      sql`delete from documents where id in (${integerList(entries.map((entry) => entry.id))})`,
    );
    await touchProject(tx, projectId);
  });
}

/**
 * Deletes for good what has been in the trash (of `projectId`, or of every project) past
 * `TRASH_RETENTION_DAYS`; answers how many rows.
 */
export async function purgeExpiredTrash(db: Db, projectId?: number): Promise<number> {
  const inProject = projectId === undefined ? sql`` : sql` and project_id = ${projectId}`;
  const purged = await db.execute(sql`delete from documents
    where deleted_at is not null and deleted_at < now() - ${RETENTION}${inProject} returning id`);
  return rowsOf(purged).length;
}

/** The one project all of `ids` (trash entries) are in; 2201 otherwise, as for documents. */
export async function projectOfTrash(db: Db, ids: readonly number[]): Promise<number> {
  const rows = rowsOf<{ projectId: number }>(
    await db.execute(sql`select distinct project_id as "projectId" from documents
      where id in (${integerList([...new Set(ids)])}) and deleted_at is not null`),
  );
  const [row] = rows;
  if (rows.length !== 1 || !row) throw new AppError('DOCUMENT_NOT_FOUND');
  return Number(row.projectId);
}
