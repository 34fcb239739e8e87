import { randomBytes } from 'node:crypto';
import type { SendMessageData, sendMessageBody } from '@tandem/contract/chat';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callJson, rowFromJson } from '../../db/json-row.ts';
import { conversations } from '../../db/schema.ts';
import type { Chatter } from '../../platform/auth/chatter.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import type { ChatMetrics } from '../../platform/metrics/metrics.ts';
import type { Moderation } from '../../platform/moderation/moderation.ts';
import {
  type AgentContext,
  type AgentWithActorJson,
  agentContextOf,
  loadAgent,
  readConfig,
} from '../agent/agent-data.ts';
import { authorizeAgent } from '../agent/policy.ts';
import { listOnFirstConversation } from './agent-list.ts';
import { checkAttachments } from './attachments.ts';
import { titleOf } from './conversation-title.ts';
import { startExchange } from './exchange.ts';
import type { ChatRunner } from './generation.ts';
import { estimateTokens } from './tokens.ts';

export type { SendMessageData };

export type SendMessageDeps = {
  db: Db;
  llm: Llm;
  moderation: Moderation;
  metrics?: ChatMetrics;
  runner: ChatRunner;
  /** The id of this server process, which owns the replies it starts. */
  processId: string;
};

type ConversationRow = typeof conversations.$inferSelect;

export type SendMessageRequest = {
  chatter: Chatter;
  body: z.output<typeof sendMessageBody>;
  /** The sender's language: a message of images alone is titled in it, and errors are said in it. */
  locale: Locale;
  log: FastifyBaseLogger;
};

/**
 * Sends a message (or regenerates the last reply) as `agent-send-message` does: checks the agent, the
 * model and the message, debits the agent team's points, and starts the reply, generated apart from
 * the request; answers where it streams. Other calls that put a message to the agent (a site's fix)
 * go through it too.
 */
export async function sendMessage(
  { db, llm, moderation, metrics, runner, processId }: SendMessageDeps,
  { chatter, body, locale, log }: SendMessageRequest,
): Promise<SendMessageData> {
  const { userId } = chatter;
  // A conversation comes with its agent, in one call: every round trip here delays the first token.
  let existing: ConversationRow | undefined;
  let context: AgentContext;
  if (body.conversation_id) {
    const found = await callJson<{
      conversation: Record<string, unknown>;
      agent: AgentWithActorJson | null;
    }>(
      db,
      sql`select chat_send_context(${body.conversation_id}::text, ${userId}::integer,
        ${chatter.visitorId}::text) as value`,
    );
    if (!found) throw new AppError('CONVERSATION_NOT_FOUND');
    existing = rowFromJson(conversations, found.conversation);
    if (runner.isRunning(existing.id)) throw new AppError('REPLY_IN_PROGRESS');
    context = agentContextOf(found.agent, userId ?? undefined);
  } else {
    const ref = body.agent_id ? { id: body.agent_id } : { agentKey: body.agent_key! };
    context = await loadAgent(db, ref, userId ?? undefined);
  }
  const { agent, actor } = context;
  if (agent.status === 'off_shelf') throw new AppError('AGENT_OFF_SHELF');
  authorizeAgent(agent, actor, 'use');
  const config = readConfig(agent.published);
  const model = config.model_id === null ? undefined : await llm.modelInfo(config.model_id);
  if (model?.type !== 'completion') throw new AppError('MODEL_UNAVAILABLE');
  if (body.images?.length && !model.supportsImages) throw new AppError('IMAGES_NOT_SUPPORTED');
  if (await moderation.isFlagged(body.content ?? '')) throw new AppError('CONTENT_VIOLATION');
  const images = await checkAttachments(db, userId, body.images ?? []);
  // The message alone, with room for the reply, must fit the model's context.
  const replyRoom = Math.min(config.params.max_tokens, Math.floor(model.contextLength / 2));
  if (estimateTokens(body.content ?? '') + replyRoom > model.contextLength) {
    throw new AppError('INPUT_TOO_LONG');
  }
  // A place among the team's running replies, given back when the send fails.
  if (!runner.reserve(agent.teamId)) throw new AppError('SYSTEM_BUSY');
  const conversationId = existing?.id ?? randomBytes(12).toString('base64url');
  // A message of images alone is titled as such, in the sender's language.
  const title = existing?.title ?? (titleOf(body.content ?? '') || translate(locale, 'chat.image_title'));
  const started = await startExchange(db, {
    conversation: {
      id: conversationId,
      isNew: !existing,
      title,
      userId,
      visitorId: chatter.visitorId,
      teamId: agent.teamId,
      agentId: agent.id,
    },
    regenerate: body.regenerate ?? false,
    content: body.content ?? '',
    images,
    model: { id: model.id, pointsPerRequest: model.pointsPerRequest },
    contextWindow: config.params.context_window,
    ownerId: processId,
    takeBack: runner.takeBackOrphans,
  }).catch((error: unknown) => {
    runner.release(agent.teamId);
    throw error;
  });

  metrics?.pointsDebited(started.debit.points);
  runner.start({
    conversationId,
    userMessageId: started.userMessageId,
    messageId: started.messageId,
    turns: started.turns,
    inputTokens: model.contextLength - replyRoom,
    modelId: model.id,
    config,
    debit: started.debit,
    locale,
  });
  // A user's new conversation lists its agent: after the model is asked, so the reply does not
  // wait for it, and before the answer, so the list the page reads next has it.
  if (!existing && userId !== null) {
    await listOnFirstConversation(db, userId, agent.id).catch((error: unknown) =>
      log.warn({ err: error, agentId: agent.id }, 'agent not added to the chat list'),
    );
  }
  // After the model is asked: the balance the team's members see has changed.
  identityCacheOf(db).forgetTeamAccounts(agent.teamId);
  return {
    conversation_id: conversationId,
    title,
    user_message_id: started.userMessageId,
    assistant_message_id: started.messageId,
    channel: chatChannel(conversationId),
    points: model.pointsPerRequest,
  };
}
