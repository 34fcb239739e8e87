import type { AddressInfo } from 'node:net';
import { chatChannel, userChannel } from '@tandem/contract/realtime-channels';
import { Centrifuge } from 'centrifuge';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.ts';
import { bearer } from './factories.ts';

/** The app listening on a free local port (once per app), answering its realtime address. */
export async function realtimeUrl(app: App) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/connection/websocket`;
}

const openClients: Centrifuge[] = [];
afterEach(() => {
  for (const client of openClients.splice(0)) client.disconnect();
});

/** A realtime token of the signed-in user's from `url`. */
async function realtimeToken(app: App, token: string, url: string, payload?: object) {
  const answer = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
  if (answer.statusCode !== 200) throw new Error(`no token from ${url}: ${answer.body}`);
  return answer.json().data as string;
}

/** The real `centrifuge` SDK as the web app runs it, subscribed to `channel`; answers what arrives. */
async function subscribedClient(
  app: App,
  token: string,
  channel: string,
  subscriptionToken?: () => Promise<string>,
) {
  const client = new Centrifuge(await realtimeUrl(app), {
    websocket: WebSocket,
    getToken: () => realtimeToken(app, token, '/api/socket/get-client-token'),
  });
  client.on('error', () => {});
  openClients.push(client);
  const received: Record<string, unknown>[] = [];
  const subscription = client.newSubscription(channel, { getToken: subscriptionToken });
  subscription.on('publication', (ctx) => received.push(ctx.data));
  const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
  subscription.subscribe();
  client.connect();
  await subscribed;
  return { client, received };
}

/**
 * A signed-in device's realtime client: its token from get-client-token, subscribed to the user's
 * notification channel. Answers what arrives.
 */
export async function signedInRealtimeClient(app: App, token: string, userId: number) {
  const { client, received } = await subscribedClient(app, token, userChannel(userId));
  return { client, notifications: received };
}

/** A tab with a conversation open: subscribed to its channel, admitted by subscribe-chat-token. */
export const conversationRealtimeClient = (app: App, token: string, conversationId: string) =>
  subscribedClient(app, token, chatChannel(conversationId), () =>
    realtimeToken(app, token, '/api/socket/subscribe-chat-token', { conversation_id: conversationId }),
  );
