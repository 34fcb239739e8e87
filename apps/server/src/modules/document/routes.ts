import { KNOWLEDGE_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import {
  collabTokenBody,
  collabTokenData,
  docData,
  getDocQuery,
  saveOnlineDocBody,
} from '@tandem/contract/project';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { optionalUserId, requireSession, sessionOf, signIn } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { CollabServer } from './collab-server.ts';
import { collabToken, getDoc, saveOnlineDoc } from './document-service.ts';

/** The content's characters (5 MiB at most) as JSON: up to three bytes each, escapes included. */
const SAVE_BODY_LIMIT = 16 * 1024 * 1024;

export type DocumentRouteDeps = { db: Db; collab: CollabServer };

/**
 * A document's content and its collaboration token. A share link's code opens one document read-only
 * to anyone (a stale session token is then ignored, not refused); everything else needs a session.
 */
export const documentRoutes: FastifyPluginAsyncZod<DocumentRouteDeps> = async (app, deps) => {
  const { db } = deps;
  const session = { onRequest: requireSession(db) };
  const callerOf = (request: FastifyRequest, reply: FastifyReply, shareCode: string | undefined) => () =>
    shareCode === undefined
      ? signIn(db, request, reply).then((user) => user.userId)
      : optionalUserId(db, request);

  app.get(
    KNOWLEDGE_API.getDoc,
    { schema: { querystring: getDocQuery, response: { 200: envelope(docData) } } },
    async (request, reply) => {
      const { uniq_code, share_code, with_content } = request.query;
      return ok(
        await getDoc(
          deps,
          { uniqCode: uniq_code, shareCode: share_code, withContent: with_content === 1 },
          callerOf(request, reply, share_code),
        ),
      );
    },
  );

  app.post(
    KNOWLEDGE_API.saveOnlineDoc,
    {
      ...session,
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { body: saveOnlineDocBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await saveOnlineDoc(deps, sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  app.post(
    KNOWLEDGE_API.collabToken,
    { schema: { body: collabTokenBody, response: { 200: envelope(collabTokenData) } } },
    async (request, reply) =>
      ok(
        await collabToken(
          deps,
          request.body,
          callerOf(request, reply, request.body.share_code),
          () => request.session?.sessionId ?? null,
        ),
      ),
  );
};
