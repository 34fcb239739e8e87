import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { documentFiles, files } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';

/** Images are recognised by their bytes; SVG is never an image here (it can carry script). */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** Documents recognised by their bytes (Office files are zip containers file-type looks inside). */
const DOCUMENT_TYPES: Record<string, string> = {
  ...IMAGE_TYPES,
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Plain text has no signature: it is accepted by name when its bytes are valid UTF-8 without NUL. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export type StoredFile = { id: string; mimeType: string; byteSize: number };
export type FilePurpose = 'image' | 'file';

const utf8 = new TextDecoder('utf-8', { fatal: true });
function isPlainText(bytes: Buffer) {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The type of an upload, from its content: images only for `image`, documents and text for `file`. */
export async function detectType(bytes: Buffer, purpose: FilePurpose, name: string) {
  const detected = await fileTypeFromBuffer(bytes);
  const allowed = purpose === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;
  if (detected && allowed[detected.ext])
    return { ext: detected.ext, mimeType: allowed[detected.ext] as string };
  const nameExt = name.split('.').pop()?.toLowerCase() ?? '';
  if (purpose === 'file' && !detected && TEXT_TYPES[nameExt] && isPlainText(bytes)) {
    return { ext: nameExt, mimeType: TEXT_TYPES[nameExt] as string };
  }
  throw new AppError(purpose === 'image' ? 'IMAGE_TYPE_ERROR' : 'UPLOAD_WRONG_TYPE');
}

/** The storage key of an upload: `uploads/<id>`, on local disk DATA_DIR/uploads/<id> as ever. */
const keyOf = (id: string) => `uploads/${id}`;

/** Keeps uploads in the storage (local disk or S3), named by a random id; the database row is the index. */
export function createFileStore(db: Db, storage: ObjectStorage) {
  return {
    /** `holder`: the document the upload goes into; the file then counts towards that document's team. */
    async save(
      ownerId: number,
      purpose: FilePurpose,
      bytes: Buffer,
      name: string,
      holder?: { documentId: number; teamId: number },
    ): Promise<StoredFile> {
      const { ext, mimeType } = await detectType(bytes, purpose, name);
      const id = `${randomBytes(16).toString('base64url')}.${ext}`;
      await storage.put(keyOf(id), bytes, mimeType);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(files).values({
            id,
            ownerId,
            purpose,
            mimeType,
            byteSize: bytes.length,
            originalName: name.slice(0, 255),
            teamId: holder?.teamId,
          });
          if (holder) await tx.insert(documentFiles).values({ documentId: holder.documentId, fileId: id });
        });
      } catch (error) {
        await storage.delete(keyOf(id)).catch(() => {});
        throw error;
      }
      return { id, mimeType, byteSize: bytes.length };
    },

    /** The bytes of an upload as a stream, or `undefined` when they are gone. */
    open: (id: string) => storage.get(keyOf(id)),

    /** What an upload is (length, type) without its bytes, or `undefined` when they are gone. */
    stat: (id: string) => storage.head(keyOf(id)),

    /** The whole upload, or `undefined` when it is gone or cannot be read now (a picture left out). */
    async read(id: string): Promise<Buffer | undefined> {
      const object = await storage.get(keyOf(id)).catch(() => undefined);
      return object && buffer(object.body).catch(() => undefined);
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
