import { vi } from 'vitest';

type Command = { id?: number; connect?: { token?: string }; subscribe?: { channel: string } } & Record<
  string,
  unknown
>;

/**
 * A realtime hub behind the browser's `WebSocket`, speaking the Centrifugo JSON protocol as the server's
 * hub does (several commands per frame, one per line), so the real `centrifuge` SDK runs against it.
 * Replies arrive on a later microtask, never on a timer, so tests may fake the clock.
 */
export function fakeRealtimeHub() {
  const sockets: FakeSocket[] = [];
  const hub = {
    /** The token of every connect command, in order. */
    connectTokens: [] as string[],
    /** Addresses the client opened. */
    urls: [] as string[],
    /** Refuses a connect command with this token as the hub refuses a bad one (3500, no reconnect). */
    refusesToken: (_token: string) => false,
    /** Refuses a subscribe command as the hub refuses a channel the user may not read (103). */
    refusesChannel: (_channel: string) => false,
    /** Channels the open connection is subscribed to. */
    channels: () => [...(open()?.channels ?? [])],
    isConnected: () => !!open()?.isConnected,
    /** Publishes `data` to whoever is subscribed to `channel`. */
    publish(channel: string, data: unknown) {
      for (const socket of sockets) {
        if (socket.channels.has(channel)) socket.deliver({ push: { channel, pub: { data } } });
      }
    },
  };
  const open = () => sockets.findLast((socket) => socket.readyState === 1);

  class FakeSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    isConnected = false;
    channels = new Set<string>();
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;

    constructor(url: string) {
      hub.urls.push(url);
      sockets.push(this);
      void Promise.resolve().then(() => {
        if (this.readyState !== 0) return;
        this.readyState = 1;
        this.onopen?.({});
      });
    }

    send(frame: string) {
      for (const line of frame.split('\n').filter(Boolean)) this.#handle(JSON.parse(line) as Command);
    }

    close(code = 1000, reason = '') {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.isConnected = false;
      this.channels.clear();
      void Promise.resolve().then(() => this.onclose?.({ code, reason, wasClean: true }));
    }

    deliver(reply: object) {
      void Promise.resolve().then(() => {
        if (this.readyState === 1) this.onmessage?.({ data: JSON.stringify(reply) });
      });
    }

    #handle(command: Command) {
      const { id } = command;
      if (command.connect) {
        const token = command.connect.token ?? '';
        hub.connectTokens.push(token);
        if (hub.refusesToken(token)) {
          this.close(3500, 'invalid token');
          return;
        }
        this.isConnected = true;
        this.deliver({ id, connect: { client: `client-${sockets.length}`, version: 'fake' } });
      } else if (command.subscribe) {
        if (hub.refusesChannel(command.subscribe.channel)) {
          this.deliver({ id, error: { code: 103, message: 'permission denied' } });
          return;
        }
        this.channels.add(command.subscribe.channel);
        this.deliver({ id, subscribe: {} });
      } else if (command.unsubscribe) {
        this.channels.delete((command.unsubscribe as { channel: string }).channel);
        this.deliver({ id, unsubscribe: {} });
      } else if (id) {
        this.deliver({ id });
      }
    }
  }

  vi.stubGlobal('WebSocket', FakeSocket);
  return hub;
}
