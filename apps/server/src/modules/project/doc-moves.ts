import { and, count, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inChunks } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { reserveStorage } from '../quotas/index.ts';
import { placeAmong } from './doc-placement.ts';
import { assertGroup, lockCatalogue } from './doc-tree.ts';
import { markForIndexing, markPdfForIndexing } from './index-queue.ts';
import { newCode, touchProject } from './projects.ts';

type Link = { id: number; parentId: number | null };

/** Every row's position in the catalogue read top to bottom (a group before its children). */
function readingOrder(rows: (Link & { sort: number })[]): Map<number, number> {
  const children = new Map<number | null, number[]>();
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const row of sorted) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const order = new Map<number, number>();
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    order.set(id, order.size);
    stack.push(...[...(children.get(id) ?? [])].reverse());
  }
  return order;
}

/**
 * Moves documents and groups under `parentId` (null: the root) at `index` among its children as they
 * were. Never into one of the moved items or below one (2206). An item whose group is moved too goes
 * along inside its group; the others keep their order as the catalogue reads.
 */
export async function moveDocs(
  db: Db,
  input: { projectId: number; ids: readonly number[]; parentId: number | null; index: number },
) {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, input.projectId);
    await assertGroup(tx, input.projectId, input.parentId);
    const rows = await tx
      .select({ id: documents.id, parentId: documents.parentId, sort: documents.sort })
      .from(documents)
      .where(eq(documents.projectId, input.projectId));
    const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
    const moving = new Set(input.ids);
    const ancestorsOf = function* (id: number | null) {
      for (let at = id; at !== null && at !== undefined; at = parentOf.get(at) ?? null) yield at;
    };
    for (const at of ancestorsOf(input.parentId)) {
      if (moving.has(at)) throw new AppError('DOCUMENT_MOVE_INTO_ITSELF');
    }
    const order = readingOrder(rows);
    const topMost = [...moving]
      .filter((id) => ![...ancestorsOf(parentOf.get(id) ?? null)].some((at) => moving.has(at)))
      .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    await placeAmong(tx, input.projectId, input.parentId, topMost, input.index);
    await touchProject(tx, input.projectId);
  });
}

type SubtreeRow = Link & { kind: 'doc' | 'group' | 'pdf'; name: string; sort: number; depth: number };

/** The document or group and everything below it, parents before their children. */
async function subtreeOf(tx: Tx, id: number): Promise<SubtreeRow[]> {
  const result = await tx.execute(sql`
    with recursive subtree as (
      select id, parent_id, kind, name, sort, 0 as depth from documents where id = ${id}
      union all
      select d.id, d.parent_id, d.kind, d.name, d.sort, s.depth + 1
      from documents d join subtree s on d.parent_id = s.id where d.deleted_at is null
    )
    select id, parent_id as "parentId", kind, name, sort, depth from subtree order by depth, sort, id`);
  return (result as unknown as { rows: SubtreeRow[] }).rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parentId: row.parentId === null ? null : Number(row.parentId),
    sort: Number(row.sort),
    depth: Number(row.depth),
  }));
}

/** Copies what every original holds (its collaborative state, its uploads, a PDF's pages) to its copy. */
async function copyHoldings(tx: Tx, copies: [original: number, copy: number][]) {
  await inChunks(copies, 5000, async (chunk) => {
    const pairs = sql.join(
      chunk.map(([original, copy]) => sql`(${original}::integer, ${copy}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`insert into document_states (document_id, state, byte_size)
      select m.copy, s.state, s.byte_size from document_states s
      join (values ${pairs}) as m(original, copy) on s.document_id = m.original`);
    await tx.execute(sql`insert into document_files (document_id, file_id)
      select m.copy, f.file_id from document_files f
      join (values ${pairs}) as m(original, copy) on f.document_id = m.original`);
    // A copy of a PDF shows the same file (held by both through `document_files`, above) and text,
    // and is indexed.
    const copiedPdfs =
      await tx.execute(sql`insert into document_pdfs (document_id, file_id, page_count, page_texts)
      select m.copy, p.file_id, p.page_count, p.page_texts from document_pdfs p
      join (values ${pairs}) as m(original, copy) on p.document_id = m.original
      returning document_id as "documentId"`);
    const pdfIds = (copiedPdfs as unknown as { rows: { documentId: number }[] }).rows.map((row) =>
      Number(row.documentId),
    );
    await markPdfForIndexing(tx, pdfIds);
  });
}

/**
 * Copies a document, or a group with everything in it, right after the original: the copy's name is
 * `copyName(name)`; names below it, contents and uploads are copied as they are; share links are not.
 */
export async function copyDoc(
  db: Db,
  input: { projectId: number; id: number; userId: number; copyName: (name: string) => string },
) {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, input.projectId);
    const rows = await subtreeOf(tx, input.id);
    const root = rows[0];
    if (!root) throw new AppError('DOCUMENT_NOT_FOUND');
    await reserveCopiedStates(
      tx,
      input.projectId,
      rows.map((row) => row.id),
    );
    const copyOf = new Map<number, { id: number; uniq_code: string }>();
    for (let depth = 0; depth <= (rows.at(-1)?.depth ?? 0); depth++) {
      const level = rows.filter((row) => row.depth === depth);
      await inChunks(level, 1000, async (chunk) => {
        const codes = chunk.map(() => newCode());
        const inserted = await tx
          .insert(documents)
          .values(
            chunk.map((row, k) => ({
              uniqCode: codes[k] as string,
              projectId: input.projectId,
              parentId: row === root ? root.parentId : (copyOf.get(row.parentId as number)?.id ?? null),
              kind: row.kind,
              name: row === root ? input.copyName(row.name) : row.name,
              sort: row.sort,
              createdBy: input.userId,
              updatedBy: input.userId,
            })),
          )
          .returning({ id: documents.id, uniq_code: documents.uniqCode });
        const byCode = new Map(inserted.map((row) => [row.uniq_code, row]));
        chunk.forEach((row, k) => {
          copyOf.set(row.id, byCode.get(codes[k] as string) as { id: number; uniq_code: string });
        });
      });
    }
    await copyHoldings(
      tx,
      rows.map((row) => [row.id, copyOf.get(row.id)?.id as number]),
    );
    await markForIndexing(
      tx,
      rows.filter((row) => row.kind === 'doc').map((row) => copyOf.get(row.id)?.id as number),
    );
    const copy = copyOf.get(root.id) as { id: number; uniq_code: string };
    // The copy was written with the original's sort and a higher id: it already reads right after it.
    await placeAmong(
      tx,
      input.projectId,
      root.parentId,
      [copy.id],
      await positionAfter(tx, input.projectId, root),
    );
    await touchProject(tx, input.projectId);
    return copy;
  });
}

/** The position right after `row` among its siblings. */
async function positionAfter(tx: Tx, projectId: number, row: Link & { sort: number }) {
  const [before] = await tx
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        row.parentId === null ? isNull(documents.parentId) : eq(documents.parentId, row.parentId),
        isNull(documents.deletedAt),
        or(lt(documents.sort, row.sort), and(eq(documents.sort, row.sort), lte(documents.id, row.id))),
      ),
    );
  return before?.n ?? 0;
}

/**
 * A copy's share of the storage check: the collaborative states of `documentIds` are written again
 * (the uploads they hold are the originals', counted once), in the project's team. Call it inside the
 * copy's transaction, after the catalogue's lock.
 */
export async function reserveCopiedStates(tx: Tx, projectId: number, documentIds: number[]) {
  const result = await tx.execute(sql`select p.team_id as "teamId",
      coalesce((select sum(s.byte_size) from document_states s
        where s.document_id = any(${`{${documentIds.join(',')}}`}::int[])), 0) as bytes
    from projects p where p.id = ${projectId}`);
  const [row] = (result as unknown as { rows: { teamId: number; bytes: string | number }[] }).rows;
  if (row) await reserveStorage(tx, row.teamId, Number(row.bytes));
}
