import { REALTIME_API } from '@tandem/contract/api';
import {
  REALTIME_RECONNECT_MS,
  REALTIME_SUBSCRIBE_POLL_MS,
  REALTIME_WAIT_POLL_MS,
  REALTIME_WAIT_TIMEOUT_MS,
} from '@tandem/contract/limits';
import { type UserNotification, userChannel } from '@tandem/contract/realtime-channels';
import { Centrifuge, disconnectedCodes, type Subscription, UnauthorizedError } from 'centrifuge';
import { http } from '../api/http.ts';
import { getSession, onSessionReset } from '../session/session-store.ts';
import { emitRealtimeEvent } from './realtime-events.ts';

/** Where the hub listens on the app's own origin, as on Centrifugo. */
export const REALTIME_PATH = '/connection/websocket';

/**
 * The websocket address from the configured `realtime_url`: a ws(s) address as it is, an http(s) one
 * with its scheme swapped, a path (or nothing) on this page's origin, `wss:` when the page is https.
 */
export function realtimeSocketUrl(configured: string | undefined, page: Pick<Location, 'protocol' | 'host'>) {
  const url = new URL(configured || REALTIME_PATH, `${page.protocol}//${page.host}`);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url.toString();
}

/** Nothing to show the user when it fails: the connection tries again by itself. */
const fetchClientToken = () => http.post<string>(REALTIME_API.clientToken, undefined, { background: true });

const log = (message: string, detail?: unknown) => console.warn(`[realtime] ${message}`, detail ?? '');

type Connection = {
  client: Centrifuge;
  userId: string;
  url: string;
  subscription: Subscription | null;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
};

let current: Connection | null = null;

/**
 * Connects this tab to the realtime hub as the signed-in user and listens on their notification channel.
 * Calling it again for the same user and address changes nothing.
 */
export function connectRealtime({
  userId,
  url,
  isVisitor = false,
}: {
  /** The signed-in user; for a visitor, any name of the visit. */
  userId: number | string;
  url: string;
  isVisitor?: boolean;
}) {
  if (current && current.userId === String(userId) && current.url === url) return;
  disconnectRealtime();
  const connection: Connection = {
    client: new Centrifuge(url, {
      getToken: () => connectionToken(isVisitor),
      // At most 10 seconds between reconnect attempts.
      maxReconnectDelay: REALTIME_RECONNECT_MS,
    }),
    userId: String(userId),
    url,
    subscription: null,
    retryTimer: undefined,
  };
  current = connection;
  const { client } = connection;

  // A visitor has no account, so no notification channel.
  client.on('connected', () => {
    if (!isVisitor) subscribeUserChannel(connection);
  });
  client.on('disconnected', (ctx) => {
    dropSubscription(connection);
    // Our own disconnect ends it. Anything else left the SDK stopped for good (code 1: no token, or
    // one the hub refused), so start again later with a fresh token.
    if (ctx.code !== disconnectedCodes.disconnectCalled) {
      log(`disconnected (${ctx.code} ${ctx.reason}); trying again in ${REALTIME_RECONNECT_MS / 1000} s`);
      retryLater(connection, () => {
        // An empty token makes the SDK ask getToken for a fresh one instead of offering the refused one.
        client.setToken('');
        client.connect();
      });
    }
  });
  client.on('error', (ctx) => log(`${ctx.type} error`, ctx.error));
  client.connect();
}

/** Closes the connection and forgets it: after sign-out, or before connecting as someone else. */
export function disconnectRealtime() {
  const connection = current;
  if (!connection) return;
  current = null;
  clearTimeout(connection.retryTimer);
  dropSubscription(connection);
  connection.client.removeAllListeners();
  connection.client.disconnect();
}

onSessionReset(disconnectRealtime);

/** No session or no token: the SDK reports "unauthorized" (code 1) and we try again 10 s later. */
async function connectionToken(isVisitor: boolean) {
  if (!getSession().token && !isVisitor) throw new UnauthorizedError('no session');
  const token = await fetchClientToken().catch((error: unknown) => {
    log('no client token', error);
    return null;
  });
  if (!token) throw new UnauthorizedError('no client token');
  return token;
}

function retryLater(connection: Connection, retry: () => void) {
  clearTimeout(connection.retryTimer);
  connection.retryTimer = setTimeout(() => {
    connection.retryTimer = undefined;
    if (current === connection) retry();
  }, REALTIME_RECONNECT_MS);
}

function subscribeUserChannel(connection: Connection) {
  if (connection.subscription || current !== connection) return;
  const { client } = connection;
  const channel = userChannel(connection.userId);
  // A subscription left over from a reset that had not finished would refuse a second one.
  const stale = client.getSubscription(channel);
  if (stale) client.removeSubscription(stale);
  const subscription = client.newSubscription(channel);
  connection.subscription = subscription;
  subscription.on('publication', (ctx) => dispatch(ctx.data));
  subscription.on('error', (ctx) => resetSubscription(connection, subscription, ctx.error));
  subscription.on('unsubscribed', (ctx) => {
    // Code 0 is our own unsubscribe; anything else is the hub refusing or ending it.
    if (ctx.code !== 0) resetSubscription(connection, subscription, ctx);
  });
  subscription.subscribe();
}

/** Spec: errors are logged and the subscription reset, with no message to the user. */
function resetSubscription(connection: Connection, subscription: Subscription, detail: unknown) {
  if (connection.subscription !== subscription) return;
  log(`subscription to ${subscription.channel} reset`, detail);
  dropSubscription(connection);
  retryLater(connection, () => {
    if (connection.client.state === 'connected') subscribeUserChannel(connection);
  });
}

function dropSubscription(connection: Connection) {
  const { subscription } = connection;
  if (!subscription) return;
  connection.subscription = null;
  subscription.removeAllListeners();
  connection.client.removeSubscription(subscription);
}

const isNotification = (data: unknown): data is UserNotification =>
  !!data && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string';

/** `UB:*` and `SA:*` go to their listeners; `PN*` is only logged. */
function dispatch(data: unknown) {
  if (!isNotification(data)) {
    log('a publication without a type', data);
    return;
  }
  if (data.type.startsWith('UB:') || data.type.startsWith('SA:')) emitRealtimeEvent(data);
  else console.info(`[realtime] ${data.type}`, data);
}

export type WaitOptions = {
  /** Polls every second instead of every 50 ms: what a subscription waiting to start uses. */
  isSubscribing?: boolean;
  timeoutMs?: number;
};

/**
 * The connected client, once it is connected: within 10 seconds, asked every 50 ms (every second for a
 * subscription). Answers null when it is not connected by then, or when no one is signed in. For the
 * chat and common agent channels: `(await waitForRealtime({ isSubscribing: true }))?.newSubscription(…)`.
 */
export async function waitForRealtime({
  isSubscribing = false,
  timeoutMs = REALTIME_WAIT_TIMEOUT_MS,
}: WaitOptions = {}): Promise<Centrifuge | null> {
  const pollMs = isSubscribing ? REALTIME_SUBSCRIBE_POLL_MS : REALTIME_WAIT_POLL_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = current?.client;
    if (client?.state === 'connected') return client;
    const left = deadline - Date.now();
    if (left <= 0) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, left)));
  }
}
