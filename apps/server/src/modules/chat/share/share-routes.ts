import {
  CHAT_SHARE_API,
  continueSharedBody,
  continueSharedData,
  conversationShare,
  conversationSharesQuery,
  exportPdfQuery,
  PDF_EXPORTS_PER_MINUTE,
  revokeShareBody,
  SHARED_READS_PER_MINUTE,
  shareConversationBody,
  sharedConversationData,
  sharedConversationQuery,
} from '@tandem/contract/chat-share';
import { envelope, pageOf } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { optionalUserId, requireSession, sessionOf } from '../../../platform/auth/guard.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { perMinute } from '../../../platform/http/rate-limit.ts';
import { requestLocale } from '../../../platform/http/request-locale.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { createFileStore } from '../../upload/index.ts';
import { exportConversationPdf } from './export-pdf.ts';
import { continueShared, createShare, listShares, readShared, revokeShare } from './share.ts';

export type ShareDeps = { db: Db; storage: ObjectStorage; config: Pick<Config, 'publicUrl'> };

/**
 * Share links and PDF export of a conversation. Sharing, revoking, continuing and exporting need a
 * session and act on the caller's own conversations (anyone else's answers 2010 or 2020, as a missing
 * one does); reading a share needs only its code, and is rate limited per address like sign-in.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareDeps> = async (app, { db, storage, config }) => {
  const session = { onRequest: requireSession(db) };
  const files = createFileStore(db, storage);
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    CHAT_SHARE_API.share,
    { ...session, schema: { body: shareConversationBody, response: { 200: envelope(conversationShare) } } },
    async (request) =>
      ok(
        await createShare(db, {
          userId: sessionOf(request).userId,
          conversationId: request.body.conversation_id,
          origin: originOf(request),
        }),
      ),
  );

  app.get(
    CHAT_SHARE_API.shareList,
    {
      ...session,
      schema: {
        querystring: conversationSharesQuery,
        response: { 200: envelope(pageOf(conversationShare)) },
      },
    },
    async (request) => {
      const { conversation_id, page, page_size } = request.query;
      return ok(
        await listShares(db, {
          userId: sessionOf(request).userId,
          conversationId: conversation_id,
          origin: originOf(request),
          page,
          pageSize: page_size,
        }),
      );
    },
  );

  app.post(
    CHAT_SHARE_API.revoke,
    { ...session, schema: { body: revokeShareBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await revokeShare(db, sessionOf(request).userId, request.body.share_code);
      return ok(null);
    },
  );

  app.get(
    CHAT_SHARE_API.shared,
    {
      config: perMinute(SHARED_READS_PER_MINUTE),
      schema: { querystring: sharedConversationQuery, response: { 200: envelope(sharedConversationData) } },
    },
    async (request) =>
      ok(await readShared(db, request.query.share_code, (await optionalUserId(db, request)) ?? null)),
  );

  app.post(
    CHAT_SHARE_API.continueShared,
    { ...session, schema: { body: continueSharedBody, response: { 200: envelope(continueSharedData) } } },
    async (request) => ok(await continueShared(db, sessionOf(request).userId, request.body.share_code)),
  );

  app.get(
    CHAT_SHARE_API.exportPdf,
    { ...session, config: perMinute(PDF_EXPORTS_PER_MINUTE), schema: { querystring: exportPdfQuery } },
    async (request, reply) => {
      const { pdf, fileName } = await exportConversationPdf(
        { db, files },
        {
          userId: sessionOf(request).userId,
          conversationId: request.query.conversation_id,
          locale: requestLocale(request),
          timeZone: request.query.time_zone,
        },
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="chat.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .send(pdf);
    },
  );
};
