import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { documentFiles, files } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { reserveStorage } from '../quotas/index.ts';

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

/**
 * The name an upload arrived with, as the multipart part gives it: a name with a control character
 * (a NUL cannot even be stored in a text column) is refused, 400 naming `file`.
 */
export function uploadedFileName(name: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name ?? ''))
    throw new AppError('BAD_REQUEST', {
      fields: [{ field: 'file', message: 'a file name without control characters' }],
    });
  return name ?? '';
}

/** The storage key of an upload: `uploads/<id>`, on local disk DATA_DIR/uploads/<id> as ever. */
const keyOf = (id: string) => `uploads/${id}`;

/** Keeps uploads in the storage (local disk or S3), named by a random id; the database row is the index. */
export function createFileStore(db: Db, storage: ObjectStorage) {
  return {
    /**
     * `holder`: the document the upload goes into; the file then counts towards that document's team,
     * and is refused (2317, its bytes taken back) past the team's storage quota. An account's upload
     * (no holder) counts the same way towards `quotaTeamId`, the team it is made in.
     */
    async save(
      ownerId: number,
      purpose: FilePurpose,
      bytes: Buffer,
      name: string,
      holder?: { documentId: number; teamId: number },
      quotaTeamId?: number,
    ): Promise<StoredFile> {
      const { ext, mimeType } = await detectType(bytes, purpose, name);
      const id = `${randomBytes(16).toString('base64url')}.${ext}`;
      await storage.put(keyOf(id), bytes, mimeType);
      try {
        await db.transaction(async (tx) => {
          const charged = holder?.teamId ?? quotaTeamId;
          if (charged !== undefined) await reserveStorage(tx, charged, bytes.length);
          await tx.insert(files).values({
            id,
            ownerId,
            purpose,
            mimeType,
            byteSize: bytes.length,
            originalName: name.slice(0, 255),
            teamId: holder?.teamId,
            quotaTeamId: holder ? undefined : quotaTeamId,
          });
          if (holder) await tx.insert(documentFiles).values({ documentId: holder.documentId, fileId: id });
        });
      } catch (error) {
        await storage.delete(keyOf(id)).catch(() => {});
        throw error;
      }
      return { id, mimeType, byteSize: bytes.length };
    },

    /** Takes back an upload nothing holds yet (its holder could not be written): its row, then its bytes. */
    async discard(id: string) {
      await db.delete(files).where(sql`${files.id} = ${id}`);
      await storage.delete(keyOf(id)).catch(() => {});
    },

    /** The bytes of an upload as a stream, or `undefined` when they are gone. */
    open: (id: string) => storage.get(keyOf(id)),

    /** What an upload is (length, type) without its bytes, or `undefined` when they are gone. */
    stat: (id: string) => storage.head(keyOf(id)),

    /**
     * Deletes documents' uploads that no document holds any more (their documents deleted), at least
     * `graceMs` after they were uploaded: the rows first, at most `limit`, skipping rows another
     * process is deleting, then their bytes. Answers the ids deleted; bytes that could not be deleted
     * are `leftBytes` (the row is gone, so they are never served again).
     */
    async deleteOrphans({ graceMs, limit }: { graceMs: number; limit: number }) {
      const result = await db.execute(sql`delete from ${files} where ${files.id} in (
          select f.id from ${files} f
          where f.team_id is not null
            and f.created_at < now() - make_interval(secs => ${graceMs / 1000})
            and not exists (select 1 from ${documentFiles} h where h.file_id = f.id)
          order by f.created_at
          limit ${limit}
          for update skip locked)
        returning ${files.id} as id`);
      const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      const leftBytes: string[] = [];
      for (const id of ids) await storage.delete(keyOf(id)).catch(() => leftBytes.push(id));
      return { ids, leftBytes };
    },

    /** The whole upload, or `undefined` when it is gone or cannot be read now (a picture left out). */
    async read(id: string): Promise<Buffer | undefined> {
      const object = await storage.get(keyOf(id)).catch(() => undefined);
      return object && buffer(object.body).catch(() => undefined);
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/** How often a process deletes orphaned uploads, and how old they must be. */
const ORPHAN_SWEEP_EVERY_MS = 60 * 60 * 1000;
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const ORPHAN_SWEEP_LIMIT = 500;

/**
 * A task for the server process's heartbeat: at most once an hour, deletes the uploads no document
 * holds any more (see `deleteOrphans`). Every process runs it; they skip each other's rows.
 */
export function orphanSweep(store: FileStore, log: FastifyBaseLogger) {
  let last = 0;
  return async () => {
    if (Date.now() - last < ORPHAN_SWEEP_EVERY_MS) return;
    last = Date.now();
    const { ids, leftBytes } = await store.deleteOrphans({
      graceMs: ORPHAN_GRACE_MS,
      limit: ORPHAN_SWEEP_LIMIT,
    });
    if (ids.length > 0) log.info({ count: ids.length }, 'deleted uploads no document holds');
    if (leftBytes.length > 0) log.warn({ ids: leftBytes }, 'bytes of deleted uploads were not deleted');
  };
}
