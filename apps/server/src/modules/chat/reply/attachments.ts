import { CHAT_IMAGE_MAX_BYTES } from '@tandem/contract/limits';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { files } from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { LlmImagePart } from '../../../platform/llm/llm.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { createFileStore } from '../../upload/index.ts';

/** The image types a chat message may carry (spec: JPG, PNG, GIF, WEBP), as detected at upload. */
export const CHAT_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * The images a message may carry: the sender's own uploads (their type told by their content at
 * upload), of the chat formats and size. Visitors upload nothing, so carry none.
 */
export async function checkAttachments(db: Db, userId: number | null, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (userId === null) throw new AppError('ATTACHMENT_NOT_FOUND');
  const rows = await db
    .select({ id: files.id, mimeType: files.mimeType, byteSize: files.byteSize })
    .from(files)
    .where(and(inArray(files.id, unique), eq(files.ownerId, userId), eq(files.purpose, 'image')));
  if (rows.length !== unique.length) throw new AppError('ATTACHMENT_NOT_FOUND');
  if (rows.some((row) => !CHAT_IMAGE_TYPES.includes(row.mimeType))) throw new AppError('IMAGE_TYPE_ERROR');
  if (rows.some((row) => row.byteSize > CHAT_IMAGE_MAX_BYTES)) throw new AppError('IMAGE_SIZE_EXCEEDED');
  return unique;
}

/** Reads a message's images for the model; one that has gone since is left out. */
export function createAttachmentReader(db: Db, storage: ObjectStorage) {
  const store = createFileStore(db, storage);
  return async (ids: readonly string[]): Promise<LlmImagePart[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: files.id, mimeType: files.mimeType })
      .from(files)
      .where(inArray(files.id, [...ids]));
    const parts = await Promise.all(
      rows.map(async (row) => {
        const image = await store.read(row.id);
        return image
          ? { type: 'image' as const, image: new Uint8Array(image), mediaType: row.mimeType }
          : undefined;
      }),
    );
    return parts.filter((part) => part !== undefined);
  };
}
