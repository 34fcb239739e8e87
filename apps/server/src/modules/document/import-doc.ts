import { uploadedFileUrl } from '@tandem/contract/api';
import { cleanDocName } from '@tandem/contract/project-rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { runHeavy } from '../../platform/workers/index.ts';
import { authorizeProject, createDoc, projectAccess } from '../project/index.ts';
import { assertStorageRoom, isStorageRefusal } from '../quotas/index.ts';
import type { FileStore } from '../upload/index.ts';
import { storeDocumentState } from './document-state.ts';

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
  const content = await runHeavy(grant.teamId, 'document.import', {
    bytes: input.bytes,
    fileName: input.fileName,
  });
  const created = await createDoc(db, {
    projectId: input.projectId,
    parentId: input.parentId,
    name: documentNameOf(input.fileName),
    kind: 'doc',
    userId,
  });
  try {
    let state: Uint8Array;
    if ('html' in content) {
      let html = content.html;
      for (const image of content.images) {
        const extension = image.contentType.split('/')[1] ?? 'png';
        const saved = await files
          .save(userId, 'image', Buffer.from(image.bytes), `image.${extension}`, {
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
      ({ state } = await runHeavy(grant.teamId, 'document.htmlState', { html }));
    } else state = content.state;
    await storeDocumentState(db, created.id, () => state, userId);
    return created;
  } catch (error) {
    await db.delete(documents).where(eq(documents.id, created.id));
    throw error;
  }
}
