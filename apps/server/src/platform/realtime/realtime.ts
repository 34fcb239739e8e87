import { CHANNEL_NAMESPACES, type UserNotification, userChannel } from '@tandem/contract/realtime-channels';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Chatter } from '../auth/chatter.ts';
import type { NodeBus } from '../bus/node-bus.ts';
import { createBusPublisher } from './bus-publisher.ts';
import { createCentrifugoPublisher } from './centrifugo-publisher.ts';
import { CENTRIFUGO_TOKEN_TTL_S, createRealtimeTokens } from './connection-tokens.ts';
import { type HubOptions, RealtimeHub } from './hub.ts';
import type { RealtimePublisher } from './publisher.ts';

/**
 * Whether a user, or a visitor, may read a channel of a namespace, given the channel's name after
 * `namespace:`.
 */
export type ChannelPolicy = (reader: Chatter, name: string) => Promise<boolean>;

export type RealtimeDeps = {
  config: Config['realtime'];
  log: FastifyBaseLogger;
  /** Tests shorten the hub's pings and grace periods. */
  hubOptions?: Omit<HubOptions, 'tokens' | 'log'>;
  /** Without Centrifugo, a bus that crosses nodes carries publications to every node's hub. */
  bus?: NodeBus;
};

/**
 * Realtime for the whole server: the tokens clients connect and subscribe with, the publisher every
 * module sends through (the built-in hub, or Centrifugo when configured) and the per-namespace
 * policies that decide who gets a subscription token.
 */
export function createRealtime({ config, log, hubOptions, bus }: RealtimeDeps) {
  const tokens = config.centrifugo
    ? createRealtimeTokens(config.secret, {
        connection: CENTRIFUGO_TOKEN_TTL_S,
        subscription: CENTRIFUGO_TOKEN_TTL_S,
      })
    : createRealtimeTokens(config.secret);
  const hub = config.centrifugo
    ? undefined
    : new RealtimeHub({
        tokens,
        userLimitedNamespaces: [CHANNEL_NAMESPACES.personal],
        // A reply streams on its conversation's channel: a client that subscribes a moment late, or
        // reconnects, recovers the pieces it missed.
        historyNamespaces: [CHANNEL_NAMESPACES.chat],
        log,
        ...hubOptions,
      });
  const busPublisher = hub && bus && !bus.isLocal ? createBusPublisher(bus, hub) : undefined;
  const centrifugo = config.centrifugo && createCentrifugoPublisher({ ...config.centrifugo, log });
  const publisher: RealtimePublisher = centrifugo || (busPublisher ?? hub!);
  const policies = new Map<string, ChannelPolicy>();

  return {
    tokens,
    /** The built-in hub; undefined when Centrifugo carries the connections. */
    hub,
    publisher,
    /** With Centrifugo: closes the users' connections there, to come back with tokens checked anew. */
    disconnectUsers: centrifugo ? centrifugo.disconnectUsers : undefined,

    /** Sends a notification to every connection of the user (their `personal:#<id>` channel). */
    notifyUser: (userId: number, notification: UserNotification) =>
      publisher.publish(userChannel(userId), notification),

    notifyUsers: (userIds: readonly number[], notification: UserNotification) =>
      publisher.broadcast(userIds.map(userChannel), notification),

    /**
     * A domain module says who may read its namespace's channels; the chat module, for one, admits a
     * conversation's participants to `chat:<conversation id>`. A namespace no module claims is closed.
     */
    setChannelPolicy(namespace: string, policy: ChannelPolicy) {
      policies.set(namespace, policy);
    },

    async mayRead(reader: Chatter, channel: string) {
      const colon = channel.indexOf(':');
      const policy = colon > 0 ? policies.get(channel.slice(0, colon)) : undefined;
      return policy ? policy(reader, channel.slice(colon + 1)) : false;
    },

    close: async () => {
      // The last publications (a reply's end, when the server stops) reach clients before they go.
      await busPublisher?.flush();
      busPublisher?.close();
      await hub?.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
