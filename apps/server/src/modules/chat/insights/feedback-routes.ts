import { CHAT_FEEDBACK_API, messageFeedbackBody, messageFeedbackData } from '@tandem/contract/chat-feedback';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { chatterOf, requireChatter } from '../../../platform/auth/chatter.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { rateMessage } from './feedback.ts';

/** Likes and dislikes on replies, by the conversation's owner, visitors too. */
export const chatFeedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    CHAT_FEEDBACK_API.rate,
    {
      onRequest: requireChatter(db),
      schema: { body: messageFeedbackBody, response: { 200: envelope(messageFeedbackData) } },
    },
    async (request) => ok(await rateMessage(db, chatterOf(request), request.body)),
  );
};
