import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentPdfs, files } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FileStore } from '../upload/index.ts';

/** The stored file of a PDF node, or undefined when `documentId` is no PDF. */
async function pdfFileOf(db: Db, documentId: number) {
  const [row] = await db
    .select({
      fileId: documentPdfs.fileId,
      pageCount: documentPdfs.pageCount,
      byteSize: files.byteSize,
      originalName: files.originalName,
    })
    .from(documentPdfs)
    .innerJoin(files, eq(files.id, documentPdfs.fileId))
    .where(sql`${documentPdfs.documentId} = ${documentId}`)
    .limit(1);
  return row;
}

/** The bytes of a PDF node's file, for downloads of a group or a selection (a zip). */
export async function pdfBytesOf(db: Db, store: FileStore, documentId: number): Promise<Buffer> {
  const file = await pdfFileOf(db, documentId);
  const bytes = file && (await store.read(file.fileId));
  if (!bytes) throw new AppError('NOT_FOUND');
  return bytes;
}
