import type { AgentConfig } from '@tandem/contract/agent';
import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS, type ErrorName } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { chatMessages, conversations } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { isLlmError, type Llm, type LlmMessage } from '../../platform/llm/llm.ts';
import type { Moderation } from '../../platform/moderation/moderation.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { agentMessages, agentParams, agentSystemPrompt, ERROR_OF_KIND } from '../agent/replies.ts';
import { createAttachmentReader } from './attachments.ts';
import type { Turn } from './exchange.ts';
import { type LedgerEntry, refundPoints } from './points.ts';
import { suggestNextQuestions } from './suggestions.ts';
import { estimateTokens } from './tokens.ts';

/** The newest turns that fit in `budget` tokens; the last (the message answered) always stays. */
function fitting(turns: Turn[], budget: number): Turn[] {
  let left = budget;
  let first = turns.length;
  while (first > 0) {
    left -= estimateTokens(turns[first - 1]!.content);
    if (left < 0 && first < turns.length) break;
    first -= 1;
  }
  return turns.slice(first);
}

/** A model message's text, without its images. */
const textOf = (message: LlmMessage | undefined) =>
  typeof message?.content === 'string'
    ? message.content
    : (message?.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');

type ConversationRow = typeof conversations.$inferSelect;

/** How often a growing reply is written to the database while it streams. */
export const PERSIST_INTERVAL_MS = 500;

export type Generation = {
  conversationId: string;
  userMessageId: number;
  messageId: number;
  /** The context window of earlier turns and the user message, as `startExchange` read them. */
  turns: Turn[];
  /** The tokens the model's context has for the prompt and turns, the reply's room set aside. */
  inputTokens: number;
  modelId: number;
  config: AgentConfig;
  /** The debit to give back when the model fails. */
  debit: LedgerEntry;
  locale: Locale;
};

type Running = { controller: AbortController; done: Promise<void> };

/** A finished reply the moderation refused. */
class Withdrawn extends Error {}

/**
 * The model broke off while a reasoning model was thinking, before it had answered anything (a timeout
 * stays a timeout).
 */
const isThinkingFailure = (error: unknown, reasoning: string, content: string) =>
  reasoning !== '' && content === '' && !isLlmError(error, 'timeout');

export type ChatRunnerDeps = {
  db: Db;
  llm: Llm;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Replies one team may have generating at once in this process. */
  teamMaxReplies: number;
  /** Where uploads live: the images of user messages. */
  dataDir: string;
  /** Checks each finished reply: one it flags is withdrawn. */
  moderation: Moderation;
};

/**
 * Generates replies on the server, apart from the request that asked for them: a reload or a closed
 * tab does not stop one. Each streams on the conversation's channel and is saved as it grows. One
 * reply per conversation at a time; `stop` aborts it (the text so far is kept, as `stopped`).
 */
export function createChatRunner({
  db,
  llm,
  realtime,
  log,
  teamMaxReplies,
  dataDir,
  moderation,
}: ChatRunnerDeps) {
  const readImages = createAttachmentReader(db, dataDir);
  const running = new Map<string, Running>();
  /** Work after a reply (its suggested questions) that `close` still waits for. */
  const followUps = new Set<Promise<unknown>>();
  const teamLoad = new Map<number, number>();
  const release = (teamId: number) => {
    const left = (teamLoad.get(teamId) ?? 1) - 1;
    if (left > 0) teamLoad.set(teamId, left);
    else teamLoad.delete(teamId);
  };

  const publish = (conversationId: string, publication: ChatPublication) =>
    realtime.publisher.publish(chatChannel(conversationId), publication);

  /**
   * The agent's prompt, the turns, and each user turn's images beside it. The oldest turns give way
   * while the whole would not fit the model's context (estimated, as the send's own check is), so a
   * long conversation goes on rather than failing at the provider.
   */
  async function modelMessages(job: Generation): Promise<LlmMessage[]> {
    const turns = fitting(
      job.turns.filter((turn) => turn.content !== '' || turn.attachments.length > 0),
      job.inputTokens - estimateTokens(agentSystemPrompt(job.config)),
    );
    const messages = agentMessages(
      job.config,
      turns.map(({ role, content }) => ({ role, content })),
    );
    // agentMessages keeps the turns' order at the end: put each user turn's images back beside it.
    const kept = turns.slice(-messages.filter((message) => message.role !== 'system').length);
    const offset = messages.length - kept.length;
    if (kept.every((turn) => turn.attachments.length === 0)) return messages;
    return Promise.all(
      messages.map(async (message, index) => {
        const turn = index >= offset ? kept[index - offset] : undefined;
        if (message.role !== 'user' || !turn || turn.attachments.length === 0) return message;
        const images = await readImages(turn.attachments);
        return { role: 'user' as const, content: [{ type: 'text' as const, text: turn.content }, ...images] };
      }),
    );
  }

  /** The next questions after a finished reply: saved with it, then published. Never fails the reply. */
  async function suggest(job: Generation, exchange: { question: string; answer: string }) {
    try {
      const questions = await suggestNextQuestions(llm, job.modelId, exchange);
      if (questions.length === 0) return;
      await db.update(chatMessages).set({ suggestions: questions }).where(eq(chatMessages.id, job.messageId));
      await publish(job.conversationId, { type: 'suggestions', message_id: job.messageId, questions });
    } catch (error) {
      log.warn({ err: error, conversationId: job.conversationId }, 'no next questions');
    }
  }

  /** Generates the reply; answers what is left to do once it has let go of the conversation. */
  async function run(job: Generation, signal: AbortSignal): Promise<(() => Promise<void>) | undefined> {
    const { conversationId, messageId } = job;
    let content = '';
    let reasoning = '';
    let savedAt = Date.now();
    const save = (values: Partial<typeof chatMessages.$inferInsert>) =>
      db.update(chatMessages).set(values).where(eq(chatMessages.id, messageId));
    const finish = async (values: Partial<typeof chatMessages.$inferInsert>) => {
      await save({ content, reasoning, ...values });
      await db
        .update(conversations)
        .set({ updatedAt: new Date() })
        .where(eq(conversations.id, conversationId));
    };

    // The reply's publications go out in order, without the model waiting for the first.
    let published = publish(conversationId, {
      type: 'start',
      message_id: messageId,
      user_message_id: job.userMessageId,
    });
    const announce = (publication: ChatPublication) =>
      (published = published.then(() => publish(conversationId, publication)));
    let messages: LlmMessage[] = [];
    try {
      messages = await modelMessages(job);
      let finishReason: string | null = null;
      for await (const chunk of llm.stream({
        modelId: job.modelId,
        messages,
        params: agentParams(job.config),
        signal,
      })) {
        if (chunk.type === 'text') {
          content += chunk.text;
          await announce({ type: 'delta', message_id: messageId, content: chunk.text });
        } else if (chunk.type === 'reasoning') {
          reasoning += chunk.text;
          await announce({ type: 'reasoning', message_id: messageId, content: chunk.text });
        } else {
          finishReason = chunk.reason;
        }
        if (Date.now() - savedAt >= PERSIST_INTERVAL_MS) {
          savedAt = Date.now();
          await save({ content, reasoning });
        }
      }
      if (await moderation.isFlagged(content)) {
        content = '';
        reasoning = '';
        throw new Withdrawn();
      }
      await finish({ status: 'done', finishReason });
      await announce({
        type: 'done',
        message_id: messageId,
        content,
        reasoning,
        status: 'done',
        finish_reason: finishReason,
        points: job.debit.points,
      });
      if (job.config.suggest_questions && content !== '') {
        const exchange = { question: textOf(messages.at(-1)), answer: content };
        // After the reply has let go of the conversation: the next message need not wait for them.
        return () => suggest(job, exchange);
      }
    } catch (error) {
      if (signal.aborted || isLlmError(error, 'aborted')) {
        // Stopped by the user: the text so far is the answer, and its points are spent.
        await finish({ status: 'stopped', finishReason: 'stop' });
        await announce({
          type: 'done',
          message_id: messageId,
          content,
          reasoning,
          status: 'stopped',
          finish_reason: 'stop',
          points: job.debit.points,
        });
        return;
      }
      const name: ErrorName =
        error instanceof Withdrawn
          ? 'MESSAGE_WITHDRAWN'
          : isThinkingFailure(error, reasoning, content)
            ? 'THINKING_ERROR'
            : isLlmError(error) && error.kind !== 'aborted'
              ? ERROR_OF_KIND[error.kind]
              : 'SYSTEM_BUSY';
      if (error instanceof Withdrawn) log.info({ conversationId }, 'chat reply withdrawn by moderation');
      else if (isLlmError(error)) log.warn({ err: error, conversationId }, 'chat reply failed');
      else log.error({ err: error, conversationId }, 'chat reply failed');
      await refundPoints(db, job.debit);
      identityCacheOf(db).forgetTeamAccounts(job.debit.teamId);
      await finish({ status: 'failed', errorCode: ERRORS[name].code, points: 0 });
      await announce({
        type: 'error',
        message_id: messageId,
        code: ERRORS[name].code,
        msg: translate(job.locale, `error.${ERRORS[name].key}`),
      });
    }
  }

  return {
    /**
     * Holds a place for one of the team's replies; false when the team has as many generating as it
     * may (system busy). `start` takes the place over; `release` gives back one never started.
     */
    reserve(teamId: number) {
      const load = teamLoad.get(teamId) ?? 0;
      if (load >= teamMaxReplies) return false;
      teamLoad.set(teamId, load + 1);
      return true;
    },
    release,

    /** Starts generating in a place `reserve` held; answers at once. */
    start(job: Generation) {
      const controller = new AbortController();
      const lost = (error: unknown) => {
        log.error({ err: error, conversationId: job.conversationId }, 'chat reply lost');
        return undefined;
      };
      const reply = run(job, controller.signal)
        .catch(lost)
        .finally(() => {
          running.delete(job.conversationId);
          release(job.debit.teamId);
        });
      running.set(job.conversationId, { controller, done: reply.then(() => undefined) });
      // What follows the reply runs once the conversation is free again.
      void reply.then((followUp) => {
        if (!followUp) return;
        const pending = followUp().catch(lost);
        followUps.add(pending);
        void pending.finally(() => followUps.delete(pending));
      });
    },

    isRunning: (conversationId: string) => running.has(conversationId),

    /** Replies generating in this process now. */
    streamingCount: () => running.size,

    /** Stops the conversation's reply and waits until it is saved; false when none was running. */
    async stop(conversationId: string) {
      const current = running.get(conversationId);
      if (!current) return false;
      current.controller.abort();
      await current.done;
      return true;
    },

    /** Waits for the conversation's reply to end (tests, shutdown). */
    settled: (conversationId: string) => running.get(conversationId)?.done ?? Promise.resolve(),

    /** Stops every reply (the server is closing). */
    async close() {
      const all = [...running.values()];
      for (const current of all) current.controller.abort();
      await Promise.all(all.map((current) => current.done));
      await Promise.all([...followUps]);
    },
  };
}

export type ChatRunner = ReturnType<typeof createChatRunner>;

/** A reply still `streaming` this long after it started is no longer running anywhere. */
export const staleReplyAfterMs = (llmTimeoutMs: number) => llmTimeoutMs + 60_000;

/**
 * The conversation's reply still marked `streaming`, if any. One whose process died (older than
 * `staleAfterMs`) is marked failed and refunded, and no longer counts.
 */
export async function runningReply(tx: Tx, conversation: ConversationRow, staleAfterMs: number) {
  const [reply] = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.status, 'streaming')))
    .limit(1);
  if (!reply) return undefined;
  if (Date.now() - reply.createdAt.getTime() < staleAfterMs) return reply;
  await tx
    .update(chatMessages)
    .set({ status: 'failed', errorCode: ERRORS.SYSTEM_BUSY.code, points: 0 })
    .where(eq(chatMessages.id, reply.id));
  await refundPoints(tx, {
    teamId: conversation.teamId,
    userId: conversation.userId,
    agentId: conversation.agentId,
    conversationId: conversation.id,
    messageId: reply.id,
    modelId: reply.modelId,
    points: reply.points,
  });
  return undefined;
}
