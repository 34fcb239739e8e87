import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 as LanguageModel } from '@ai-sdk/provider';
import type { ProviderKind } from '@tandem/contract/agent-rules';
import type { Config } from '../../config.ts';
import { createSecretBox, type SecretBox } from '../secrets/secret-box.ts';

/** Where a provider answers and how to authenticate; the key is in plain text only in memory. */
export type ProviderConnection = {
  kind: ProviderKind;
  name: string;
  baseUrl: string;
  apiKey: string | undefined;
};

/** The box model providers' API keys are sealed with (`model_providers.api_key_encrypted`). */
export const providerKeyBox = (config: Pick<Config, 'secretsKey'>): SecretBox =>
  createSecretBox(config.secretsKey, 'model-provider-api-key');

/** The SDK models made so far, by connection: the catalogue makes new connections when providers change. */
const madeModels = new WeakMap<ProviderConnection, Map<string, LanguageModel>>();

/**
 * The AI SDK model of one of the provider's models, made once per connection and key: making one
 * builds the SDK's response schemas, about half a millisecond of every chat reply otherwise.
 */
export function languageModelOf(connection: ProviderConnection, modelKey: string): LanguageModel {
  let byKey = madeModels.get(connection);
  if (!byKey) {
    byKey = new Map();
    madeModels.set(connection, byKey);
  }
  let model = byKey.get(modelKey);
  if (!model) {
    model = makeLanguageModel(connection, modelKey);
    byKey.set(modelKey, model);
  }
  return model;
}

/**
 * Keys are always passed explicitly (an empty one when the endpoint takes none) so the SDK never
 * falls back to its own environment variables.
 */
function makeLanguageModel(connection: ProviderConnection, modelKey: string): LanguageModel {
  const baseURL = connection.baseUrl.replace(/\/+$/, '');
  if (connection.kind === 'anthropic') {
    return createAnthropic({ baseURL, apiKey: connection.apiKey ?? '' })(modelKey);
  }
  return createOpenAICompatible({
    name: connection.name || 'openai-compatible',
    baseURL,
    apiKey: connection.apiKey,
    includeUsage: true,
  })(modelKey);
}
