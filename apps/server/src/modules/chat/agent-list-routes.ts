import { CHAT_API, chatAgentBody, chatAgentListData } from '@tandem/contract/chat';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { addToAgentList, listAgents, removeFromAgentList } from './agent-list.ts';

/** The chat page's agents list (spec part B section 2), for signed-in users only: visitors have none. */
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
};
