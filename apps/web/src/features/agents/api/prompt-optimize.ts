import type { StreamEvent } from '@tandem/contract/agent';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';

export type PromptOptimizeRequest = {
  prompt: string;
  model_id: number | null;
  name: string;
  description: string;
};

export type OptimizeListener = (event: StreamEvent) => void;

const isStreamEvent = (value: unknown): value is StreamEvent =>
  !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';

/**
 * Asks the model to improve a prompt; the suggestion streams on a common agent channel of its own: take
 * a channel, subscribe to it over the realtime connection, then ask (so no delta is missed). Answers the
 * function that stops listening. Throws when the realtime connection is not there within its wait.
 */
export async function optimizePrompt(request: PromptOptimizeRequest, listener: OptimizeListener) {
  const { waitForRealtime } = await import('../../../shared/realtime/realtime-client.ts');
  const client = await waitForRealtime({ isSubscribing: true });
  if (!client) throw new Error('realtime not connected');
  const channel = await http.post<string>(REALTIME_API.comChatChannel, {
    com_agent_key: 'counselor_optimize',
  });
  const subscription = client.newSubscription(channel, {
    getToken: () => http.post<string>(REALTIME_API.comChatToken, { channel }, { background: true }),
  });
  const stop = () => {
    subscription.removeAllListeners();
    subscription.unsubscribe();
    client.removeSubscription(subscription);
  };
  subscription.on('publication', (context) => {
    if (isStreamEvent(context.data)) listener(context.data);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      subscription.once('subscribed', () => resolve());
      subscription.once('error', (context) => reject(context.error));
      subscription.subscribe();
    });
    await http.post<string>(AGENT_API.optimizePrompt, { ...request, channel });
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
