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
  const { subscribeWithToken } = await import('../../../shared/realtime/token-subscription.ts');
  const channel = await http.post<string>(REALTIME_API.comChatChannel, {
    com_agent_key: 'counselor_optimize',
  });
  const stop = await subscribeWithToken(
    channel,
    () => http.post<string>(REALTIME_API.comChatToken, { channel }, { background: true }),
    (data) => {
      if (isStreamEvent(data)) listener(data);
    },
  );
  try {
    await http.post<string>(AGENT_API.optimizePrompt, { ...request, channel });
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
