import { ATTACHMENT_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import { attachmentShareBody, attachmentShareData } from '@tandem/contract/project';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createFileStore } from '../upload/index.ts';
import { createAttachmentLinks } from './attachment-share.ts';
import { contentDisposition } from './transfer-routes.ts';

export type AttachmentDeps = {
  db: Db;
  storage: ObjectStorage;
  config: Pick<Config, 'publicUrl' | 'realtime'>;
};

/** Share URLs of uploaded attachments, and the download they open without sign-in until they expire. */
export const attachmentRoutes: FastifyPluginAsyncZod<AttachmentDeps> = async (
  app,
  { db, storage, config },
) => {
  const links = createAttachmentLinks(config.realtime.secret);
  const store = createFileStore(db, storage);

  app.post(
    ATTACHMENT_API.shareUrl,
    {
      onRequest: requireSession(db),
      schema: { body: attachmentShareBody, response: { 200: envelope(attachmentShareData) } },
    },
    async (request) => {
      const token = await links.create(db, sessionOf(request).userId, request.body.file_id);
      const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return ok({ url: `${origin}${ATTACHMENT_API.shared}?token=${token}` });
    },
  );

  app.get(
    ATTACHMENT_API.shared,
    { schema: { querystring: z.object({ token: z.string().min(1).max(1024) }) } },
    async (request, reply) => {
      const fileId = await links.fileOf(request.query.token);
      if (!fileId) throw new AppError('NOT_FOUND');
      const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
      const object = file && (await store.open(file.id));
      if (!file || !object) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', object.size)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition(file.originalName || file.id))
        .send(object.body);
    },
  );
};
