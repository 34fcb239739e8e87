import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { SERVER_VERSION } from '../../paths.ts';
import type { RealtimeTokens } from './connection-tokens.ts';
import { ChannelHistory, type HistoryOptions } from './history.ts';
import { HubConnection, textFrame } from './hub-connection.ts';
import {
  type Command,
  type ConnectRequest,
  DISCONNECT,
  type Disconnect,
  decodeCommand,
  encodeError,
  encodeInsufficientState,
  encodePublication,
  encodeReply,
  encodeServerUnsubscribe,
  encodeSubscribeReply,
  PING_FRAME,
  REPLY_ERROR,
  type SubscribeRequest,
} from './protocol.ts';
import type { RealtimePublisher } from './publisher.ts';

/** Who a connection is: its token's subject (a user id as text, or `visitor-…`) and session. */
export type HubSubject = { userId: string; sessionId: number | undefined };

/** Where the `centrifuge` client connects, as on Centrifugo. */
export const HUB_PATH = '/connection/websocket';

export type HubOptions = {
  tokens: RealtimeTokens;
  /** Namespaces whose `…#<user id>` channels the named user may join without a subscription token. */
  userLimitedNamespaces?: readonly string[];
  /**
   * Namespaces whose channels keep a history with stream positions, and always recover and position
   * their subscribers (Centrifugo's `force_recovery` and `force_positioning`).
   */
  historyNamespaces?: readonly string[];
  history?: HistoryOptions;
  /** Centrifugo's defaults: ping every 25 s, a pong within 8 s. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** How long after its token's expiry a connection or subscription that was not refreshed stays. */
  expiredCloseDelayMs?: number;
  /** How long a socket may stay open without a successful connect command. */
  staleCloseDelayMs?: number;
  log?: { warn(object: object, message: string): void };
};

const MAX_FRAME_BYTES = 64 * 1024;
const MAX_CHANNEL_LENGTH = 255;
const MAX_CHANNELS_PER_CONNECTION = 128;
/** A client that lets this much pile up unread is dropped (Centrifugo's client_queue_max_size). */
const MAX_QUEUED_BYTES = 1024 * 1024;
const MAX_PENDING_FRAMES = 64;
const SWEEP_INTERVAL_MS = 1000;
/** Histories are swept every this many connection sweeps. */
const HISTORY_SWEEP_EVERY = 5;
const SHUTDOWN_GRACE_MS = 1000;
const TEXT_FRAME = { binary: false };
const PING = textFrame(PING_FRAME);

/**
 * The built-in realtime hub: speaks the Centrifugo client protocol over websockets, so the web
 * client's `centrifuge` SDK works unchanged against it or against a Centrifugo cluster. Channels
 * live in this process; on PostgreSQL the node bus brings every node's publications to every hub
 * (see bus-publisher.ts and docs/deploy.md).
 */
export class RealtimeHub implements RealtimePublisher {
  readonly #connections = new Set<HubConnection>();
  readonly #subscribers = new Map<string, Set<HubConnection>>();
  readonly #tokens: RealtimeTokens;
  readonly #userLimitedNamespaces: Set<string>;
  readonly #historyNamespaces: Set<string>;
  readonly #history: ChannelHistory;
  #sweeps = 0;
  readonly #pingIntervalMs: number;
  readonly #pongTimeoutMs: number;
  readonly #expiredCloseDelayMs: number;
  readonly #staleCloseDelayMs: number;
  readonly #log: HubOptions['log'];
  readonly #server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
    // JSON only: a client asking for the protobuf subprotocol gets none and gives up at once.
    handleProtocols: () => false,
  });
  readonly #sweep: NodeJS.Timeout;
  #isClosing = false;

  constructor(options: HubOptions) {
    this.#tokens = options.tokens;
    this.#userLimitedNamespaces = new Set(options.userLimitedNamespaces ?? []);
    this.#historyNamespaces = new Set(options.historyNamespaces ?? []);
    this.#history = new ChannelHistory(options.history);
    this.#pingIntervalMs = options.pingIntervalMs ?? 25_000;
    this.#pongTimeoutMs = options.pongTimeoutMs ?? 8000;
    this.#expiredCloseDelayMs = options.expiredCloseDelayMs ?? 25_000;
    this.#staleCloseDelayMs = options.staleCloseDelayMs ?? 10_000;
    this.#log = options.log;
    this.#sweep = setInterval(() => this.#sweepConnections(), SWEEP_INTERVAL_MS).unref();
  }

  /** Takes over an HTTP upgrade request for {@link HUB_PATH}. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.#isClosing) {
      socket.destroy();
      return;
    }
    this.#server.handleUpgrade(request, socket, head, (ws) => this.#accept(ws, socket));
  }

  async publish(channel: string, data: unknown): Promise<void> {
    const subscribers = this.#subscribers.get(channel);
    const hasHistory = this.#hasHistory(channel);
    if (!subscribers && !hasHistory) return;
    const json = JSON.stringify(data ?? null);
    // Kept without subscribers too: one who subscribes a moment late recovers it.
    const offset = hasHistory ? this.#history.append(channel, json).offset : undefined;
    if (!subscribers) return;
    // One websocket frame for every subscriber: a server's frames are unmasked, so the bytes are the same.
    const frame = textFrame(encodePublication(channel, json, offset));
    for (const connection of subscribers) this.#write(connection, frame);
  }

  /**
   * Forgets every channel's history, after publications may have been lost on the way here (the node
   * bus reconnected): new epochs make recoveries fail, and each subscriber of such a channel is told
   * to subscribe again (2500), so the client learns it missed something and reads the saved state.
   */
  invalidateHistory() {
    for (const channel of this.#history.clear()) {
      const message = encodeInsufficientState(channel);
      for (const connection of [...(this.#subscribers.get(channel) ?? [])]) {
        this.#unsubscribe(connection, channel);
        this.#send(connection, message);
      }
    }
  }

  async broadcast(channels: readonly string[], data: unknown): Promise<void> {
    for (const channel of channels) await this.publish(channel, data);
  }

  /**
   * After access changed: each connection `isNamed` picks is checked again, and closed for good
   * (`isLive` false: its session ended), or loses the channels it may no longer read (`keep` false).
   * User-limited channels stay: they are the user's own.
   */
  async recheck(
    isNamed: (connection: HubSubject) => boolean,
    isLive: (connection: HubSubject) => Promise<boolean>,
    keep: (userId: string, channel: string) => Promise<boolean>,
  ) {
    const affected = [...this.#connections].filter(
      (connection) =>
        connection.userId !== undefined &&
        isNamed({ userId: connection.userId, sessionId: connection.sessionId }),
    );
    await Promise.all(
      affected.map(async (connection) => {
        const userId = connection.userId!;
        if (!(await isLive({ userId, sessionId: connection.sessionId }))) {
          this.#disconnect(connection, DISCONNECT.revoked);
          return;
        }
        for (const channel of [...connection.channels.keys()]) {
          if (this.#isUserLimitedTo(channel, userId) || (await keep(userId, channel))) continue;
          this.#unsubscribe(connection, channel);
          this.#send(connection, encodeServerUnsubscribe(channel));
        }
      }),
    );
  }

  stats() {
    let subscriptions = 0;
    for (const subscribers of this.#subscribers.values()) subscriptions += subscribers.size;
    return {
      connections: this.#connections.size,
      channels: this.#subscribers.size,
      subscriptions,
      histories: this.#history.channelCount,
    };
  }

  /** Tells every client the server is going away (3001: they reconnect), then lets the sockets go. */
  async close() {
    this.#isClosing = true;
    clearInterval(this.#sweep);
    const sockets = [...this.#connections].map((connection) => connection.socket);
    for (const connection of [...this.#connections]) this.#disconnect(connection, DISCONNECT.shutdown);
    const closed = sockets.filter((s) => s.readyState !== s.CLOSED).map((s) => once(s, 'close'));
    await Promise.race([Promise.all(closed), sleep(SHUTDOWN_GRACE_MS)]);
    for (const socket of sockets) socket.terminate();
  }

  #accept(socket: WebSocket, stream: Duplex) {
    const connection = new HubConnection(socket, stream, randomUUID(), Date.now());
    this.#connections.add(connection);
    socket.on('message', (data, isBinary) => this.#receive(connection, data, isBinary));
    socket.on('close', () => this.#forget(connection));
    // A socket error is followed by 'close'; without a listener it would crash the process.
    socket.on('error', () => {});
  }

  #receive(connection: HubConnection, data: RawData, isBinary: boolean) {
    if (isBinary) {
      this.#disconnect(connection, DISCONNECT.badRequest);
      return;
    }
    // Commands wait for token checks; a client that sends faster than they finish is cut off.
    if (++connection.pendingFrames > MAX_PENDING_FRAMES) {
      this.#disconnect(connection, DISCONNECT.tooManyRequests);
      return;
    }
    const text = data.toString();
    connection.queue = connection.queue
      .then(() => this.#handleFrame(connection, text))
      .then(() => {
        connection.pendingFrames--;
      })
      .catch((error: unknown) => {
        this.#log?.warn({ err: error }, 'realtime command failed');
        this.#disconnect(connection, DISCONNECT.serverError);
      });
  }

  async #handleFrame(connection: HubConnection, text: string) {
    for (const line of text.split('\n')) {
      if (connection.isClosed) return;
      if (line.trim() === '') continue;
      const command = decodeCommand(line);
      if (!command) {
        this.#disconnect(connection, DISCONNECT.badRequest);
        return;
      }
      const reply = await this.#handleCommand(connection, command);
      if (reply) connection.replies.push(reply);
    }
    this.#sendReplies(connection);
  }

  #sendReplies(connection: HubConnection) {
    if (connection.replies.length > 0 && !connection.isClosed) {
      this.#send(connection, connection.replies.join('\n'));
    }
    connection.replies = [];
  }

  async #handleCommand(connection: HubConnection, command: Command): Promise<string | undefined> {
    if (command.method === 'pong') {
      connection.pingSentAt = 0;
      return undefined;
    }
    if (command.method === 'connect') return this.#connect(connection, command.id, command.params);
    const userId = connection.userId;
    if (userId === undefined) {
      this.#disconnect(connection, DISCONNECT.badRequest);
      return undefined;
    }
    switch (command.method) {
      case 'refresh':
        return this.#refresh(connection, command.id, command.params);
      case 'subscribe':
        return this.#subscribe(connection, userId, command.id, command.params);
      case 'sub_refresh':
        return this.#refreshSubscription(connection, userId, command.id, command.params);
      case 'unsubscribe':
        if (typeof command.params.channel !== 'string')
          return encodeError(command.id, REPLY_ERROR.badRequest);
        this.#unsubscribe(connection, command.params.channel);
        return encodeReply(command.id, 'unsubscribe', {});
      case 'ping':
        return encodeReply(command.id, 'ping', {});
      case 'unsupported':
        // Clients only listen: publications come from the server API.
        return encodeError(
          command.id,
          command.name === 'publish' ? REPLY_ERROR.permissionDenied : REPLY_ERROR.notAvailable,
        );
    }
  }

  async #connect(connection: HubConnection, id: number, params: ConnectRequest) {
    if (connection.userId !== undefined || typeof params.token !== 'string' || params.token === '') {
      this.#disconnect(connection, connection.userId ? DISCONNECT.badRequest : DISCONNECT.invalidToken);
      return undefined;
    }
    const check = await this.#tokens.verifyConnection(params.token);
    if (connection.isClosed) return undefined;
    if (!check.ok) {
      // An expired token is answered 109: the client fetches a new one and connects again.
      if (check.reason === 'expired') return encodeError(id, REPLY_ERROR.tokenExpired);
      this.#disconnect(connection, DISCONNECT.invalidToken);
      return undefined;
    }
    connection.userId = check.userId;
    connection.sessionId = check.sessionId;
    connection.expiresAt = check.expiresAt * 1000;
    connection.nextPingAt = Date.now() + this.#pingIntervalMs;
    return encodeReply(id, 'connect', {
      client: connection.clientId,
      version: SERVER_VERSION,
      expires: true,
      ttl: ttlSeconds(check.expiresAt),
      ping: Math.round(this.#pingIntervalMs / 1000),
      pong: true,
    });
  }

  async #refresh(connection: HubConnection, id: number, params: ConnectRequest) {
    if (typeof params.token !== 'string' || params.token === '') {
      this.#disconnect(connection, DISCONNECT.badRequest);
      return undefined;
    }
    const check = await this.#tokens.verifyConnection(params.token);
    if (connection.isClosed) return undefined;
    if (!check.ok || check.userId !== connection.userId) {
      // As Centrifugo: an expired token ends the connection with a reconnect (which fetches a new one).
      const isExpired = !check.ok && check.reason === 'expired';
      this.#disconnect(connection, isExpired ? DISCONNECT.expired : DISCONNECT.invalidToken);
      return undefined;
    }
    connection.expiresAt = check.expiresAt * 1000;
    return encodeReply(id, 'refresh', { expires: true, ttl: ttlSeconds(check.expiresAt) });
  }

  async #subscribe(connection: HubConnection, userId: string, id: number, params: SubscribeRequest) {
    const { channel, token } = params;
    if (typeof channel !== 'string' || channel === '' || channel.length > MAX_CHANNEL_LENGTH) {
      return encodeError(id, REPLY_ERROR.badRequest);
    }
    if (connection.channels.has(channel)) return encodeError(id, REPLY_ERROR.alreadySubscribed);
    if (connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
      return encodeError(id, REPLY_ERROR.limitExceeded);
    }
    let expiresAt = 0;
    if (typeof token === 'string' && token !== '') {
      const check = await this.#tokens.verifySubscription(token);
      if (connection.isClosed) return undefined;
      if (!check.ok) {
        return encodeError(
          id,
          check.reason === 'expired' ? REPLY_ERROR.tokenExpired : REPLY_ERROR.permissionDenied,
        );
      }
      if (check.userId !== userId || check.channel !== channel) {
        return encodeError(id, REPLY_ERROR.permissionDenied);
      }
      expiresAt = check.expiresAt;
    } else if (!this.#isUserLimitedTo(channel, userId)) {
      return encodeError(id, REPLY_ERROR.permissionDenied);
    }
    if (connection.channels.has(channel)) return encodeError(id, REPLY_ERROR.alreadySubscribed);
    const reply = this.#subscribeReply(channel, id, params, expiresAt);
    connection.channels.set(channel, expiresAt * 1000);
    this.#noteSubscriptionExpiry(connection);
    let subscribers = this.#subscribers.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.#subscribers.set(channel, subscribers);
    }
    subscribers.add(connection);
    // Its publications may go out before the frame's other commands are done: the reply goes first.
    connection.replies.push(reply);
    this.#sendReplies(connection);
    return undefined;
  }

  /**
   * The subscribe reply; on a channel with history, with its stream position and, when the client asks
   * to recover, what it missed. Read in the same step the subscriber joins: nothing falls in between.
   */
  #subscribeReply(channel: string, id: number, params: SubscribeRequest, expiresAt: number) {
    const expiry = expiresAt ? { expires: true, ttl: ttlSeconds(expiresAt) } : {};
    if (!this.#hasHistory(channel)) return encodeReply(id, 'subscribe', expiry);
    const top = this.#history.position(channel);
    const stream = { ...expiry, recoverable: true, positioned: true, epoch: top.epoch, offset: top.offset };
    if (params.recover !== true) return encodeReply(id, 'subscribe', stream);
    const from = {
      offset: typeof params.offset === 'number' ? params.offset : 0,
      epoch: typeof params.epoch === 'string' ? params.epoch : '',
    };
    const recovery = this.#history.recover(channel, from);
    return encodeSubscribeReply(
      id,
      { ...stream, was_recovering: true, recovered: recovery.isRecovered },
      recovery.publications,
    );
  }

  #hasHistory(channel: string) {
    const colon = channel.indexOf(':');
    return colon > 0 && this.#historyNamespaces.has(channel.slice(0, colon));
  }

  async #refreshSubscription(
    connection: HubConnection,
    userId: string,
    id: number,
    params: SubscribeRequest,
  ) {
    const { channel, token } = params;
    if (typeof channel !== 'string' || typeof token !== 'string' || token === '') {
      return encodeError(id, REPLY_ERROR.badRequest);
    }
    if (!connection.channels.has(channel)) return encodeError(id, REPLY_ERROR.permissionDenied);
    const check = await this.#tokens.verifySubscription(token);
    if (connection.isClosed || !connection.channels.has(channel)) return undefined;
    if (!check.ok && check.reason === 'expired') {
      this.#disconnect(connection, DISCONNECT.subscriptionExpired);
      return undefined;
    }
    if (!check.ok || check.userId !== userId || check.channel !== channel) {
      this.#unsubscribe(connection, channel);
      return encodeError(id, REPLY_ERROR.permissionDenied);
    }
    connection.channels.set(channel, check.expiresAt * 1000);
    this.#noteSubscriptionExpiry(connection);
    return encodeReply(id, 'sub_refresh', { expires: true, ttl: ttlSeconds(check.expiresAt) });
  }

  /** Centrifugo's user-limited channels: `namespace:name#42` is open to user 42 alone. */
  #isUserLimitedTo(channel: string, userId: string) {
    const boundary = channel.lastIndexOf('#');
    const colon = channel.indexOf(':');
    const namespace = colon < 0 || colon > boundary ? '' : channel.slice(0, colon);
    if (boundary < 0 || !this.#userLimitedNamespaces.has(namespace)) return false;
    return channel
      .slice(boundary + 1)
      .split(',')
      .includes(userId);
  }

  #unsubscribe(connection: HubConnection, channel: string) {
    if (!connection.channels.delete(channel)) return;
    this.#noteSubscriptionExpiry(connection);
    const subscribers = this.#subscribers.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.#subscribers.delete(channel);
  }

  #noteSubscriptionExpiry(connection: HubConnection) {
    let earliest = 0;
    for (const expiresAt of connection.channels.values()) {
      if (expiresAt && (!earliest || expiresAt < earliest)) earliest = expiresAt;
    }
    connection.subscriptionsExpireAt = earliest;
  }

  #send(connection: HubConnection, message: string | Buffer) {
    if (connection.isClosed) return;
    if (connection.socket.bufferedAmount > MAX_QUEUED_BYTES) {
      this.#disconnect(connection, DISCONNECT.slow);
      return;
    }
    connection.socket.send(message, TEXT_FRAME);
  }

  /**
   * Writes a complete frame straight to the TCP socket: a fan-out to 10,000 subscribers then costs
   * one write each instead of framing the message 10,000 times. Safe because without compression
   * `ws` writes its own frames synchronously too, so frames never interleave.
   */
  #write(connection: HubConnection, frame: Buffer) {
    if (connection.isClosed || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.stream.writableLength > MAX_QUEUED_BYTES) {
      this.#disconnect(connection, DISCONNECT.slow);
      return;
    }
    connection.stream.write(frame);
  }

  #disconnect(connection: HubConnection, disconnect: Disconnect) {
    if (connection.isClosed) return;
    this.#forget(connection);
    connection.socket.close(disconnect.code, disconnect.reason);
  }

  #forget(connection: HubConnection) {
    connection.isClosed = true;
    this.#connections.delete(connection);
    for (const channel of [...connection.channels.keys()]) this.#unsubscribe(connection, channel);
  }

  /** Once a second: pings, missing pongs, expired tokens and sockets that never connected. */
  #sweepConnections() {
    const now = Date.now();
    if (++this.#sweeps % HISTORY_SWEEP_EVERY === 0) {
      this.#history.sweep((channel) => this.#subscribers.has(channel), now);
    }
    for (const connection of this.#connections) {
      if (connection.userId === undefined) {
        if (now - connection.openedAt > this.#staleCloseDelayMs)
          this.#disconnect(connection, DISCONNECT.stale);
      } else if (now >= connection.expiresAt + this.#expiredCloseDelayMs) {
        this.#disconnect(connection, DISCONNECT.expired);
      } else if (
        connection.subscriptionsExpireAt &&
        now >= connection.subscriptionsExpireAt + this.#expiredCloseDelayMs
      ) {
        this.#disconnect(connection, DISCONNECT.subscriptionExpired);
      } else if (connection.pingSentAt && now - connection.pingSentAt > this.#pongTimeoutMs) {
        this.#disconnect(connection, DISCONNECT.noPong);
      } else if (now >= connection.nextPingAt) {
        this.#write(connection, PING);
        connection.pingSentAt = now;
        connection.nextPingAt = now + this.#pingIntervalMs;
      }
    }
  }
}

/** Whole seconds left, rounded down: the client refreshes at the ttl, which must not be past the expiry. */
const ttlSeconds = (expiresAt: number) => Math.max(1, Math.floor((expiresAt * 1000 - Date.now()) / 1000));
