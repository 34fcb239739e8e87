import { waitForRealtime } from './realtime-client.ts';

/**
 * Subscribes to a channel that needs a token of its own (a chat or common agent channel) over the
 * realtime connection, handing every publication's data to `listener`. Answers once subscribed, with
 * the function that stops listening; throws when there is no connection within its wait.
 */
export async function subscribeWithToken(
  channel: string,
  getToken: () => Promise<string>,
  listener: (data: unknown) => void,
  stream?: {
    /**
     * Called when the subscription came back (a reconnect) without what was published meanwhile: the
     * server could not recover it (another node, a restart, too long away).
     */
    onUnrecovered(): void;
    /** A stream just created (a new conversation): the first subscribe recovers all it already holds. */
    isFromStart?: boolean;
  },
) {
  const client = await waitForRealtime({ isSubscribing: true });
  if (!client) throw new Error('realtime not connected');
  const existing = client.getSubscription(channel);
  if (existing) client.removeSubscription(existing);
  // A stream asks to be positioned and recovered: on a reconnect the hub (or Centrifugo) answers what
  // was missed, or says it cannot.
  const subscription = client.newSubscription(
    channel,
    stream
      ? {
          getToken,
          recoverable: true,
          positioned: true,
          // Offset 0 of any epoch: everything the hub (or Centrifugo) keeps of the channel.
          ...(stream.isFromStart ? { since: { offset: 0, epoch: '' } } : {}),
        }
      : { getToken },
  );
  const stop = () => {
    subscription.removeAllListeners();
    subscription.unsubscribe();
    client.removeSubscription(subscription);
  };
  subscription.on('publication', (context) => listener(context.data));
  if (stream) {
    subscription.on('subscribed', (context) => {
      if (context.wasRecovering && !context.recovered) stream.onUnrecovered();
    });
  }
  try {
    await new Promise<void>((resolve, reject) => {
      subscription.once('subscribed', () => resolve());
      subscription.once('error', (context) => reject(context.error));
      // A refused channel (no permission) ends in unsubscribed, not in an error.
      subscription.once('unsubscribed', (context) => reject(new Error(context.reason)));
      subscription.subscribe();
    });
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
