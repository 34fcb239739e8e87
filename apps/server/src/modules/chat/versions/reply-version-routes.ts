import {
  CHAT_VERSIONS_API,
  selectReplyVersionBody,
  selectReplyVersionData,
} from '@tandem/contract/chat-versions';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { chatterOf, requireChatter } from '../../../platform/auth/chatter.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { citationsForReader } from '../reply/knowledge-replies.ts';
import { selectReplyVersion } from './reply-versions.ts';

/** Choosing which version of a regenerated reply a conversation shows, by its owner, visitors too. */
export const replyVersionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    CHAT_VERSIONS_API.selectReplyVersion,
    {
      onRequest: requireChatter(db),
      schema: { body: selectReplyVersionBody, response: { 200: envelope(selectReplyVersionData) } },
    },
    async (request) => {
      const chatter = chatterOf(request);
      const chosen = await selectReplyVersion(db, chatter, request.body);
      const citations = (await citationsForReader(db, chatter.userId, [chosen.id])).get(chosen.id);
      return ok(citations ? { ...chosen, citations } : chosen);
    },
  );
};
