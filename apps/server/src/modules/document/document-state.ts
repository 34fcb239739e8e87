import { eq, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { documentStates, documents } from '../../db/schema.ts';
import { markForIndexing } from '../knowledge/index-state.ts';
import { holdProject } from '../project/doc-tree.ts';

/** A document's stored Yjs state, or undefined when it has none yet (it starts empty). */
export async function loadDocumentState(db: Db, documentId: number): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ state: documentStates.state })
    .from(documentStates)
    .where(eq(documentStates.documentId, documentId))
    .limit(1);
  return row?.state;
}

/**
 * Stores a document's Yjs state merged with what the database already holds, so a node never wipes
 * out edits another node stored meanwhile (Yjs merges are unions): `merge` gets the stored state and
 * answers the state to keep. The document's row is locked meanwhile, so two nodes storing at once take
 * turns. The document is marked to be indexed for search again. Answers false when it is gone.
 */
export async function storeDocumentState(
  db: Db,
  documentId: number,
  merge: (stored: Uint8Array | undefined) => Uint8Array,
  userId: number | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ projectId: documents.projectId })
      .from(documents)
      .where(eq(documents.id, documentId));
    if (!owner) return false;
    await holdProject(tx, owner.projectId);
    const [document] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.id, documentId))
      .for('update');
    if (!document) return false;
    const [stored] = await tx
      .select({ state: documentStates.state })
      .from(documentStates)
      .where(eq(documentStates.documentId, documentId));
    const state = merge(stored?.state);
    await tx
      .insert(documentStates)
      .values({ documentId, state, byteSize: state.byteLength })
      .onConflictDoUpdate({
        target: documentStates.documentId,
        set: { state, byteSize: state.byteLength, updatedAt: sql`now()` },
      });
    await tx
      .update(documents)
      .set({ updatedAt: sql`now()`, ...(userId === null ? {} : { updatedBy: userId }) })
      .where(eq(documents.id, documentId));
    await markForIndexing(tx, [documentId]);
    return true;
  });
}

/** `merge` for a document held in memory: takes in what was stored, answers the whole state. */
export function mergeInto(doc: Y.Doc, origin?: unknown) {
  return (stored: Uint8Array | undefined) => {
    if (stored) Y.applyUpdate(doc, stored, origin);
    return Y.encodeStateAsUpdate(doc);
  };
}
