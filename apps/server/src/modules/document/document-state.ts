import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { documentStates, documents, documentUpdateLog } from '../../db/schema.ts';
import { holdProject, markForIndexing } from '../project/index.ts';

type Reader = Pick<Db, 'select'>;

/** The updates logged since the document's state was last stored, oldest first. */
async function loggedUpdates(db: Reader, documentId: number) {
  return db
    .select({ id: documentUpdateLog.id, update: documentUpdateLog.update })
    .from(documentUpdateLog)
    .where(eq(documentUpdateLog.documentId, documentId))
    .orderBy(asc(documentUpdateLog.id));
}

/** A state with logged updates on top; an update that does not decode is left out rather than lose the rest. */
function withUpdates(state: Uint8Array | undefined, updates: { update: Uint8Array }[]) {
  if (updates.length === 0) return state;
  const doc = new Y.Doc({ gc: true });
  if (state) Y.applyUpdate(doc, state);
  for (const { update } of updates) {
    try {
      Y.applyUpdate(doc, update);
    } catch {}
  }
  const merged = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return merged;
}

/**
 * A document's Yjs state as stored with the updates logged since (acknowledged edits not yet folded
 * into the state), or undefined when it has none yet (it starts empty).
 */
export async function loadDocumentState(db: Db, documentId: number): Promise<Uint8Array | undefined> {
  const [[row], updates] = await Promise.all([
    db
      .select({ state: documentStates.state })
      .from(documentStates)
      .where(eq(documentStates.documentId, documentId))
      .limit(1),
    loggedUpdates(db, documentId),
  ]);
  return withUpdates(row?.state, updates);
}

/**
 * What identifies a document's stored content, read without its bytes: when its state was stored
 * (microseconds) and its size, and how many updates are logged since and the newest one's id. Any store
 * or logged update, on any node, changes it (a store rewrites `updated_at`; the log only grows until a
 * store folds it in).
 */
export async function storedVersion(db: Reader, documentId: number): Promise<string> {
  const [row] = await db
    .select({
      state: sql<string | null>`(select ${documentStates.updatedAt}::text || '/' || ${documentStates.byteSize}
        from ${documentStates} where ${documentStates.documentId} = ${documentId})`,
      log: sql<string>`(select count(*) || '/' || coalesce(max(${documentUpdateLog.id}), 0)
        from ${documentUpdateLog} where ${documentUpdateLog.documentId} = ${documentId})`,
    })
    .from(documents)
    .where(eq(documents.id, documentId));
  return `${row?.state ?? 'none'}+${row?.log ?? '0/0'}`;
}

/**
 * Stores a document's Yjs state merged with what the database already holds, so a node never wipes
 * out edits another node stored meanwhile (Yjs merges are unions): `merge` gets the stored state and
 * answers the state to keep. The document's row is locked meanwhile, so two nodes storing at once take
 * turns. The updates logged for it are folded in and their rows deleted (those read here only: one
 * logged meanwhile stays for the next store). The document is marked to be indexed for search again.
 * Answers false when it is gone.
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
    const logged = await loggedUpdates(tx, documentId);
    const state = merge(withUpdates(stored?.state, logged));
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
    if (logged.length > 0)
      await tx.delete(documentUpdateLog).where(
        and(
          eq(documentUpdateLog.documentId, documentId),
          inArray(
            documentUpdateLog.id,
            logged.map((row) => row.id),
          ),
        ),
      );
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
