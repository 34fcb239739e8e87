import type { PdfData } from '@tandem/contract/pdf';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentPdfs, documents, files, projects } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { callerOrRefuse, canEdit, readableDocument } from '../document/index.ts';

/**
 * A PDF by its code, for whoever may read it: a share code that matches opens it read-only to anyone;
 * otherwise the caller must have access to its project, as for a document (someone who may not see
 * it learns nothing of it: 404). Answers the PDF with its file and whether the caller may edit it.
 */
export async function readablePdf(
  db: Db,
  query: { uniqCode: string; shareCode?: string },
  caller: () => Promise<number | undefined>,
) {
  const [found] = await db
    .select({
      document: documents,
      projectUniqCode: projects.uniqCode,
      projectName: projects.name,
      fileId: documentPdfs.fileId,
      pageCount: documentPdfs.pageCount,
      byteSize: files.byteSize,
      mimeType: files.mimeType,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .innerJoin(documentPdfs, eq(documentPdfs.documentId, documents.id))
    .innerJoin(files, eq(files.id, documentPdfs.fileId))
    .where(and(eq(documents.uniqCode, query.uniqCode), eq(documents.kind, 'pdf')))
    .limit(1);
  if (!found) throw new AppError('DOCUMENT_NOT_FOUND');
  const isShared = query.shareCode !== undefined && found.document.shareCode === query.shareCode;
  let isEditor = false;
  if (!isShared) {
    const userId = await callerOrRefuse(caller, query.shareCode);
    isEditor = canEdit((await readableDocument(db, userId, found.document.id)).access);
  }
  return { ...found, isShared, isEditor };
}

/** `get-pdf`: what the viewer shows of a PDF (the share code only to those who may see it). */
export async function getPdf(
  db: Db,
  query: { uniqCode: string; shareCode?: string },
  caller: () => Promise<number | undefined>,
): Promise<PdfData> {
  const pdf = await readablePdf(db, query, caller);
  const { document } = pdf;
  return {
    id: document.id,
    uniq_code: document.uniqCode,
    project_id: document.projectId,
    project_uniq_code: pdf.projectUniqCode,
    project_name: pdf.projectName,
    name: document.name,
    page_count: pdf.pageCount,
    byte_size: pdf.byteSize,
    updated_at: document.updatedAt.toISOString(),
    can_edit: pdf.isEditor,
    share_code: pdf.isShared ? (query.shareCode ?? null) : document.shareCode,
  };
}
