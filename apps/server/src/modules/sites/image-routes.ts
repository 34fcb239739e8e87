import fastifyMultipart from '@fastify/multipart';
import {
  CHAT_SITES_API,
  deleteSiteImageBody,
  SITE_IMAGE_MAX_BYTES,
  siteImage,
  siteImagesData,
  siteImagesQuery,
} from '@tandem/contract/chat-sites';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chatterOf, requireChatter } from '../../platform/auth/chatter.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { uploadBody } from '../../platform/http/body-timeout.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createFileStore, isUnreadableBody, uploadedFileName } from '../upload/index.ts';
import { accountHolderOf } from './routes.ts';
import { addSiteImage, deleteSiteImage, listSiteImages } from './site-images.ts';
import { ownSiteConversation } from './site-versions.ts';

/** The `file` part and the `conversation_id` field of an image upload, the file at most SITE_IMAGE_MAX_BYTES. */
async function readImageUpload(request: FastifyRequest) {
  try {
    let file: { bytes: Buffer; name: string } | undefined;
    let conversationId: unknown;
    for await (const part of request.parts({
      limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'conversation_id') conversationId = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated) throw new AppError('SITE_IMAGE_TOO_LARGE');
      file = { bytes, name: uploadedFileName(part.filename) };
    }
    const conversation = siteImagesQuery.safeParse({ conversation_id: conversationId });
    if (!conversation.success)
      throw new AppError('BAD_REQUEST', { fields: [{ field: 'conversation_id', message: 'required' }] });
    if (!file) throw new AppError('BAD_REQUEST', { fields: [{ field: 'file', message: 'required' }] });
    return { ...file, conversationId: conversation.data.conversation_id };
  } catch (error) {
    if (!isUnreadableBody(error)) throw error;
    throw new AppError('UPLOAD_MALFORMED');
  }
}

/**
 * Images of a conversation's site (see site-images.ts): uploaded and listed by the conversation's
 * owner, a signed-in user (uploads are an account's); anyone else's conversation is not found.
 */
export const siteImageRoutes: FastifyPluginAsyncZod<{ db: Db; storage: ObjectStorage }> = async (
  app,
  { db, storage },
) => {
  const session = { onRequest: requireChatter(db) };
  const store = createFileStore(db, storage);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  app.post(
    CHAT_SITES_API.uploadSiteImage,
    {
      ...session,
      config: uploadBody(SITE_IMAGE_MAX_BYTES),
      schema: { response: { 200: envelope(siteImage) } },
    },
    async (request) => {
      const userId = accountHolderOf(request);
      const { bytes, name, conversationId } = await readImageUpload(request);
      const conversation = await ownSiteConversation(db, chatterOf(request), conversationId);
      return ok(
        await addSiteImage(db, store, { userId, conversationId: conversation.id, bytes, uploadedName: name }),
      );
    },
  );

  app.get(
    CHAT_SITES_API.siteImages,
    { ...session, schema: { querystring: siteImagesQuery, response: { 200: envelope(siteImagesData) } } },
    async (request) => {
      const conversation = await ownSiteConversation(db, chatterOf(request), request.query.conversation_id);
      const data = await listSiteImages(db, conversation.id);
      return ok({ data, total: data.length });
    },
  );

  app.post(
    CHAT_SITES_API.deleteSiteImage,
    { ...session, schema: { body: deleteSiteImageBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const conversation = await ownSiteConversation(db, chatterOf(request), request.body.conversation_id);
      await deleteSiteImage(db, store, conversation.id, request.body.name);
      return ok(null);
    },
  );
};
