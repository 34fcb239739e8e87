import type { Citation } from '@tandem/contract/citation';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { messageCitations, type StoredCitation } from '../../../db/schema.ts';
import { consultedSources, type KnowledgeSource } from '../../knowledge/index.ts';
import { readableDocumentIds } from '../../project/index.ts';
import type { Generation } from './reply-run.ts';

/**
 * Keeps the sources the finished reply cites, when its agent cites sources; answers them for its
 * `done` publication (the asker may read each: only what they read was given).
 */
export async function saveCitations(
  db: Db,
  job: Pick<Generation, 'knowledge' | 'messageId'>,
  content: string,
  sources: readonly KnowledgeSource[],
): Promise<{ citations?: Citation[] }> {
  if (!job.knowledge?.citeSources || sources.length === 0) return {};
  const cited = consultedSources(content, sources);
  await db
    .insert(messageCitations)
    .values({ messageId: job.messageId, citations: cited })
    .onConflictDoUpdate({ target: messageCitations.messageId, set: { citations: cited } });
  return { citations: cited.map((source) => ({ ...source, available: true })) };
}

const unavailable = (source: StoredCitation): Citation => ({
  n: source.n,
  cited: source.cited ?? true,
  doc_id: source.doc_id,
  doc_uniq_code: '',
  doc_name: '',
  snippet: '',
  heading: '',
  page: null,
  available: false,
});

/**
 * The citations of these messages as `readerId` may see them: a document that is gone, or that they
 * may not read (a visitor reads none), is only its number, marked unavailable.
 */
export async function citationsForReader(
  db: Db,
  readerId: number | null,
  messageIds: readonly number[],
): Promise<Map<number, Citation[]>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messageCitations)
    .where(inArray(messageCitations.messageId, [...messageIds]));
  if (rows.length === 0) return new Map();
  const documentIds = rows.flatMap((row) => row.citations.map((source) => source.doc_id));
  const readable =
    readerId === null ? new Set<number>() : await readableDocumentIds(db, readerId, documentIds);
  return new Map(
    rows.map((row) => [
      row.messageId,
      row.citations.map((source) =>
        readable.has(source.doc_id)
          ? { ...source, cited: source.cited ?? true, available: true }
          : unavailable(source),
      ),
    ]),
  );
}

/** A continued share's copies keep the sources of the replies they copy (`newIdOf`: old id to new). */
export async function copyCitations(tx: Tx, newIdOf: ReadonlyMap<number, number>) {
  const rows = await tx
    .select()
    .from(messageCitations)
    .where(inArray(messageCitations.messageId, [...newIdOf.keys()]));
  if (rows.length === 0) return;
  await tx
    .insert(messageCitations)
    .values(rows.map((row) => ({ messageId: newIdOf.get(row.messageId)!, citations: row.citations })));
}
