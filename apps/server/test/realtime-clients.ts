import type { AddressInfo } from 'node:net';
import { userChannel } from '@tandem/contract/realtime-channels';
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

/**
 * A signed-in device's realtime client as the web app runs it: the real `centrifuge` SDK, its token
 * from get-client-token, subscribed to the user's notification channel. Answers what arrives.
 */
export async function signedInRealtimeClient(app: App, token: string, userId: number) {
  const getToken = async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/socket/get-client-token',
      headers: bearer(token),
    });
    if (answer.statusCode !== 200) throw new Error(`no client token: ${answer.body}`);
    return answer.json().data as string;
  };
  const client = new Centrifuge(await realtimeUrl(app), { websocket: WebSocket, getToken });
  client.on('error', () => {});
  openClients.push(client);
  const notifications: Record<string, unknown>[] = [];
  const subscription = client.newSubscription(userChannel(userId));
  subscription.on('publication', (ctx) => notifications.push(ctx.data));
  const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
  subscription.subscribe();
  client.connect();
  await subscribed;
  return { client, notifications };
}
