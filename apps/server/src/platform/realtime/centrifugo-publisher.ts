import type { RealtimePublisher } from './publisher.ts';

const REQUEST_TIMEOUT_MS = 5000;
/** 4500-4999: an application's terminal code (the client SDK does not reconnect on its own). */
const ACCESS_CHANGED_DISCONNECT = { code: 4501, reason: 'access changed' };

type CentrifugoAnswer = { error?: unknown; result?: { responses?: { error?: unknown }[] } };
type Log = { error(object: object, message: string): void };

/**
 * Publishes through a Centrifugo cluster's server HTTP API (`POST /api/publish` and
 * `/api/broadcast`, authorised by `X-API-Key`). Centrifugo answers HTTP 200 with `{error}` for a
 * refused call, so both the status and the body are checked.
 */
export function createCentrifugoPublisher(options: {
  url: string;
  apiKey: string;
  log: Log;
}): RealtimePublisher & { disconnectUsers(userIds: readonly string[]): Promise<void> } {
  async function call(method: 'publish' | 'broadcast' | 'disconnect', body: object) {
    try {
      const response = await fetch(`${options.url}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => undefined)) as CentrifugoAnswer | undefined;
      const error = answer?.error ?? answer?.result?.responses?.find((r) => r.error)?.error;
      if (!response.ok || !answer || error) {
        options.log.error({ method, status: response.status, error }, 'centrifugo refused');
      }
    } catch (error) {
      options.log.error({ method, err: error }, 'centrifugo unreachable');
    }
  }

  return {
    publish: (channel, data) => call('publish', { channel, data: data ?? null }),
    broadcast: async (channels, data) => {
      if (channels.length > 0) await call('broadcast', { channels, data: data ?? null });
    },
    /**
     * Closes every connection of these users (`POST /api/disconnect`), with a code the client must
     * not reconnect on by itself: ours asks for a new connection token, which a session that ended
     * no longer gets, and resubscribes with new subscription tokens, given only for what it may read.
     */
    disconnectUsers: async (userIds) => {
      await Promise.all(
        userIds.map((user) => call('disconnect', { user, disconnect: ACCESS_CHANGED_DISCONNECT })),
      );
    },
  };
}
