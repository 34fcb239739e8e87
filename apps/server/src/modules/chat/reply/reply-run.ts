import type { AgentConfig } from '@tandem/contract/agent';
import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS, type ErrorName } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { and, eq } from 'drizzle-orm';
import { chatMessages, conversations } from '../../../db/schema.ts';
import { identityCacheOf } from '../../../platform/auth/identity-cache.ts';
import { isLlmError, type LlmMessage } from '../../../platform/llm/llm.ts';
import { estimateTokens } from '../../../platform/llm/token-estimate.ts';
import {
  agentMessages,
  agentParams,
  agentSystemPrompt,
  ERROR_OF_KIND,
  withKnowledge,
} from '../../agent/index.ts';
import type { KnowledgeAsk, KnowledgeSource } from '../../knowledge/index.ts';
import type { LedgerEntry } from '../../quotas/index.ts';
import type { createAttachmentReader } from './attachments.ts';
import type { Turn } from './exchange.ts';
import { failReply } from './failed-replies.ts';
import { saveCitations } from './knowledge-replies.ts';
import type { ChatRunnerDeps } from './runner.ts';
import { suggestNextQuestions } from './suggestions.ts';

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
  debit: LedgerEntry & { messageId: number };
  locale: Locale;
  /** The projects and document the reply may draw on; none without it. */
  knowledge?: KnowledgeAsk;
};

/** A finished reply the moderation refused. */
class Withdrawn extends Error {}

/** Why a reply is aborted when the server stops: it fails and is refunded, where a user's Stop keeps it. */
export const SHUTDOWN = 'shutdown';

/**
 * The model broke off while a reasoning model was thinking, before it had answered anything (a timeout
 * stays a timeout).
 */
const isThinkingFailure = (error: unknown, reasoning: string, content: string) =>
  reasoning !== '' && content === '' && !isLlmError(error, 'timeout');

/** What a reply's run needs: the runner's own parts, and how it publishes on the conversation's channel. */
export type ReplyRunDeps = Pick<ChatRunnerDeps, 'db' | 'llm' | 'log' | 'moderation' | 'afterReply'> & {
  readImages: ReturnType<typeof createAttachmentReader>;
  publish: (conversationId: string, publication: ChatPublication) => Promise<unknown>;
};

/**
 * One reply's run: the model's input (the prompt, knowledge, turns that fit, images), the stream
 * published delta by delta and saved as it grows, and its end (done, stopped, withdrawn or failed and
 * refunded), then what follows it (the site build, the next questions). The runner (`runner.ts`)
 * decides when a reply may run and holds the conversation meanwhile.
 */
export function createReplyRun({ db, llm, log, moderation, afterReply, readImages, publish }: ReplyRunDeps) {
  /**
   * The agent's prompt, the turns, and each user turn's images beside it. The oldest turns give way
   * while the whole would not fit the model's context (estimated, as the send's own check is), so a
   * long conversation goes on rather than failing at the provider.
   */
  async function modelMessages(job: Generation, sources: KnowledgeSource[]): Promise<LlmMessage[]> {
    const config = await withKnowledge(db, job, sources);
    const turns = fitting(
      job.turns.filter((turn) => turn.content !== '' || turn.attachments.length > 0),
      job.inputTokens - estimateTokens(agentSystemPrompt(config)),
    );
    const messages = agentMessages(
      config,
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

  /** Hands the reply's text on (see `afterReply`), after its end is published; a failure is logged. */
  async function handOver(job: Generation, content: string) {
    if (!afterReply || content === '') return;
    try {
      await afterReply({
        conversationId: job.conversationId,
        messageId: job.messageId,
        content,
        config: job.config,
      });
    } catch (error) {
      log.error({ err: error, conversationId: job.conversationId }, 'reply not handed over');
    }
  }

  /** The conversation's reply is over: touched, so the conversations list shows it first. */
  const touch = (conversationId: string) =>
    db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, conversationId));

  /**
   * Generates the reply; answers what is left to do once it has let go of the conversation. `letGo`
   * frees the conversation for the next message once the reply's end is saved and before it is
   * published: a client that sends the moment it sees the end must not be told a reply is running.
   * `ending` says the end is being saved: a send from someone who already read it (the saved reply,
   * on another node, a moment before this process hears back) waits for `letGo` instead of a refusal.
   */
  async function run(
    job: Generation,
    signal: AbortSignal,
    letGo: () => void,
    ending: () => void,
  ): Promise<(() => Promise<void>) | undefined> {
    const { conversationId, messageId } = job;
    let content = '';
    let reasoning = '';
    let savedAt = Date.now();
    const save = (values: Partial<typeof chatMessages.$inferInsert>) =>
      db.update(chatMessages).set(values).where(eq(chatMessages.id, messageId));
    /** Saves the end; false when the reply had been ended elsewhere (failed as a dead process's). */
    const finish = async (values: Partial<typeof chatMessages.$inferInsert>) => {
      ending();
      const [saved] = await db
        .update(chatMessages)
        .set({ content, reasoning, ...values })
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming')))
        .returning({ id: chatMessages.id });
      await touch(conversationId);
      letGo();
      if (!saved) log.warn({ conversationId }, 'chat reply ended elsewhere while generating');
      return saved !== undefined;
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
    const sources: KnowledgeSource[] = [];
    try {
      messages = await modelMessages(job, sources);
      let finishReason: string | null = null;
      for await (const chunk of llm.stream({
        modelId: job.modelId,
        messages,
        params: agentParams(job.config),
        signal,
      })) {
        if (chunk.type === 'text') {
          const at = content.length;
          content += chunk.text;
          await announce({ type: 'delta', message_id: messageId, content: chunk.text, at });
        } else if (chunk.type === 'reasoning') {
          const at = reasoning.length;
          reasoning += chunk.text;
          await announce({ type: 'reasoning', message_id: messageId, content: chunk.text, at });
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
      const citations = await saveCitations(db, job, content, sources);
      if (!(await finish({ status: 'done', finishReason }))) return;
      await announce({
        type: 'done',
        message_id: messageId,
        content,
        reasoning,
        status: 'done',
        finish_reason: finishReason,
        points: job.debit.points,
        ...citations,
      });
      await handOver(job, content);
      if (job.config.suggest_questions && content !== '') {
        const exchange = { question: textOf(messages.at(-1)), answer: content };
        // After the reply has let go of the conversation: the next message need not wait for them.
        return () => suggest(job, exchange);
      }
    } catch (error) {
      const isShutdown = signal.aborted && signal.reason === SHUTDOWN;
      if (!isShutdown && (signal.aborted || isLlmError(error, 'aborted'))) {
        // Stopped by the user: the text so far is the answer, and its points are spent.
        const citations = await saveCitations(db, job, content, sources);
        if (!(await finish({ status: 'stopped', finishReason: 'stop' }))) return;
        await announce({
          type: 'done',
          message_id: messageId,
          content,
          reasoning,
          status: 'stopped',
          finish_reason: 'stop',
          points: job.debit.points,
          ...citations,
        });
        await handOver(job, content);
        return;
      }
      const name: ErrorName = isShutdown
        ? 'SYSTEM_BUSY'
        : error instanceof Withdrawn
          ? 'MESSAGE_WITHDRAWN'
          : isThinkingFailure(error, reasoning, content)
            ? 'THINKING_ERROR'
            : isLlmError(error) && error.kind !== 'aborted'
              ? ERROR_OF_KIND[error.kind]
              : 'SYSTEM_BUSY';
      if (isShutdown) log.info({ conversationId }, 'chat reply cut by the server stopping');
      else if (error instanceof Withdrawn) log.info({ conversationId }, 'chat reply withdrawn by moderation');
      else if (isLlmError(error)) log.warn({ err: error, conversationId }, 'chat reply failed');
      else log.error({ err: error, conversationId }, 'chat reply failed');
      ending();
      const isFailed = await failReply(db, job.debit, ERRORS[name].code, { content, reasoning });
      identityCacheOf(db).forgetTeamAccounts(job.debit.teamId);
      await touch(conversationId);
      letGo();
      if (!isFailed) return;
      await announce({
        type: 'error',
        message_id: messageId,
        code: ERRORS[name].code,
        msg: translate(job.locale, `error.${ERRORS[name].key}`),
      });
    }
  }

  return run;
}
