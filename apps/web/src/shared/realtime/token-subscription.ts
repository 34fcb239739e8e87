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
) {
  const client = await waitForRealtime({ isSubscribing: true });
  if (!client) throw new Error('realtime not connected');
  const existing = client.getSubscription(channel);
  if (existing) client.removeSubscription(existing);
  const subscription = client.newSubscription(channel, { getToken });
  const stop = () => {
    subscription.removeAllListeners();
    subscription.unsubscribe();
    client.removeSubscription(subscription);
  };
  subscription.on('publication', (context) => listener(context.data));
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
