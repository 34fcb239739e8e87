import type { StreamEvent } from '@tandem/contract/agent';

export type PromptOptimizeRequest = {
  prompt: string;
  model_id: number | null;
  name: string;
  description: string;
};

export type OptimizeListener = (event: StreamEvent) => void;

/**
 * Asks the model to improve a prompt; the suggestion streams on a common agent channel, which needs the
 * realtime client (apps/web/src/shared/realtime, arriving separately). Until it is there this says the
 * optimizer is unavailable, and the button reports it.
 */
export async function optimizePrompt(
  _request: PromptOptimizeRequest,
  _listener: OptimizeListener,
): Promise<() => void> {
  throw new Error('realtime not connected');
}
