import { AGENT_API, counselorOptimizeBody, debugChatBody } from '@tandem/contract/agent';
import { AGENT_DEBUG_CHATS_PER_MINUTE, PROMPT_OPTIMIZATIONS_PER_MINUTE } from '@tandem/contract/agent-rules';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { openEventStream } from '../../platform/http/event-stream.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import { consultedSources, type KnowledgeSource } from '../knowledge/index.ts';
import { firstUsableModelId } from '../model/index.ts';
import { requireTeam, teamOf } from '../team/index.ts';
import { loadAgent } from './agent-data.ts';
import { counselorChannel, counselorMessages } from './counselor.ts';
import { debugKnowledge } from './debug-knowledge.ts';
import { authorizeAgent } from './policy.ts';
import { isUsableModel } from './publish-check.ts';
import { agentMessages, agentParams, relayReply } from './replies.ts';
import type { AgentDeps } from './routes.ts';

/**
 * Each signed-in user's budget of a model call, per minute. It runs once the session is known (so it
 * counts the user, wherever they call from) and before any model is asked.
 */
const perUserPerMinute = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${sessionOf(request).userId}`,
  },
});

/**
 * The editor's model calls. Neither is billed: debugging and prompt advice are part of building an
 * agent, and only people who may edit one reach them; each is rate limited per user instead.
 */
export const agentStreamRoutes: FastifyPluginAsyncZod<AgentDeps> = async (app, { db, realtime, llm }) => {
  const session = requireSession(db);

  /**
   * A reply from the unsaved configuration, as Server-Sent Events (`delta`, `reasoning`, `done`,
   * `error`). Refusals (permission, no model) come before the stream, as ordinary envelope errors.
   */
  app.post(
    AGENT_API.debugChat,
    {
      onRequest: session,
      config: perUserPerMinute(AGENT_DEBUG_CHATS_PER_MINUTE),
      schema: { body: debugChatBody },
    },
    async (request, reply) => {
      const { id, config, messages } = request.body;
      let teamId: number;
      if (id === undefined) {
        // A new agent being created: anyone who may create one in their current team.
        await requireTeam(db, 'member')(request);
        teamId = teamOf(request).teamId;
      } else {
        const context = await loadAgent(db, { id }, sessionOf(request).userId);
        authorizeAgent(context.agent, context.actor, 'edit');
        teamId = context.agent.teamId;
      }
      const modelId = config.model_id;
      if (modelId === null) throw new AppError('AGENT_MODEL_REQUIRED');
      if (!(await isUsableModel(llm, modelId))) throw new AppError('MODEL_UNAVAILABLE');
      // The unsaved knowledge bases feed the reply as they would a chat's, for the editor as the asker.
      const sources: KnowledgeSource[] = [];
      const knowing = await debugKnowledge(db, llm, {
        userId: sessionOf(request).userId,
        teamId,
        config,
        messages,
        sources,
      });

      const stream = openEventStream(reply);
      await relayReply(
        llm,
        {
          modelId,
          messages: agentMessages(knowing, messages),
          params: agentParams(config),
          signal: stream.signal,
        },
        (event) =>
          stream.send(
            event.type === 'done' && config.cite_sources
              ? {
                  ...event,
                  citations: consultedSources(event.content, sources).map((cited) => ({
                    ...cited,
                    available: true,
                  })),
                }
              : event,
          ),
        { locale: requestLocale(request), log: request.log },
      );
      stream.end();
      return reply;
    },
  );

  /**
   * Answers at once with the common agent channel the improved prompt streams on (the same events,
   * published to the channel). The model call outlives the request.
   */
  app.post(
    AGENT_API.optimizePrompt,
    {
      onRequest: session,
      config: perUserPerMinute(PROMPT_OPTIMIZATIONS_PER_MINUTE),
      schema: { body: counselorOptimizeBody, response: { 200: envelope(z.string()) } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const body = request.body;
      const channel = counselorChannel(userId, body.channel);
      const modelId = body.model_id ?? (await firstUsableModelId(db));
      if (!modelId || !(await isUsableModel(llm, modelId))) throw new AppError('MODEL_UNAVAILABLE');
      const options = { locale: requestLocale(request), log: request.log };
      void relayReply(
        llm,
        { modelId, messages: counselorMessages(body) },
        (event) => realtime.publisher.publish(channel, event),
        options,
      );
      return ok(channel);
    },
  );
};
