import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { inChunks, type Tx } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';

/** Below this gap between two neighbours' sorts, the siblings are numbered afresh (0, 1, 2, …). */
const SMALLEST_GAP = 1e-9;

/** Sorts for `count` items between two neighbours' sorts (undefined at either end); null when too close. */
function sortsBetween(before: number | undefined, after: number | undefined, count: number): number[] | null {
  const positions = Array.from({ length: count }, (_, k) => k);
  if (before === undefined && after === undefined) return positions;
  if (after === undefined) return positions.map((k) => (before as number) + 1 + k);
  if (before === undefined) return positions.map((k) => after - count + k);
  const gap = (after - before) / (count + 1);
  return gap < SMALLEST_GAP ? null : positions.map((k) => before + gap * (k + 1));
}

/** Sets parent and sort of many rows in one statement per chunk. */
async function writePlaces(tx: Tx, parentId: number | null, places: { id: number; sort: number }[]) {
  await inChunks(places, 2000, (chunk) => {
    const values: SQL = sql.join(
      chunk.map(({ id, sort }) => sql`(${id}::integer, ${sort}::double precision)`),
      sql`, `,
    );
    return tx.execute(sql`update documents set parent_id = ${parentId}::integer, sort = v.sort
      from (values ${values}) as v(id, sort) where documents.id = v.id`);
  });
}

/**
 * Puts `placed` (in this order) among `parentId`'s children at `index`, a position in the children
 * as they were before (past the end appends). Only the placed rows are written, between their new
 * neighbours' sorts, unless those are too close: then all the siblings are numbered afresh.
 */
export async function placeAmong(
  tx: Tx,
  projectId: number,
  parentId: number | null,
  placed: readonly number[],
  index: number,
) {
  const siblings = await tx
    .select({ id: documents.id, sort: documents.sort })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        parentId === null ? isNull(documents.parentId) : eq(documents.parentId, parentId),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.sort), asc(documents.id));
  const isPlaced = new Set(placed);
  const anchor = siblings.slice(index).find((row) => !isPlaced.has(row.id));
  const staying = siblings.filter((row) => !isPlaced.has(row.id));
  const at = anchor ? staying.indexOf(anchor) : staying.length;
  const sorts = sortsBetween(staying[at - 1]?.sort, anchor?.sort, placed.length);
  if (sorts) {
    await writePlaces(
      tx,
      parentId,
      placed.map((id, k) => ({ id, sort: sorts[k] as number })),
    );
    return;
  }
  const order = [
    ...staying.slice(0, at).map((row) => row.id),
    ...placed,
    ...staying.slice(at).map((row) => row.id),
  ];
  await writePlaces(
    tx,
    parentId,
    order.map((id, sort) => ({ id, sort })),
  );
}
