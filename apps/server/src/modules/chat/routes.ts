import { AGENT_KNOWLEDGE_API, knowledgeSendMessageBody } from '@tandem/contract/agent-knowledge';
import {
  CHAT_API,
  chatMessage,
  conversation,
  conversationListQuery,
  conversationMessagesQuery,
  deleteConversationBody,
  renameConversationBody,
  sendMessageBody,
  sendMessageData,
  stopMessageBody,
} from '@tandem/contract/chat';
import { envelope, pageOf } from '@tandem/contract/envelope';
import { CHANNEL_NAMESPACES } from '@tandem/contract/realtime-channels';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { chatMessages, conversations, messageFeedback } from '../../db/schema.ts';
import { type Chatter, chatterOf, requireChatter } from '../../platform/auth/chatter.ts';
import { bearerToken, requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import type { ChatMetrics } from '../../platform/metrics/metrics.ts';
import type { Moderation } from '../../platform/moderation/moderation.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { authorizeProject, documentAccess } from '../project/index.ts';
import { presentMessage } from './message-presenter.ts';
import { citationsForReader } from './reply/knowledge-replies.ts';
import type { ChatRunner } from './reply/runner.ts';
import { createMessageSender } from './reply/send-message.ts';
import { versionsOfReplies } from './versions/reply-versions.ts';

export type ChatDeps = {
  db: Db;
  realtime: Realtime;
  llm: Llm;
  config: Config['llm'];
  moderation: Moderation;
  /** Replies generating and points debited, when the server exports metrics. */
  metrics?: ChatMetrics;
  /** Generates the replies (the app closes it, before the realtime hub: see app.ts). */
  runner: ChatRunner;
  /** The id of this server process, which owns the replies it starts. */
  processId: string;
};

type ConversationRow = typeof conversations.$inferSelect;

const presentConversation = (row: ConversationRow) => ({
  conversation_id: row.id,
  title: row.title,
  agent_id: row.agentId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The conversations of a user, or of a visitor. */
const conversationsOf = (chatter: Chatter) =>
  chatter.userId === null
    ? eq(conversations.visitorId, chatter.visitorId)
    : eq(conversations.userId, chatter.userId);

/** The chatter's own live conversation; anyone else's, or a deleted one, does not exist for them. */
async function findOwnConversation(db: Db, chatter: Chatter, conversationId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.id, conversationId), conversationsOf(chatter), isNull(conversations.deletedAt)),
    );
  return row;
}

async function ownConversation(db: Db, chatter: Chatter, conversationId: string) {
  const row = await findOwnConversation(db, chatter, conversationId);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

const done = { 200: envelope(z.null()) };

/**
 * Visitors' messages, per IP (a visitor can make a new token at will): each one spends the agent
 * owner's points. Signed-in users are bounded by their team's points and concurrent replies.
 */
export const VISITOR_SEND_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * Chat with an agent: sending starts a reply generated on the server and
 * streamed on `chat:<conversation_id>`; each reply debits the agent team's points first.
 */
export const chatRoutes: FastifyPluginAsyncZod<ChatDeps> = async (app, deps) => {
  const { db, realtime, runner } = deps;
  const send = createMessageSender(deps);
  deps.metrics?.countRepliesWith(runner.streamingCount);
  // Signed-in users, and visitors of web-public agents.
  const session = { onRequest: requireChatter(db) };

  // Only a conversation's owner may read its stream.
  realtime.setChannelPolicy(
    CHANNEL_NAMESPACES.chat,
    async (reader, conversationId) => (await findOwnConversation(db, reader, conversationId)) !== undefined,
  );

  app.post(
    CHAT_API.sendMessage,
    {
      ...session,
      config: {
        rateLimit: { ...VISITOR_SEND_LIMIT, allowList: (request) => bearerToken(request) !== undefined },
      },
      schema: { body: sendMessageBody, response: { 200: envelope(sendMessageData) } },
    },
    async (request) => ok(await send(request, request.body)),
  );

  // The chat panel beside a document, which also draws on it: signed-in readers of the document only.
  app.post(
    AGENT_KNOWLEDGE_API.agentSendMessage,
    {
      onRequest: requireSession(db),
      schema: { body: knowledgeSendMessageBody, response: { 200: envelope(sendMessageData) } },
    },
    async (request) => {
      const { doc_id: documentId, ...body } = request.body;
      const access = await documentAccess(db, sessionOf(request).userId, documentId);
      const grant = authorizeProject(access, 'view', 'DOCUMENT_NOT_FOUND');
      return ok(await send(request, body, { documentId, projectId: grant.projectId }));
    },
  );

  app.post(
    CHAT_API.stopMessage,
    {
      ...session,
      schema: { body: stopMessageBody, response: { 200: envelope(z.object({ stopped: z.boolean() })) } },
    },
    async (request) => {
      const row = await ownConversation(db, chatterOf(request), request.body.conversation_id);
      return ok({ stopped: await runner.stop(row.id) });
    },
  );

  app.get(
    CHAT_API.conversationList,
    {
      ...session,
      schema: { querystring: conversationListQuery, response: { 200: envelope(pageOf(conversation)) } },
    },
    async (request) => {
      const { agent_id, page, page_size } = request.query;
      const where = and(
        conversationsOf(chatterOf(request)),
        eq(conversations.agentId, agent_id),
        isNull(conversations.deletedAt),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(where)
          .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(conversations).where(where),
      ]);
      return ok({ data: rows.map(presentConversation), total: total?.n ?? 0 });
    },
  );

  app.get(
    CHAT_API.conversationMessages,
    {
      ...session,
      schema: { querystring: conversationMessagesQuery, response: { 200: envelope(pageOf(chatMessage)) } },
    },
    async (request) => {
      const { conversation_id, before_id, page, page_size } = request.query;
      const row = await ownConversation(db, chatterOf(request), conversation_id);
      const where = and(eq(chatMessages.conversationId, row.id), isNull(chatMessages.replacedAt));
      const [rows, [total]] = await Promise.all([
        db
          .select({ message: chatMessages, feedback: messageFeedback })
          .from(chatMessages)
          .leftJoin(messageFeedback, eq(messageFeedback.messageId, chatMessages.id))
          .where(before_id === undefined ? where : and(where, lt(chatMessages.id, before_id)))
          .orderBy(desc(chatMessages.id))
          .limit(page_size)
          .offset(before_id === undefined ? (page - 1) * page_size : 0),
        db.select({ n: count() }).from(chatMessages).where(where),
      ]);
      const shown = rows.reverse();
      const versions = await versionsOfReplies(
        db,
        row.id,
        shown.map((each) => each.message),
      );
      const citations = await citationsForReader(
        db,
        chatterOf(request).userId,
        shown.filter((each) => each.message.role === 'assistant').map((each) => each.message.id),
      );
      const data = shown.map((each) => ({
        ...presentMessage(each.message, each.feedback, versions.get(each.message.id)),
        ...(citations.has(each.message.id) ? { citations: citations.get(each.message.id) } : {}),
      }));
      return ok({ data, total: total?.n ?? 0 });
    },
  );

  app.post(
    CHAT_API.renameConversation,
    { ...session, schema: { body: renameConversationBody, response: done } },
    async (request) => {
      const row = await ownConversation(db, chatterOf(request), request.body.conversation_id);
      await db.update(conversations).set({ title: request.body.title }).where(eq(conversations.id, row.id));
      return ok(null);
    },
  );

  app.post(
    CHAT_API.deleteConversation,
    { ...session, schema: { body: deleteConversationBody, response: done } },
    async (request) => {
      const row = await ownConversation(db, chatterOf(request), request.body.conversation_id);
      await runner.stop(row.id);
      await db.update(conversations).set({ deletedAt: new Date() }).where(eq(conversations.id, row.id));
      return ok(null);
    },
  );
};
