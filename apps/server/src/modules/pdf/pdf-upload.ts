import type { UploadPdfData } from '@tandem/contract/pdf';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentFiles, documentPdfs, files } from '../../db/schema.ts';
import { runHeavy } from '../../platform/workers/index.ts';
import { documentNameOf } from '../document/index.ts';
import {
  assertGroup,
  authorizeProject,
  insertDoc,
  markPdfForIndexing,
  projectAccess,
} from '../project/index.ts';
import { assertStorageRoom, reserveStorage } from '../quotas/index.ts';
import type { FileStore } from '../upload/index.ts';

/**
 * `upload-pdf`: a new PDF at the end of `parentId` (a group of the project, or its top level). The
 * bytes must be a PDF with text (checked and read before anything is kept), within the team's storage
 * quota (checked again under the team's storage lock as it is kept); the file is stored, then
 * the catalogue node, its hold on the file and its pages' text are written in one transaction and it
 * is marked for indexing. A file whose node could not be written is taken back.
 */
export async function uploadPdf(
  deps: { db: Db; files: FileStore },
  userId: number,
  input: { projectId: number; parentId: number | null; fileName: string; bytes: Buffer },
): Promise<UploadPdfData> {
  const { db, files: store } = deps;
  const grant = authorizeProject(await projectAccess(db, userId, input.projectId), 'edit');
  // pdf.js in the worker pool: a PDF whose content expands far (a compression bomb) costs a worker, not the server.
  const pageTexts = await runHeavy(grant.teamId, 'pdf.pages', { bytes: input.bytes });
  // Checked again under the catalogue's lock; here so that a wrong place stores nothing at all.
  await assertGroup(db, grant.projectId, input.parentId);
  await assertStorageRoom(db, grant.teamId, input.bytes.length);
  const name = documentNameOf(input.fileName);
  const saved = await store.save(userId, 'file', input.bytes, input.fileName || `${name || 'document'}.pdf`);
  try {
    const created = await db.transaction(async (tx) => {
      const row = await insertDoc(tx, {
        projectId: grant.projectId,
        parentId: input.parentId,
        name,
        kind: 'pdf',
        userId,
      });
      // After the catalogue's lock, as a copy takes them: the project's, then the team's storage lock.
      await reserveStorage(tx, grant.teamId, input.bytes.length);
      await tx.update(files).set({ teamId: grant.teamId }).where(eq(files.id, saved.id));
      await tx.insert(documentFiles).values({ documentId: row.id, fileId: saved.id });
      await tx
        .insert(documentPdfs)
        .values({ documentId: row.id, fileId: saved.id, pageCount: pageTexts.length, pageTexts });
      await markPdfForIndexing(tx, [row.id]);
      return row;
    });
    return { ...created, name, page_count: pageTexts.length };
  } catch (error) {
    await store.discard(saved.id).catch(() => {});
    throw error;
  }
}
