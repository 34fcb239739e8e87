import { and, eq } from 'drizzle-orm';
import { modelProviders, models } from '../../db/schema.ts';
import { type Llm, type LlmDeps, LlmError, type LlmModelInfo } from './llm.ts';

/** First cut: model look-up only; streaming through the AI SDK follows. */
export function createGateway({ db }: LlmDeps): Llm {
  async function modelInfo(modelId: number): Promise<LlmModelInfo | undefined> {
    const [row] = await db
      .select({ model: models, provider: modelProviders })
      .from(models)
      .innerJoin(modelProviders, eq(models.providerId, modelProviders.id))
      .where(and(eq(models.id, modelId), eq(models.enabled, true), eq(modelProviders.enabled, true)));
    if (!row) return undefined;
    return {
      id: row.model.id,
      name: row.model.name,
      type: row.model.type,
      providerId: row.provider.id,
      providerName: row.provider.name,
      providerKind: row.provider.kind,
      contextLength: row.model.contextLength,
      supportsImages: row.model.supportsImages,
      pointsPerRequest: row.model.pointsPerRequest,
    };
  }

  const llm: Llm = {
    stream(request) {
      return {
        async *[Symbol.asyncIterator]() {
          if (!(await modelInfo(request.modelId))) throw new LlmError('model_unavailable', 'no such model');
          yield* [];
          throw new LlmError('provider_failed', 'not connected yet');
        },
      };
    },
    async complete(request) {
      let text = '';
      for await (const chunk of llm.stream(request)) {
        if (chunk.type === 'text') text += chunk.text;
        if (chunk.type === 'finish') return { text, reason: chunk.reason, usage: chunk.usage };
      }
      throw new LlmError('provider_failed', 'the stream ended without finishing');
    },
    modelInfo,
    invalidate() {},
  };
  return llm;
}
