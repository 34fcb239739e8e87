import {
  CHAT_API,
  chatAgentBody,
  chatAgentListData,
  openAgentData,
  recentConversation,
  recentConversationsQuery,
} from '@tandem/contract/chat';
import { envelope, pageOf } from '@tandem/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { requireSession, sessionOf } from '../../../platform/auth/guard.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { recentConversations } from '../recent-conversations.ts';
import { addToAgentList, listAgents, listOnOpen, removeFromAgentList } from './agent-list.ts';

/**
 * The chat page's agents list and the landing page's recent conversations, for
 * signed-in users only: visitors have neither.
 */
export const chatAgentListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const signedIn = { onRequest: requireSession(db) };
  const done = { 200: envelope(z.null()) };

  app.get(
    CHAT_API.agentList,
    { ...signedIn, schema: { response: { 200: envelope(chatAgentListData) } } },
    async (request) => ok(await listAgents(db, sessionOf(request).userId)),
  );

  app.post(
    CHAT_API.addAgent,
    { ...signedIn, schema: { body: chatAgentBody, response: done } },
    async (request) => {
      await addToAgentList(db, sessionOf(request).userId, request.body.agent_id);
      return ok(null);
    },
  );

  app.post(
    CHAT_API.removeAgent,
    { ...signedIn, schema: { body: chatAgentBody, response: done } },
    async (request) => {
      await removeFromAgentList(db, sessionOf(request).userId, request.body.agent_id);
      return ok(null);
    },
  );

  app.post(
    CHAT_API.openAgent,
    { ...signedIn, schema: { body: chatAgentBody, response: { 200: envelope(openAgentData) } } },
    async (request) => ok({ listed: await listOnOpen(db, sessionOf(request).userId, request.body.agent_id) }),
  );

  app.get(
    CHAT_API.recentConversations,
    {
      ...signedIn,
      schema: {
        querystring: recentConversationsQuery,
        response: { 200: envelope(pageOf(recentConversation)) },
      },
    },
    async (request) => ok(await recentConversations(db, sessionOf(request).userId, request.query)),
  );
};
