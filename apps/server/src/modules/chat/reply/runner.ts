import type { AgentConfig } from '@tandem/contract/agent';
import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { chatMessages } from '../../../db/schema.ts';
import { identityCacheOf } from '../../../platform/auth/identity-cache.ts';
import type { NodeBus } from '../../../platform/bus/node-bus.ts';
import type { ServerProcess } from '../../../platform/cluster/server-process.ts';
import type { Llm } from '../../../platform/llm/llm.ts';
import type { Moderation } from '../../../platform/moderation/moderation.ts';
import type { Realtime } from '../../../platform/realtime/realtime.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { createAttachmentReader } from './attachments.ts';
import { failOrphanedReplies, failReply } from './failed-replies.ts';
import { createReplyRun, type Generation, SHUTDOWN } from './reply-run.ts';

/** `ending`: set once the reply is saving its end, resolved when it lets go of the conversation. */
type Running = { controller: AbortController; done: Promise<void>; ending?: Promise<void> };

/** The longest a send waits for a reply that is saving its end to let go of the conversation. */
const LET_GO_WAIT_MS = 5_000;

/** Where a process hears Stop pressed on another node for a reply it generates. */
const stopTopic = (processId: string) => `chat-stop.${processId}`;
type StopMessage = { conversation_id: string };

/** How long Stop for a reply of another node waits for it to be saved before answering anyway. */
const REMOTE_STOP_WAIT_MS = 5000;

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

  const run = createReplyRun({ db, llm, log, moderation, afterReply, readImages, publish });

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
