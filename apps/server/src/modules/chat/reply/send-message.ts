import { randomBytes } from 'node:crypto';
import type { AgentConfig } from '@tandem/contract/agent';
import type { SendMessageData, sendMessageBody } from '@tandem/contract/chat';
import { translate } from '@tandem/contract/messages';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callJson, rowFromJson } from '../../../db/json-row.ts';
import { conversations } from '../../../db/schema.ts';
import { chatterOf } from '../../../platform/auth/chatter.ts';
import { identityCacheOf } from '../../../platform/auth/identity-cache.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { requestLocale } from '../../../platform/http/request-locale.ts';
import { estimateTokens } from '../../../platform/llm/token-estimate.ts';
import {
  type AgentContext,
  type AgentRow,
  type AgentWithActorJson,
  agentContextOf,
  authorizeAgent,
  loadAgent,
  readConfig,
} from '../../agent/index.ts';
import type { KnowledgeAsk } from '../../knowledge/index.ts';
import { platformDefaultModelId } from '../../model/index.ts';
import { listOnFirstConversation } from '../agent-list/agent-list.ts';
import type { ChatDeps } from '../routes.ts';
import { checkAttachments } from './attachments.ts';
import { titleOf } from './conversation-title.ts';
import { startExchange } from './exchange.ts';

type ConversationRow = typeof conversations.$inferSelect;

/** The document a message is asked beside (the chat panel of a document page), checked readable. */
export type Beside = { documentId: number; projectId: number };

/**
 * What a reply may draw on: the agent's knowledge bases, and beside a document that document, plus
 * its project when the agent has "context from projects" on. None when there is none of them.
 */
function knowledgeAskOf(
  teamId: number,
  userId: number | null,
  config: AgentConfig,
  beside: Beside | undefined,
): KnowledgeAsk | undefined {
  if (config.knowledge_ids.length === 0 && !beside) return undefined;
  return {
    userId,
    teamId,
    projectIds: config.knowledge_ids,
    contextProjectId: beside && config.project_context ? beside.projectId : null,
    documentId: beside?.documentId ?? null,
    citeSources: config.cite_sources,
  };
}

/**
 * The model a reply is asked of. The team's default assistant answers with the model chosen in its
 * picker (this message's, else the conversation's), else its own, else the platform's default; with
 * no usable model at all it says how to connect one (2070). Other agents answer with their own.
 */
async function answeringModel(
  db: ChatDeps['db'],
  agent: AgentRow,
  config: AgentConfig,
  chosen: number | undefined,
  conversationModel: number | null,
): Promise<number | undefined> {
  if (!agent.isDefault) {
    if (chosen !== undefined) throw new AppError('MODEL_CHOICE_NOT_ALLOWED');
    return config.model_id ?? undefined;
  }
  const picked = chosen ?? conversationModel ?? config.model_id;
  if (picked !== null) return picked;
  const platformDefault = await platformDefaultModelId(db);
  if (platformDefault === undefined) throw new AppError('NO_MODEL_CONNECTED');
  return platformDefault;
}

/**
 * Sends a chat message (`agent-send-message` of chat, and of a document's chat panel): starts a reply
 * generated on the server and streamed on `chat:<conversation_id>`; the agent team's points are
 * debited first.
 */
export function createMessageSender(deps: ChatDeps) {
  const { db, llm, runner } = deps;
  return async (
    request: FastifyRequest,
    body: z.infer<typeof sendMessageBody>,
    beside?: Beside,
  ): Promise<SendMessageData> => {
    const chatter = chatterOf(request);
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
      if (await runner.isBusy(existing.id)) throw new AppError('REPLY_IN_PROGRESS');
      context = agentContextOf(found.agent, userId ?? undefined);
    } else {
      const ref = body.agent_id ? { id: body.agent_id } : { agentKey: body.agent_key! };
      context = await loadAgent(db, ref, userId ?? undefined);
    }
    const { agent, actor } = context;
    if (agent.status === 'off_shelf') throw new AppError('AGENT_OFF_SHELF');
    authorizeAgent(agent, actor, 'use');
    const config = readConfig(agent.published);
    const modelId = await answeringModel(db, agent, config, body.model_id, existing?.modelId ?? null);
    const model = modelId === undefined ? undefined : await llm.modelInfo(modelId);
    if (model?.type !== 'completion') throw new AppError('MODEL_UNAVAILABLE');
    if (body.images?.length && !model.supportsImages) throw new AppError('IMAGES_NOT_SUPPORTED');
    if (await deps.moderation.isFlagged(body.content ?? '')) throw new AppError('CONTENT_VIOLATION');
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
    const title =
      existing?.title ??
      (titleOf(body.content ?? '') || translate(requestLocale(request), 'chat.image_title'));
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
      ownerId: deps.processId,
      takeBack: runner.takeBackOrphans,
    }).catch((error: unknown) => {
      runner.release(agent.teamId);
      throw error;
    });

    // The picker's choice holds for the conversation's later messages (and regenerations) too.
    if (body.model_id !== undefined && body.model_id !== existing?.modelId) {
      await db
        .update(conversations)
        .set({ modelId: body.model_id })
        .where(eq(conversations.id, conversationId));
    }
    deps.metrics?.pointsDebited(started.debit.points);
    runner.start({
      conversationId,
      userMessageId: started.userMessageId,
      messageId: started.messageId,
      turns: started.turns,
      inputTokens: model.contextLength - replyRoom,
      modelId: model.id,
      config,
      debit: started.debit,
      locale: requestLocale(request),
      knowledge: knowledgeAskOf(agent.teamId, userId, config, beside),
    });
    // A user's new conversation lists its agent: after the model is asked, so the reply does not
    // wait for it, and before the answer, so the list the page reads next has it.
    if (!existing && userId !== null) {
      await listOnFirstConversation(db, userId, agent.id).catch((error: unknown) =>
        request.log.warn({ err: error, agentId: agent.id }, 'agent not added to the chat list'),
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
  };
}
