import type { AgentConfig } from '@tandem/contract/agent';
import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS, type ErrorName } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { chatMessages, conversations } from '../../../db/schema.ts';
import { identityCacheOf } from '../../../platform/auth/identity-cache.ts';
import type { NodeBus } from '../../../platform/bus/node-bus.ts';
import type { ServerProcess } from '../../../platform/cluster/server-process.ts';
import { isLlmError, type Llm, type LlmMessage } from '../../../platform/llm/llm.ts';
import { estimateTokens } from '../../../platform/llm/token-estimate.ts';
import type { Moderation } from '../../../platform/moderation/moderation.ts';
import type { Realtime } from '../../../platform/realtime/realtime.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import {
  agentMessages,
  agentParams,
  agentSystemPrompt,
  ERROR_OF_KIND,
  withKnowledge,
} from '../../agent/index.ts';
import type { KnowledgeAsk, KnowledgeSource } from '../../knowledge/index.ts';
import type { LedgerEntry } from '../../quotas/index.ts';
import { createAttachmentReader } from './attachments.ts';
import type { Turn } from './exchange.ts';
import { failOrphanedReplies, failReply } from './failed-replies.ts';
import { saveCitations } from './knowledge-replies.ts';
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

/** `ending`: set once the reply is saving its end, resolved when it lets go of the conversation. */
type Running = { controller: AbortController; done: Promise<void>; ending?: Promise<void> };

/** The longest a send waits for a reply that is saving its end to let go of the conversation. */
const LET_GO_WAIT_MS = 5_000;

/** A finished reply the moderation refused. */
class Withdrawn extends Error {}

/** Why a reply is aborted when the server stops: it fails and is refunded, where a user's Stop keeps it. */
const SHUTDOWN = 'shutdown';

/** Where a process hears Stop pressed on another node for a reply it generates. */
const stopTopic = (processId: string) => `chat-stop.${processId}`;
type StopMessage = { conversation_id: string };

/** How long Stop for a reply of another node waits for it to be saved before answering anyway. */
const REMOTE_STOP_WAIT_MS = 5000;

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
  storage: ObjectStorage;
  /** Checks each finished reply: one it flags is withdrawn. */
  moderation: Moderation;
  /** This process, which owns the replies it generates; those of processes that are gone are failed. */
  owner: ServerProcess;
  /** Carries Stop to the node that generates the reply. */
  bus: NodeBus;
  /**
   * Told of every reply that ends with text of its own, finished or stopped, once its end is
   * published (a web builder's reply makes a version of the conversation's site). Never fails the reply.
   */
  afterReply?: (reply: {
    conversationId: string;
    messageId: number;
    content: string;
    config: AgentConfig;
  }) => Promise<unknown>;
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
  storage,
  moderation,
  owner,
  bus,
  afterReply,
}: ChatRunnerDeps) {
  const readImages = createAttachmentReader(db, storage);
  /** The replies generating, by conversation, until they let go of it. */
  const running = new Map<string, Running>();
  /** Every reply until its last publication, and the work after one (its suggested questions). */
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
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

  /**
   * Fails and refunds the `streaming` replies of processes that are gone (all, or the conversation's)
   * and tells the pages showing them, which would otherwise offer Stop for a reply nothing generates.
   * True when there was one.
   */
  async function takeBack(conversationId?: string) {
    const code = ERRORS.SYSTEM_BUSY.code;
    const failed = await failOrphanedReplies(db, owner.isGone(chatMessages.ownerId), code, conversationId);
    for (const reply of failed) {
      identityCacheOf(db).forgetTeamAccounts(reply.teamId);
      // The reader's language is not known here: the page says it in its own words for the code.
      await publish(reply.conversationId, { type: 'error', message_id: reply.messageId, code, msg: '' });
    }
    if (failed.length > 0) log.warn({ replies: failed.length }, 'replies of stopped processes failed');
    return failed.length > 0;
  }

  // Stop pressed on another node for one of this process's replies.
  const stopHeard = bus.subscribe(stopTopic(owner.id), (payload) => {
    running.get((payload as StopMessage).conversation_id)?.controller.abort();
  });

  /**
   * Stop for a reply this process does not generate: a dead process's is failed and refunded; a live
   * one's owner is told, and the answer waits (a while) for the reply to be saved as stopped.
   */
  async function stopElsewhere(conversationId: string) {
    if (await takeBack(conversationId)) return true;
    const streaming = () =>
      db
        .select({ id: chatMessages.id, ownerId: chatMessages.ownerId })
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.status, 'streaming')));
    const [reply] = await streaming();
    if (!reply?.ownerId || reply.ownerId === owner.id) return false;
    await bus.publish(stopTopic(reply.ownerId), { conversation_id: conversationId } satisfies StopMessage);
    const deadline = Date.now() + REMOTE_STOP_WAIT_MS;
    while (Date.now() < deadline && (await streaming()).some((row) => row.id === reply.id)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
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
      let isHeld = true;
      let freed = () => {};
      const free = new Promise<void>((resolve) => {
        freed = resolve;
      });
      const letGo = () => {
        if (!isHeld) return;
        isHeld = false;
        if (running.get(job.conversationId)?.controller === controller) running.delete(job.conversationId);
        release(job.debit.teamId);
        freed();
      };
      const ending = () => {
        const current = running.get(job.conversationId);
        if (current?.controller === controller) current.ending = free;
      };
      const lost = async (error: unknown) => {
        log.error({ err: error, conversationId: job.conversationId }, 'chat reply lost');
        // Not left streaming with a live owner, where no sweep would take it back.
        await failReply(db, job.debit, ERRORS.SYSTEM_BUSY.code).catch(() => {});
        return undefined;
      };
      const reply = run(job, controller.signal, letGo, ending).catch(lost).finally(letGo);
      running.set(job.conversationId, { controller, done: reply.then(() => undefined) });
      track(reply);
      // What follows the reply runs once the conversation is free again.
      void reply.then((followUp) => {
        if (followUp) track(followUp().catch(lost));
      });
    },

    /**
     * Whether a reply holds the conversation, so that a send must be refused. One saving its end is
     * waited for (a database write or two): whoever read that end may send at once.
     */
    async isBusy(conversationId: string) {
      const ending = running.get(conversationId)?.ending;
      if (ending) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const waited = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, LET_GO_WAIT_MS);
        });
        await Promise.race([ending, waited]).finally(() => clearTimeout(timer));
      }
      return running.has(conversationId);
    },

    /** Replies generating in this process now. */
    streamingCount: () => running.size,

    /**
     * Stops the conversation's reply, wherever it is generated, and waits until it is saved; false
     * when none was running. A reply whose process is gone is failed and refunded instead.
     */
    async stop(conversationId: string) {
      const current = running.get(conversationId);
      if (!current) return stopElsewhere(conversationId);
      current.controller.abort();
      await current.done;
      return true;
    },

    /** Waits for the conversation's reply to end (tests). */
    settled: (conversationId: string) => running.get(conversationId)?.done ?? Promise.resolve(),

    /**
     * Fails and refunds the replies of processes that are gone: all (every heartbeat), or the
     * conversation's (a send that found it `streaming`); true when there was one.
     */
    takeBackOrphans: (conversationId?: string) => takeBack(conversationId),

    /**
     * Closes for a server that stops: replies may finish for `graceMs`, then the rest fail and are
     * refunded; answers once each has published its end.
     */
    async close(graceMs = 0) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all([...running.values()].map((current) => current.done)), graceOver]);
      clearTimeout(timer);
      for (const current of running.values()) current.controller.abort(SHUTDOWN);
      while (pending.size > 0) await Promise.all([...pending]);
      stopHeard();
    },
  };
}

export type ChatRunner = ReturnType<typeof createChatRunner>;
