import { DEFAULT_CONTEXT_LENGTH } from '@tandem/contract/model-rules';
import type { ConnectModelBody, ConnectModelData, LocalModelServer } from '@tandem/contract/setup';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { saveModel } from './models.ts';

/** What usually listens on each port of a workstation; any other port is just "OpenAI-compatible". */
const KNOWN_SERVERS: Record<number, string> = {
  11434: 'Ollama',
  1234: 'LM Studio',
  8080: 'llama.cpp',
  8000: 'vLLM',
};

/** A local server answers at once or not at all: the setup page should not wait on a closed port. */
const PROBE_TIMEOUT_MS = 1500;

/**
 * The model keys an OpenAI-compatible server lists (`GET <base>/models`); undefined when it does not
 * answer in time or answers something else.
 */
export async function listServerModels(baseUrl: string, apiKey?: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(`${baseUrl}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: unknown };
    if (!Array.isArray(body.data)) return undefined;
    return body.data
      .map((entry) => (entry as { id?: unknown }).id)
      .filter((id): id is string => typeof id === 'string' && id.trim() !== '' && !/\s/.test(id));
  } catch {
    return undefined;
  }
}

/** The OpenAI-compatible servers answering on 127.0.0.1 at the given ports, probed side by side. */
export async function findLocalServers(ports: number[]): Promise<LocalModelServer[]> {
  const found = await Promise.all(
    ports.map(async (port) => {
      const baseUrl = `http://127.0.0.1:${port}/v1`;
      const keys = await listServerModels(baseUrl);
      return keys
        ? { name: KNOWN_SERVERS[port] ?? 'OpenAI-compatible', base_url: baseUrl, models: keys }
        : null;
    }),
  );
  return found.filter((server) => server !== null);
}

/**
 * Connects a model in one step and makes it the platform's default: the OpenAI-compatible provider
 * with this base URL is reused (a key given replaces its key), else created; the model likewise.
 */
export async function connectModel(
  db: Db,
  keyBox: SecretBox,
  body: ConnectModelBody,
): Promise<ConnectModelData> {
  const [existing] = await db
    .select({ id: modelProviders.id })
    .from(modelProviders)
    .where(and(eq(modelProviders.baseUrl, body.base_url), eq(modelProviders.kind, 'openai-compatible')))
    .limit(1);
  const sealedKey = body.api_key ? { apiKeyEncrypted: keyBox.seal(body.api_key) } : {};
  let providerId = existing?.id;
  if (providerId === undefined) {
    const host = new URL(body.base_url).host;
    const [created] = await db
      .insert(modelProviders)
      .values({
        name: body.provider_name ?? host,
        kind: 'openai-compatible',
        baseUrl: body.base_url,
        ...sealedKey,
      })
      .returning({ id: modelProviders.id });
    if (!created) throw new AppError('OPERATION_FAILED');
    providerId = created.id;
  } else {
    await db
      .update(modelProviders)
      .set({ enabled: true, updatedAt: new Date(), ...sealedKey })
      .where(eq(modelProviders.id, providerId));
  }
  const [model] = await db
    .select()
    .from(models)
    .where(and(eq(models.providerId, providerId), eq(models.modelKey, body.model_key)))
    .limit(1);
  const modelId = await saveModel(db, {
    id: model?.id,
    provider_id: providerId,
    name: model?.name ?? body.model_key,
    model_key: body.model_key,
    type: 'completion',
    parameter_size: model?.parameterSize ?? '',
    training_date: model?.trainingDate ?? '',
    context_length: model?.contextLength ?? DEFAULT_CONTEXT_LENGTH,
    supports_images: model?.supportsImages ?? false,
    points_per_request: model?.pointsPerRequest ?? 1,
    enabled: true,
    sort: model?.sort ?? 0,
    is_default: true,
  });
  return { provider_id: providerId, model_id: modelId };
}
