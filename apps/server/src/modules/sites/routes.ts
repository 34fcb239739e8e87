import { type SendMessageData, type sendMessageBody, sendMessageData } from '@tandem/contract/chat';
import {
  CHAT_SITES_API,
  fixSiteBody,
  shareSiteBody,
  siteFilesData,
  siteFilesQuery,
  siteShareData,
  siteSharePath,
  siteVersionsData,
  siteVersionsQuery,
} from '@tandem/contract/chat-sites';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { chatterOf, requireChatter } from '../../platform/auth/chatter.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import { fixRequestOf } from './fix-request.ts';
import type { PreviewLinks } from './preview-links.ts';
import { liveSiteShares, shareSiteVersion, unshareSiteVersion } from './site-shares.ts';
import { errorsToFix, listSiteVersions, ownSiteConversation, siteVersionFiles } from './site-versions.ts';

/**
 * The signed-in user behind a request to a site's links or images, which are an account's: a visitor,
 * who has none, finds no conversation of theirs there.
 */
export function accountHolderOf(request: FastifyRequest) {
  const { userId } = chatterOf(request);
  if (userId === null) throw new AppError('CONVERSATION_NOT_FOUND');
  return userId;
}

export type SiteDeps = {
  db: Db;
  previewLinks: PreviewLinks;
  config: Pick<Config, 'publicUrl'> & { sites: Pick<Config['sites'], 'previewUrl' | 'previewPort'> };
  /** Puts a message to the conversation's agent, as `agent-send-message` does. */
  send: (request: FastifyRequest, body: z.infer<typeof sendMessageBody>) => Promise<SendMessageData>;
};

/**
 * The versions of a conversation's site and their files, for the conversation's owner only (a
 * visitor's own conversations too); anyone else's conversation does not exist for the caller.
 */
export const siteRoutes: FastifyPluginAsyncZod<SiteDeps> = async (
  app,
  { db, previewLinks, config, send },
) => {
  const session = { onRequest: requireChatter(db) };
  /** The preview origin: configured, else the app's own host (PUBLIC_URL's, else the request's) on the preview port. */
  const previewOriginOf = (request: FastifyRequest) => {
    if (config.sites.previewUrl) return config.sites.previewUrl;
    const origin = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
    origin.port = String(config.sites.previewPort);
    return origin.origin;
  };

  app.get(
    CHAT_SITES_API.siteVersions,
    { ...session, schema: { querystring: siteVersionsQuery, response: { 200: envelope(siteVersionsData) } } },
    async (request) => {
      const conversation = await ownSiteConversation(db, chatterOf(request), request.query.conversation_id);
      const origin = previewOriginOf(request);
      const shares = await liveSiteShares(db, conversation.id);
      const data = await listSiteVersions(
        db,
        conversation.id,
        (version) => previewLinks.urlOf(origin, { conversationId: conversation.id, version }),
        (version) => {
          const code = shares.get(version);
          return code === undefined ? null : new URL(siteSharePath(code), origin).href;
        },
      );
      return ok({ data, total: data.length });
    },
  );

  app.get(
    CHAT_SITES_API.siteFiles,
    { ...session, schema: { querystring: siteFilesQuery, response: { 200: envelope(siteFilesData) } } },
    async (request) => {
      const { conversation_id, version } = request.query;
      const conversation = await ownSiteConversation(db, chatterOf(request), conversation_id);
      return ok({ files: await siteVersionFiles(db, conversation.id, version) });
    },
  );

  app.get(
    CHAT_SITES_API.downloadSite,
    { ...session, schema: { querystring: siteFilesQuery } },
    async (request, reply) => {
      const { conversation_id, version } = request.query;
      const conversation = await ownSiteConversation(db, chatterOf(request), conversation_id);
      const files = await siteVersionFiles(db, conversation.id, version);
      const zip = zipSync(Object.fromEntries(files.map((file) => [file.path, strToU8(file.content)])));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="site-v${version}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  // A normal message of the user's, with its points: the agent's reply makes the next version.
  app.post(
    CHAT_SITES_API.fixSite,
    { ...session, schema: { body: fixSiteBody, response: { 200: envelope(sendMessageData) } } },
    async (request) => {
      const chatter = chatterOf(request);
      const { conversation_id, version } = request.body;
      const conversation = await ownSiteConversation(db, chatter, conversation_id);
      const errors = await errorsToFix(db, conversation.id, version);
      const locale = requestLocale(request);
      const content = fixRequestOf(locale, version, errors);
      return ok(await send(request, { conversation_id: conversation.id, content }));
    },
  );

  app.post(
    CHAT_SITES_API.shareSite,
    { ...session, schema: { body: shareSiteBody, response: { 200: envelope(siteShareData) } } },
    async (request) => {
      const { conversation_id, version } = request.body;
      const code = await shareSiteVersion(db, {
        userId: accountHolderOf(request),
        conversationId: conversation_id,
        version,
      });
      return ok({ share_code: code, share_url: new URL(siteSharePath(code), previewOriginOf(request)).href });
    },
  );

  app.post(
    CHAT_SITES_API.unshareSite,
    { ...session, schema: { body: shareSiteBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const { conversation_id, version } = request.body;
      await unshareSiteVersion(db, {
        userId: accountHolderOf(request),
        conversationId: conversation_id,
        version,
      });
      return ok(null);
    },
  );
};
