import { uploadedFileUrl } from '@tandem/contract/api';
import { cleanDocName } from '@tandem/contract/project-rules';
import type { JSONContent } from '@tiptap/core';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createDoc } from '../project/doc-tree.ts';
import { authorizeProject, projectAccess } from '../project/policy.ts';
import { assertStorageRoom, isStorageRefusal } from '../project/storage.ts';
import type { FileStore } from '../upload/file-store.ts';
import { htmlToJson, jsonToState, markdownToJson, textToJson } from './document-content.ts';
import { storeDocumentState } from './document-state.ts';

type ImportFormat = 'markdown' | 'docx' | 'text' | 'html';
const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = {
  md: 'markdown',
  markdown: 'markdown',
  docx: 'docx',
  txt: 'text',
  html: 'html',
  htm: 'html',
};

/** Word's Heading 7-9 have no HTML element: mammoth marks them with a class that becomes the schema's `data-level`. */
const DOCX_STYLE_MAP = [7, 8, 9].map(
  (level) => `p[style-name='Heading ${level}'] => p.heading-${level}:fresh`,
);

const utf8 = new TextDecoder('utf-8', { fatal: true });
function textOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** A picture found in a DOCX: kept aside until its document exists, then uploaded into it. */
type PendingImage = { placeholder: string; bytes: Buffer; contentType: string };

/** What a file holds, as HTML of the document schema (or text), before anything is stored. */
type ImportedContent = { html: string; images: PendingImage[] } | { json: JSONContent; images: [] };

/**
 * The file's content. The type is checked against the bytes: a DOCX must be one (a zip of Word's
 * parts), the text formats must be UTF-8 text; anything else answers 400 (2220).
 */
export async function readImportedFile(bytes: Buffer, fileName: string): Promise<ImportedContent> {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const format = FORMAT_OF_EXTENSION[extension];
  if (!format) throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
  if (format === 'docx') {
    const detected = await fileTypeFromBuffer(bytes);
    if (detected?.ext !== 'docx') throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
    const images: PendingImage[] = [];
    const convertImage = mammoth.images.imgElement(async (image) => {
      const placeholder = `tandem-import-image-${images.length}`;
      images.push({
        placeholder,
        bytes: Buffer.from(await image.readAsBuffer()),
        contentType: image.contentType,
      });
      return { src: placeholder };
    });
    const converted = await mammoth
      .convertToHtml({ buffer: bytes }, { styleMap: DOCX_STYLE_MAP, convertImage })
      .catch(() => {
        throw new AppError('DOCUMENT_IMPORT_UNREADABLE');
      });
    return { html: converted.value.replace(/<p class="heading-([789])">/g, '<p data-level="$1">'), images };
  }
  const text = textOf(bytes);
  if (text === undefined || (await fileTypeFromBuffer(bytes)))
    throw new AppError('DOCUMENT_IMPORT_UNSUPPORTED');
  if (format === 'markdown') return { json: markdownToJson(text), images: [] };
  if (format === 'html') return { json: htmlToJson(text), images: [] };
  return { json: textToJson(text), images: [] };
}

/** The name a file gives its document: its name without the extension, cleaned as every name is. */
export const documentNameOf = (fileName: string) => cleanDocName(fileName.replace(/\.[^.]+$/, ''));

/**
 * `import-doc`: a new document at the end of `parentId` (a group of the project, or its root) made of
 * the file's content. The catalogue's own `createDoc` places it; a DOCX's pictures are then uploaded
 * into it (counting towards the team's storage) and its first state written. If that fails the new
 * document is taken away again.
 */
export async function importDocument(
  deps: { db: Db; files: FileStore },
  userId: number,
  input: { projectId: number; parentId: number | null; fileName: string; bytes: Buffer },
) {
  const { db, files } = deps;
  const grant = authorizeProject(await projectAccess(db, userId, input.projectId), 'edit');
  // The file's size stands for what it becomes: a team without room for it is refused before anything is kept.
  await assertStorageRoom(db, grant.teamId, input.bytes.length);
  const content = await readImportedFile(input.bytes, input.fileName);
  const created = await createDoc(db, {
    projectId: input.projectId,
    parentId: input.parentId,
    name: documentNameOf(input.fileName),
    kind: 'doc',
    userId,
  });
  try {
    let json: JSONContent;
    if ('html' in content) {
      let html = content.html;
      for (const image of content.images) {
        const extension = image.contentType.split('/')[1] ?? 'png';
        const saved = await files
          .save(userId, 'image', image.bytes, `image.${extension}`, {
            documentId: created.id,
            teamId: grant.teamId,
          })
          .catch((error) => {
            if (isStorageRefusal(error)) throw error;
            return undefined;
          });
        // A picture of a type uploads refuse (EMF, TIFF…) is left out rather than failing the import.
        html = html.replace(
          `src="${image.placeholder}"`,
          saved ? `src="${uploadedFileUrl(saved.id)}"` : 'src=""',
        );
      }
      json = htmlToJson(html);
    } else json = content.json;
    const state = jsonToState(json);
    await storeDocumentState(db, created.id, () => state, userId);
    return created;
  } catch (error) {
    await db.delete(documents).where(eq(documents.id, created.id));
    throw error;
  }
}
