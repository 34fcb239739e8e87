import { uploadedFileUrl } from '@tandem/contract/api';
import { SITE_IMAGE_TYPES, SITE_IMAGES_MAX, type SiteImage } from '@tandem/contract/chat-sites';
import { and, count, desc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { conversations, files, siteAssets } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertStorageRoom, reserveStorage } from '../quotas/index.ts';
import type { FileStore } from '../upload/index.ts';

/**
 * Images of a conversation's site. The owner uploads one from the panel; it gets a readable name of
 * its own in the conversation (`logo.png`, then `logo-2.png`: an upload never replaces an image an
 * earlier version shows) and every version reaches it at `assets/<name>` beside its page, where the
 * preview origin serves it with its detected type. Images are not built: the site's code names them
 * by that relative address (a data URI needs no upload at all).
 */

/** Where a version's page finds the conversation's images. */
export const SITE_IMAGE_PREFIX = 'assets/';

const EXTENSIONS: Record<(typeof SITE_IMAGE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const BASE_NAME_MAX = 40;

/** The type of an image for a site, from its bytes: PNG, JPEG, GIF or WebP, never SVG or anything else. */
export async function siteImageType(bytes: Buffer) {
  const detected = await fileTypeFromBuffer(bytes);
  const mimeType = SITE_IMAGE_TYPES.find((type) => type === detected?.mime);
  if (!mimeType) throw new AppError('SITE_IMAGE_WRONG_TYPE');
  return { mimeType, extension: EXTENSIONS[mimeType] };
}

/** A name a page can write in an address: the upload's own, in lower-case letters, digits and dashes. */
export function siteImageBaseName(uploaded: string) {
  const base = (uploaded.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const cleaned = base
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, BASE_NAME_MAX)
    .replace(/[-_]+$/, '');
  return cleaned === '' ? 'image' : cleaned;
}

/** The upload an image name of the conversation's site stands for. */
export async function siteImageFile(db: Db, conversationId: string, name: string) {
  const [row] = await db
    .select({ fileId: siteAssets.fileId, mimeType: files.mimeType })
    .from(siteAssets)
    .innerJoin(files, eq(files.id, siteAssets.fileId))
    .where(and(eq(siteAssets.conversationId, conversationId), eq(siteAssets.name, name)));
  return row;
}

/** The conversation's images, newest first. */
export async function listSiteImages(db: Db, conversationId: string): Promise<SiteImage[]> {
  const rows = await db
    .select({
      name: siteAssets.name,
      fileId: siteAssets.fileId,
      mimeType: files.mimeType,
      size: files.byteSize,
      createdAt: siteAssets.createdAt,
    })
    .from(siteAssets)
    .innerJoin(files, eq(files.id, siteAssets.fileId))
    .where(eq(siteAssets.conversationId, conversationId))
    .orderBy(desc(siteAssets.createdAt), desc(siteAssets.name));
  return rows.map(presentImage);
}

const presentImage = (row: {
  name: string;
  fileId: string;
  mimeType: string;
  size: number;
  createdAt: Date;
}): SiteImage => ({
  name: row.name,
  path: `${SITE_IMAGE_PREFIX}${row.name}`,
  mime_type: row.mimeType,
  size: row.size,
  url: uploadedFileUrl(row.fileId),
  created_at: row.createdAt.toISOString(),
});

const isFull = async (db: Pick<Db, 'select'>, conversationId: string) => {
  const [held] = await db
    .select({ n: count() })
    .from(siteAssets)
    .where(eq(siteAssets.conversationId, conversationId));
  return (held?.n ?? 0) >= SITE_IMAGES_MAX;
};

/**
 * Keeps an image (already checked for size) as one of the conversation's site: its type from its
 * bytes, its bytes in the app's storage, its name unique in the conversation. The conversation must
 * be the caller's own (checked by the route).
 */
export async function addSiteImage(
  db: Db,
  store: FileStore,
  input: { userId: number; conversationId: string; bytes: Buffer; uploadedName: string },
): Promise<SiteImage> {
  const { extension } = await siteImageType(input.bytes);
  const full = () => new AppError('SITE_IMAGES_FULL', { values: { max: SITE_IMAGES_MAX } });
  // Said before the bytes are stored; checked again under the lock below.
  if (await isFull(db, input.conversationId)) throw full();
  const [owner] = await db
    .select({ teamId: conversations.teamId })
    .from(conversations)
    .where(eq(conversations.id, input.conversationId));
  // The images count towards the conversation's team.
  if (owner) await assertStorageRoom(db, owner.teamId, input.bytes.length);
  const stored = await store.save(input.userId, 'image', input.bytes, input.uploadedName);
  try {
    return await db.transaction(async (tx) => {
      // The conversation's row is the lock: two uploads at once take two names, within the limit.
      const [locked] = await tx
        .select({ teamId: conversations.teamId })
        .from(conversations)
        .where(eq(conversations.id, input.conversationId))
        .for('update');
      if (await isFull(tx, input.conversationId)) throw full();
      if (locked) await reserveStorage(tx, locked.teamId, input.bytes.length);
      const base = siteImageBaseName(input.uploadedName);
      const taken = new Set(
        (
          await tx
            .select({ name: siteAssets.name })
            .from(siteAssets)
            .where(eq(siteAssets.conversationId, input.conversationId))
        ).map((row) => row.name),
      );
      let name = `${base}.${extension}`;
      for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}.${extension}`;
      const [row] = await tx
        .insert(siteAssets)
        .values({ conversationId: input.conversationId, name, fileId: stored.id })
        .returning();
      return presentImage({
        name: row!.name,
        fileId: stored.id,
        mimeType: stored.mimeType,
        size: stored.byteSize,
        createdAt: row!.createdAt,
      });
    });
  } catch (error) {
    await store.discard(stored.id);
    throw error;
  }
}

/**
 * Removes an image from the conversation's site, its upload with it (the row goes with the upload's).
 * Its name is free again: an image added later under it is the one every version shows.
 */
export async function deleteSiteImage(db: Db, store: FileStore, conversationId: string, name: string) {
  const [asset] = await db
    .select({ fileId: siteAssets.fileId })
    .from(siteAssets)
    .where(and(eq(siteAssets.conversationId, conversationId), eq(siteAssets.name, name)));
  if (!asset) throw new AppError('SITE_IMAGE_NOT_FOUND');
  await store.discard(asset.fileId);
}
