import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { uploadedFileUrl } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import { entityId } from '@tandem/contract/ids';
import { EDITOR_FILE_MAX_BYTES, EDITOR_IMAGE_MAX_BYTES } from '@tandem/contract/limits';
import { base64ImageBody, UPLOAD_API, uploadedFile } from '@tandem/contract/user';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { uploadBody } from '../../platform/http/body-timeout.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { assertStorageRoom, currentTeamOf } from '../quotas/index.ts';
import { createFileStore, type FilePurpose, uploadedFileName } from './file-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const BASE64_BODY_LIMIT = Math.ceil((EDITOR_IMAGE_MAX_BYTES * 4) / 3) + 1024;
const MAX_BYTES: Record<FilePurpose, number> = { image: EDITOR_IMAGE_MAX_BYTES, file: EDITOR_FILE_MAX_BYTES };

/**
 * What the multipart parser throws for a body it cannot read (no or an empty boundary, a body cut off
 * before its end, broken part headers): its own errors carry no code; its limits carry other `FST_…` codes.
 */
export function isUnreadableBody(error: unknown) {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const code = (error as { code?: string }).code;
  return code === undefined || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE';
}

const docIdField = entityId.optional();

/**
 * Reads the one `file` part of a multipart request, refusing more than the purpose allows, and the
 * optional `doc_id` field (before or after the file) naming the document the upload goes into.
 */
async function readFilePart(request: FastifyRequest, purpose: FilePurpose) {
  try {
    let file: { bytes: Buffer; name: string } | undefined;
    let docId: unknown;
    for await (const part of request.parts({
      limits: { fileSize: MAX_BYTES[purpose], files: 1, fields: 5 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'doc_id') docId = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError(purpose === 'image' ? 'IMAGE_SIZE_EXCEEDED' : 'PAYLOAD_TOO_LARGE');
      file = { bytes, name: uploadedFileName(part.filename) };
    }
    if (!file) throw new AppError('BAD_REQUEST', { fields: [{ field: 'file', message: 'required' }] });
    const documentId = docIdField.safeParse(docId === '' ? undefined : docId);
    if (!documentId.success)
      throw new AppError('BAD_REQUEST', {
        fields: [{ field: 'doc_id', message: 'an id from 1 to 2147483647' }],
      });
    return { ...file, documentId: documentId.data };
  } catch (error) {
    if (!isUnreadableBody(error)) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError('UPLOAD_MALFORMED');
  }
}

/**
 * Uploads: images and files by multipart, a cropped avatar as base64. The type
 * comes from the bytes, never the name. Files are served back by their random id, which is the
 * capability to read them: avatars are shown to teammates and visitors alike.
 */
/**
 * The document an upload names goes into when the caller may edit it (the projects module answers; an
 * upload module below it cannot ask itself): the file then counts towards the document's team.
 */
export type UploadTarget = (
  db: Db,
  userId: number,
  documentId: number,
) => Promise<{ documentId: number; teamId: number }>;

export const uploadRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: ObjectStorage;
  uploadTarget: UploadTarget;
}> = async (app, { db, storage, uploadTarget }) => {
  const store = createFileStore(db, storage);
  const signedIn = { onRequest: requireSession(db) };
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  const answer = (id: string) => ok({ id, file: uploadedFileUrl(id) });
  /**
   * Checked before any bytes are stored: a document's upload against its team, an account's own (an
   * avatar, a chat image, a cover) against the caller's current team, which it then counts towards.
   * Checked again, under the team's storage lock, as it is kept. Answers the team.
   */
  const assertRoomFor = async (userId: number, teamId: number | undefined, bytes: number) => {
    const team = teamId ?? (await currentTeamOf(db, userId));
    if (team !== undefined) await assertStorageRoom(db, team, bytes);
    return team;
  };

  for (const [path, purpose] of [
    [UPLOAD_API.image, 'image'],
    [UPLOAD_API.file, 'file'],
  ] as const) {
    app.post(
      path,
      {
        ...signedIn,
        config: uploadBody(MAX_BYTES[purpose]),
        schema: { response: { 200: envelope(uploadedFile) } },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        const { bytes, name, documentId } = await readFilePart(request, purpose);
        const holder = documentId === undefined ? undefined : await uploadTarget(db, userId, documentId);
        const team = await assertRoomFor(userId, holder?.teamId, bytes.length);
        return answer((await store.save(userId, purpose, bytes, name, holder, team)).id);
      },
    );
  }

  app.post(
    UPLOAD_API.base64Image,
    {
      ...signedIn,
      bodyLimit: BASE64_BODY_LIMIT,
      schema: { body: base64ImageBody, response: { 200: envelope(uploadedFile) } },
    },
    async (request) => {
      const { data, fileExt, fileName } = request.body;
      const bytes = Buffer.from(data.replace(/^data:[\w/+.-]+;base64,/, ''), 'base64');
      if (bytes.length > EDITOR_IMAGE_MAX_BYTES) throw new AppError('IMAGE_SIZE_EXCEEDED');
      const name = fileName ?? `avatar.${fileExt}`;
      const { userId } = sessionOf(request);
      const team = await assertRoomFor(userId, undefined, bytes.length);
      return answer((await store.save(userId, 'image', bytes, name, undefined, team)).id);
    },
  );

  app.get(
    `${UPLOAD_API.files}/:id`,
    { schema: { params: z.object({ id: z.string().regex(/^[\w-]{22}\.\w{2,5}$/) }) } },
    async (request, reply) => {
      const [file] = await db.select().from(files).where(eq(files.id, request.params.id)).limit(1);
      if (!file) throw new AppError('NOT_FOUND');
      // The row can outlive its bytes (removed by hand, a bucket emptied): that is missing too, not a 500.
      // HEAD (which Fastify answers with this handler) asks the store for the length only: a GET of
      // a bucket's object would start downloading all of it just to be thrown away.
      const object = request.method === 'HEAD' ? await store.stat(file.id) : await store.open(file.id);
      if (!object) throw new AppError('NOT_FOUND');
      const disposition = file.purpose === 'image' ? 'inline' : 'attachment';
      reply
        .header('content-type', file.mimeType)
        .header('content-length', object.size)
        .header('cache-control', IMMUTABLE)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName || file.id)}`,
        );
      // An empty stream for HEAD: Fastify keeps a stream's content-length, where nothing would set it to 0.
      return reply.send('body' in object ? object.body : Readable.from([]));
    },
  );
};
