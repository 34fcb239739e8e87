import {
  agentAnalysisData,
  agentAnalysisQuery,
  agentFeedbackQuery,
  feedbackEntry,
  INSIGHTS_API,
} from '@tandem/contract/chat-insights';
import { envelope, pageOf } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { requireSession, sessionOf } from '../../../platform/auth/guard.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { authorizeAgent, loadAgent } from '../../agent/index.ts';
import { analyseAgent, listAgentFeedback } from './insights.ts';

/**
 * The agent settings' data analysis and user feedback pages: for those who may analyse the agent (its
 * owner, the team's owner and admins, its per-agent admins).
 */
export const chatInsightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const signedIn = { onRequest: requireSession(db) };

  const analysableAgent = async (request: FastifyRequest, agentId: number) => {
    const { agent, actor } = await loadAgent(db, { id: agentId }, sessionOf(request).userId);
    authorizeAgent(agent, actor, 'analyse');
    return agent;
  };

  app.get(
    INSIGHTS_API.analysis,
    {
      ...signedIn,
      schema: { querystring: agentAnalysisQuery, response: { 200: envelope(agentAnalysisData) } },
    },
    async (request) =>
      ok(await analyseAgent(db, await analysableAgent(request, request.query.agent_id), request.query)),
  );

  app.get(
    INSIGHTS_API.feedbackList,
    {
      ...signedIn,
      schema: { querystring: agentFeedbackQuery, response: { 200: envelope(pageOf(feedbackEntry)) } },
    },
    async (request) =>
      ok(await listAgentFeedback(db, await analysableAgent(request, request.query.agent_id), request.query)),
  );
};
