import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { until } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { callJson } from '../../../db/json-row.ts';
import { chatMessages, pointsLedger, serverProcesses, teamPoints } from '../../../db/schema.ts';
import { createRealtime } from '../../../platform/realtime/realtime.ts';

const HEARTBEAT_MS = 200;
const published: { channel: string; data: ChatPublication }[] = [];
/** Runs when a reply's `done` is published, before the publication call answers. */
let onDone: ((publication: ChatPublication & { type: 'done' }) => Promise<void>) | undefined;
const ctx = useTestApp({ PROCESS_HEARTBEAT_MS: String(HEARTBEAT_MS) }, (config) => {
  const realtime = createRealtime({ config: config.realtime, log: pino({ level: 'silent' }) });
  return {
    realtime: {
      ...realtime,
      publisher: {
        async publish(channel, data) {
          const publication = data as ChatPublication;
          if (channel.startsWith('chat:')) published.push({ channel, data: publication });
          await realtime.publisher.publish(channel, data);
          if (publication.type === 'done') await onDone?.(publication);
        },
        broadcast: (channels, data) => realtime.publisher.broadcast(channels, data),
      },
    },
  };
});
const fakes = useFakeModels(ctx);
const { call, data, chatSetup, messagesOf, replyWhen, settledReply } = chatApi(ctx, fakes);

const FREE_POINTS = 1000;
const POINTS = 3;

const send = (token: string, payload: object) => call('POST', '/api/chat/agent-send-message', token, payload);

/** The team's balance, and what its ledger says it should be. */
async function pointsOf(teamId: number) {
  const { db } = ctx.database;
  const [row] = await db.select().from(teamPoints).where(eq(teamPoints.teamId, teamId));
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.teamId, teamId));
  return { balance: row!.balance, fromLedger: FREE_POINTS + ledger!.sum };
}

/** A process row as another node that beat `secondsAgo` ago would have left it. */
async function otherProcess(secondsAgo: number) {
  const id = `other-${Math.random().toString(36).slice(2)}`;
  await ctx.database.db.insert(serverProcesses).values({
    id,
    heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
  });
  return id;
}

/** A reply `ownerId` is generating, as that process saved it when it started. */
async function streamingReply(
  conversationId: string,
  ownerId: string,
  fields: Partial<typeof chatMessages.$inferInsert> = {},
) {
  const [reply] = await ctx.database.db
    .insert(chatMessages)
    .values({
      conversationId,
      role: 'assistant',
      status: 'streaming',
      modelId: fakes.model.chat,
      ownerId,
      ...fields,
    })
    .returning({ id: chatMessages.id });
  return reply!;
}

/** The process stops beating: its lease ran out an hour ago. */
const stopBeating = (processId: string) =>
  ctx.database.db
    .update(serverProcesses)
    .set({ heartbeatAt: sql`now() - interval '1 hour'` })
    .where(eq(serverProcesses.id, processId));

describe('a reply that ends', () => {
  it('lets go of its conversation before its end is published: a send made on seeing it goes through', async () => {
    const { owner, agentId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    const codes: number[] = [];
    const finished = new Promise<void>((resolve) => {
      // A client that sends the moment it sees `done`, five times over. The first reply's `done` is not
      // one of them: its end is saved, which is what `settledReply` waits for, before it is published.
      onDone = async (publication) => {
        if (publication.message_id === first.assistant_message_id) return;
        if (codes.length === 5) {
          onDone = undefined;
          resolve();
          return;
        }
        const next = await send(owner.token, { conversation_id: first.conversation_id, content: 'again' });
        codes.push(next.body.code);
        if (next.body.code !== 0) resolve();
      };
    });
    await send(owner.token, { conversation_id: first.conversation_id, content: 'two' });
    await finished;
    onDone = undefined;
    expect(codes).toEqual([0, 0, 0, 0, 0]);
  });

  // On PostgreSQL only: PGlite runs one statement at a time, so nothing reads the saved end before the
  // reply has let go (the loaded run that found this was on PostgreSQL).
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'takes a send made on reading its saved end while it is still letting go of the conversation',
    async () => {
      const { owner, agentId } = await chatSetup();
      const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
      await settledReply(owner.token, first.conversation_id);
      const { db } = ctx.database;
      // A change to a conversation takes 300 ms: the reply's end is saved, and readable, that long
      // before it lets go (it touches the conversation in between).
      await db.execute(sql`create function slow_touch() returns trigger language plpgsql
        as $$ begin perform pg_sleep(0.3); return new; end $$`);
      await db.execute(sql`create trigger slow_touch before update on conversations
        for each row execute function slow_touch()`);
      try {
        await send(owner.token, { conversation_id: first.conversation_id, content: 'two' });
        await replyWhen(
          owner.token,
          first.conversation_id,
          (reply) => reply.content.includes('two') && reply.status === 'done',
          'the saved end',
        );
        const next = await send(owner.token, { conversation_id: first.conversation_id, content: 'three' });
        expect(next.body.code).toBe(0);
        expect((await settledReply(owner.token, first.conversation_id)).content).toContain('three');
      } finally {
        await db.execute(sql`drop trigger slow_touch on conversations`);
        await db.execute(sql`drop function slow_touch()`);
      }
    },
  );
});

describe('a reply whose process is gone', () => {
  it('is failed, refunded and published as failed within a heartbeat or two, and the conversation goes on', async () => {
    const { owner, agentId, teamId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    // What a node that died mid-reply leaves: its row, no longer renewed, and a debited streaming reply.
    const gone = await otherProcess(3600);
    await ctx.database.db.execute(
      sql`update team_points set balance = balance - ${POINTS} where team_id = ${teamId}`,
    );
    const orphan = await streamingReply(first.conversation_id, gone, {
      content: 'Echo: half',
      points: POINTS,
    });
    await ctx.database.db.execute(sql`insert into points_ledger (team_id, conversation_id, message_id, points, reason)
      values (${teamId}, ${first.conversation_id}, ${orphan.id}, ${-POINTS}, 'chat_reply')`);

    const failed = await settledReply(owner.token, first.conversation_id);
    expect(failed).toMatchObject({
      id: orphan!.id,
      status: 'failed',
      error_code: ERRORS.SYSTEM_BUSY.code,
      points: 0,
    });
    await until(
      async () =>
        published.find(
          (p) =>
            p.channel === `chat:${first.conversation_id}` &&
            p.data.type === 'error' &&
            p.data.message_id === orphan!.id,
        ),
      'the failure published',
    );
    expect(await pointsOf(teamId)).toEqual({
      balance: FREE_POINTS - POINTS,
      fromLedger: FREE_POINTS - POINTS,
    });
    const [row] = await ctx.database.db.select().from(serverProcesses).where(eq(serverProcesses.id, gone));
    expect(row).toBeUndefined();
    expect(
      (await send(owner.token, { conversation_id: first.conversation_id, content: 'two' })).body.code,
    ).toBe(0);
  });

  it('holds its conversation while its process beats; once it stops beating a send takes it back', async () => {
    const { owner, agentId, teamId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    // A beat an hour ahead: a live node whose lease outlasts the test however slowly a busy machine runs it
    // (the 200 ms beats of this file would call a row written once gone after 600 ms).
    const other = await otherProcess(-3600);
    const held = await streamingReply(first.conversation_id, other);
    const refused = await send(owner.token, { conversation_id: first.conversation_id, content: 'two' });
    expect(refused.body.code).toBe(ERRORS.REPLY_IN_PROGRESS.code);

    await stopBeating(other);
    const next = await send(owner.token, { conversation_id: first.conversation_id, content: 'three' });
    expect(next.body.code).toBe(0);
    const messages = await messagesOf(owner.token, first.conversation_id);
    expect(messages.find((m) => m.id === held.id)?.status).toBe('failed');
    await settledReply(owner.token, first.conversation_id);
    const points = await pointsOf(teamId);
    expect(points.balance).toBe(points.fromLedger);
  });

  // Two connections at once: PGlite has one.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'lets a send through when a sweep is taking back its conversation’s dead reply at that moment',
    async () => {
      const { owner, agentId } = await chatSetup();
      const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
      await settledReply(owner.token, first.conversation_id);
      const other = await otherProcess(-3600);
      const held = await streamingReply(first.conversation_id, other);

      // A sweep (another process's, or this one's next beat) holds the dead reply while it fails it.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const sweep = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from chat_messages where id = ${held.id} for update`);
        locked();
        await released;
        await tx.update(chatMessages).set({ status: 'failed' }).where(eq(chatMessages.id, held.id));
      });
      await isLocked;
      // Its process dies only now, so no sweep but the one holding the reply can take it.
      await stopBeating(other);
      const sent = send(owner.token, { conversation_id: first.conversation_id, content: 'two' });
      let hasAnswered = false;
      void sent.finally(() => {
        hasAnswered = true;
      });
      // The send waits for the sweep's lock (or answered without waiting), then the sweep commits.
      await until(async () => {
        if (hasAnswered) return true;
        const waiting = await callJson<number>(
          ctx.database.db,
          sql`select count(*)::int as value from pg_stat_activity where wait_event_type = 'Lock'`,
        );
        return waiting! > 0 ? true : undefined;
      }, 'the send waiting for the sweep');
      release();
      await sweep;
      expect((await sent).body.code).toBe(0);
      await settledReply(owner.token, first.conversation_id);
    },
  );

  it('is ended by Stop, even before a sweep comes to it', async () => {
    const { owner, agentId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'one' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    await streamingReply(first.conversation_id, 'never-registered');
    await data('POST', '/api/chat/stop-message', owner.token, { conversation_id: first.conversation_id });
    expect((await messagesOf(owner.token, first.conversation_id)).at(-1)?.status).toBe('failed');
  });
});
