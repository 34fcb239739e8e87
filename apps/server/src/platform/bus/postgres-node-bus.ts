import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { NodeBus } from './node-bus.ts';
import { assertTopic, TopicHandlers } from './topic-handlers.ts';

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

export type PostgresBusOptions = {
  /** The database all nodes share; the bus listens on a connection of its own to it. */
  url: string;
  /** Where notifications are sent from (the app's pool). */
  db: Db;
  log?: Log;
  /** How often the listening connection is checked; a dead one is replaced. */
  heartbeatMs?: number;
};

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a longer message goes in parts. */
const PART_BYTES = 7900;
/** Notifications per statement: a burst goes out in few round trips, a statement stays small. */
const BATCH_NOTIFICATIONS = 200;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** Parts of a message never completed (a listener that dropped in between) are let go after this. */
const PARTIAL_TTL_MS = 60_000;

/** `tandem.<topic>`, quoted: LISTEN takes an identifier, pg_notify the same name as text. */
const channelOf = (topic: string) => `tandem.${topic}`;

type Outgoing = { channel: string; parts: string[]; sent: () => void };

/**
 * The bus over PostgreSQL LISTEN/NOTIFY. A message is JSON cut into parts of at most 7900 bytes, each
 * one notification `<message id> <part> <parts> <text>`; all parts of a message, and every message
 * queued meanwhile, go out in one statement, so one transaction: PostgreSQL delivers them together,
 * in order, to every listening node, this one included. Publications from one node are sent one
 * statement after another, which keeps their order. Nothing is stored: a node that is not listening
 * when a message goes out misses it (see `onResume`).
 */
export function createPostgresNodeBus({ url, db, log, heartbeatMs = 15_000 }: PostgresBusOptions): NodeBus {
  const nodeId = randomUUID();
  const handlers = new TopicHandlers((error, topic) =>
    log?.error({ err: error, topic }, 'bus handler failed'),
  );
  const resumeListeners = new Set<() => void>();
  const partials = new Map<string, { parts: string[]; received: number; startedAt: number }>();
  let sequence = 0;
  let isClosed = false;

  let listener: pg.Client | undefined;
  /** LISTEN and UNLISTEN commands, one after another on the listening connection. */
  let listening: Promise<void>;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function receive(channel: string, text: string | undefined) {
    if (!channel.startsWith('tandem.') || !text) return;
    const [id = '', index, count] = text.split(' ', 3);
    const body = text.slice(id.length + (index?.length ?? 0) + (count?.length ?? 0) + 3);
    const total = Number(count);
    let json = body;
    if (total > 1) {
      const now = Date.now();
      let partial = partials.get(id);
      if (!partial) {
        for (const [key, stale] of partials) if (now - stale.startedAt > PARTIAL_TTL_MS) partials.delete(key);
        partial = { parts: new Array<string>(total).fill(''), received: 0, startedAt: now };
        partials.set(id, partial);
      }
      partial.parts[Number(index)] = body;
      if (++partial.received < total) return;
      partials.delete(id);
      json = partial.parts.join('');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch (error) {
      log?.error({ err: error, channel }, 'bus message unreadable');
      return;
    }
    handlers.deliver(channel.slice('tandem.'.length), payload);
  }

  function command(text: string) {
    listening = listening.then(async () => {
      try {
        await listener?.query(text);
      } catch (error) {
        // The connection is going: the reconnect listens to every topic again.
        log?.warn({ err: error }, 'bus listen failed');
      }
    });
  }

  async function connect() {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => receive(message.channel, message.payload));
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const topic of handlers.topics()) await client.query(`listen "${channelOf(topic)}"`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (isClosed) {
      await client.end().catch(() => {});
      return;
    }
    const isResumed = listener !== undefined || reconnectDelay > RECONNECT_MIN_MS;
    listener = client;
    reconnectDelay = RECONNECT_MIN_MS;
    if (isResumed) for (const resume of resumeListeners) resume();
  }

  function lost(client: pg.Client, error?: unknown) {
    if (client !== listener && listener !== undefined) return;
    if (isClosed || reconnectTimer) return;
    log?.warn({ err: error }, 'bus connection lost; reconnecting');
    // Marks the bus as resuming: the next successful connect tells the resume listeners.
    listener = undefined;
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    const delay = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listening = listening.then(connect);
    }, delay);
    reconnectTimer.unref();
  }

  const heartbeat = setInterval(() => {
    const client = listener;
    if (!client) return;
    const timeout = setTimeout(() => lost(client, new Error('bus heartbeat timed out')), heartbeatMs);
    client.query('select 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        lost(client, error);
      },
    );
  }, heartbeatMs).unref();

  listening = connect();

  const queue: Outgoing[] = [];
  let flushing: Promise<void> | undefined;

  /** Sends what is queued, batch after batch; `flushing` is unset in the same step the queue is seen empty. */
  async function flush() {
    while (queue.length > 0) {
      const batch: Outgoing[] = [];
      let notifications = 0;
      while (
        queue.length > 0 &&
        (batch.length === 0 || notifications + queue[0]!.parts.length <= BATCH_NOTIFICATIONS)
      ) {
        const next = queue.shift()!;
        batch.push(next);
        notifications += next.parts.length;
      }
      const calls = batch.flatMap(({ channel, parts }) =>
        parts.map((part) => sql`pg_notify(${channel}, ${part})`),
      );
      try {
        await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
      } catch (error) {
        log?.error({ err: error, messages: batch.length }, 'bus publish failed');
      }
      for (const { sent } of batch) sent();
    }
    flushing = undefined;
  }

  return {
    nodeId,
    isLocal: false,
    publish(topic, payload) {
      assertTopic(topic);
      if (isClosed) return Promise.resolve();
      const id = `${nodeId.slice(0, 8)}.${(sequence++).toString(36)}`;
      const parts = splitUtf8(JSON.stringify(payload ?? null), PART_BYTES - id.length - 24);
      const sent = new Promise<void>((resolve) => {
        queue.push({
          channel: channelOf(topic),
          parts: parts.map((part, index) => `${id} ${index} ${parts.length} ${part}`),
          sent: resolve,
        });
      });
      flushing ??= flush();
      return sent;
    },

    subscribe(topic, handler) {
      const { isFirst, remove } = handlers.add(topic, handler);
      if (isFirst) command(`listen "${channelOf(topic)}"`);
      return () => {
        if (remove() && !isClosed) command(`unlisten "${channelOf(topic)}"`);
      };
    },

    onResume(resume) {
      resumeListeners.add(resume);
      return () => resumeListeners.delete(resume);
    },

    whenListening: () => listening,

    async close() {
      isClosed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnectTimer);
      await flushing;
      await listening.catch(() => {});
      const client = listener;
      listener = undefined;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
      }
    },
  };
}

/** `text` in pieces of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  if (Buffer.byteLength(text) <= maxBytes) return [text];
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (bytes + size > maxBytes) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += character;
    bytes += size;
  }
  parts.push(current);
  return parts;
}
