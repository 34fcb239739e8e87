import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { LlmModelInfo } from './llm.ts';
import type { ProviderConnection } from './provider-connection.ts';

/** A usable model with what it takes to call it. */
export type CatalogueEntry = {
  info: LlmModelInfo;
  modelKey: string;
  connection: ProviderConnection;
  /** The stored key does not open under this SECRETS_KEY (it was changed): the call cannot be made. */
  isKeyUnreadable: boolean;
};

function openKey(keyBox: SecretBox, sealed: string | null): { apiKey?: string; isKeyUnreadable: boolean } {
  if (!sealed) return { isKeyUnreadable: false };
  try {
    return { apiKey: keyBox.open(sealed), isKeyUnreadable: false };
  } catch {
    return { isKeyUnreadable: true };
  }
}

/**
 * Enabled models of enabled providers, read in one query and kept briefly: another process's admin
 * write is seen within CACHE_MS, this process's at once (`invalidate`).
 */
const CACHE_MS = 5_000;

export function createCatalogue(db: Db, keyBox: SecretBox) {
  let cached: { entries: Map<number, CatalogueEntry>; loadedAt: number } | undefined;
  let loading: Promise<Map<number, CatalogueEntry>> | undefined;
  let generation = 0;

  async function load(): Promise<Map<number, CatalogueEntry>> {
    const startedGeneration = generation;
    const rows = await db
      .select({ model: models, provider: modelProviders })
      .from(models)
      .innerJoin(modelProviders, eq(models.providerId, modelProviders.id))
      .where(eq(models.enabled, true));
    const entries = new Map<number, CatalogueEntry>();
    const connections = new Map<number, { connection: ProviderConnection; isKeyUnreadable: boolean }>();
    for (const { model, provider } of rows) {
      if (!provider.enabled) continue;
      let reach = connections.get(provider.id);
      if (!reach) {
        const { apiKey, isKeyUnreadable } = openKey(keyBox, provider.apiKeyEncrypted);
        const connection = { kind: provider.kind, name: provider.name, baseUrl: provider.baseUrl, apiKey };
        reach = { connection, isKeyUnreadable };
        connections.set(provider.id, reach);
      }
      entries.set(model.id, {
        modelKey: model.modelKey,
        ...reach,
        info: {
          id: model.id,
          name: model.name,
          type: model.type,
          providerId: provider.id,
          providerName: provider.name,
          providerKind: provider.kind,
          contextLength: model.contextLength,
          supportsImages: model.supportsImages,
          pointsPerRequest: model.pointsPerRequest,
        },
      });
    }
    // A write that landed while this query ran may not be in it: keep the answer, not the cache.
    if (startedGeneration === generation) cached = { entries, loadedAt: Date.now() };
    return entries;
  }

  return {
    async entry(modelId: number): Promise<CatalogueEntry | undefined> {
      if (!cached || Date.now() - cached.loadedAt > CACHE_MS) {
        loading ??= load().finally(() => {
          loading = undefined;
        });
        return (await loading).get(modelId);
      }
      return cached.entries.get(modelId);
    },
    invalidate() {
      generation++;
      cached = undefined;
      loading = undefined;
    },
  };
}
