import { isLlmError, type Llm, type LlmRequest } from '../llm/llm.ts';
import type { Metrics, ModelLabels } from './metrics.ts';

/**
 * The gateway with each model request timed: time to the first text or reasoning, whole duration, failures. The
 * provider and model names are looked up after the fact, so the stream waits for nothing more.
 */
export function measuredLlm(llm: Llm, metrics: Metrics): Llm {
  const record = (modelId: number, write: (labels: ModelLabels) => void) => {
    void llm.modelInfo(modelId).then(
      (info) => write({ provider: info?.providerName ?? 'unknown', model: info?.name ?? String(modelId) }),
      () => write({ provider: 'unknown', model: String(modelId) }),
    );
  };
  const failed = (request: LlmRequest, error: unknown) => {
    // A stop or a closed page is the user's doing, not the model's.
    if (isLlmError(error, 'aborted')) return;
    const kind = isLlmError(error) ? error.kind : 'provider_failed';
    record(request.modelId, (labels) => metrics.modelFailed(labels, kind));
  };
  const secondsSince = (start: number) => (performance.now() - start) / 1000;

  async function* stream(request: LlmRequest) {
    const start = performance.now();
    let isFirst = true;
    try {
      for await (const chunk of llm.stream(request)) {
        if (isFirst && chunk.type !== 'finish') {
          isFirst = false;
          const seconds = secondsSince(start);
          record(request.modelId, (labels) => metrics.modelFirstToken(labels, seconds));
        }
        yield chunk;
      }
    } catch (error) {
      failed(request, error);
      throw error;
    }
    const seconds = secondsSince(start);
    record(request.modelId, (labels) => metrics.modelFinished(labels, seconds));
  }

  return {
    ...llm,
    stream,
    async complete(request) {
      const start = performance.now();
      try {
        const answer = await llm.complete(request);
        const seconds = secondsSince(start);
        record(request.modelId, (labels) => metrics.modelFinished(labels, seconds));
        return answer;
      } catch (error) {
        failed(request, error);
        throw error;
      }
    },
  };
}
