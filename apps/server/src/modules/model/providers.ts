import type { ModelProvider, SaveProviderBody, TestProviderBody } from '@tandem/contract/model';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ProviderConnection } from '../../platform/llm/provider-connection.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';

type ProviderRow = typeof modelProviders.$inferSelect;

/** The key never leaves: only whether there is one. */
const present = (row: ProviderRow, modelCount: number): ModelProvider => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  base_url: row.baseUrl,
  has_api_key: row.apiKeyEncrypted !== null,
  enabled: row.enabled,
  model_count: modelCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listProviders(db: Db): Promise<ModelProvider[]> {
  const rows = await db
    .select({ provider: modelProviders, modelCount: count(models.id) })
    .from(modelProviders)
    .leftJoin(models, eq(models.providerId, modelProviders.id))
    .groupBy(modelProviders.id)
    .orderBy(asc(modelProviders.id));
  return rows.map((row) => present(row.provider, row.modelCount));
}

async function providerRow(db: Db, id: number): Promise<ProviderRow> {
  const [row] = await db.select().from(modelProviders).where(eq(modelProviders.id, id)).limit(1);
  if (!row) throw new AppError('MODEL_PROVIDER_NOT_FOUND');
  return row;
}

/** Creates or updates; an update without `api_key` keeps the stored key, `null` removes it. */
export async function saveProvider(db: Db, keyBox: SecretBox, body: SaveProviderBody): Promise<number> {
  const existing = body.id === undefined ? undefined : await providerRow(db, body.id);
  const apiKeyEncrypted =
    body.api_key === undefined
      ? (existing?.apiKeyEncrypted ?? null)
      : body.api_key === null
        ? null
        : keyBox.seal(body.api_key);
  if (body.kind === 'anthropic' && apiKeyEncrypted === null)
    throw new AppError('MODEL_PROVIDER_KEY_REQUIRED');
  const values = {
    name: body.name,
    kind: body.kind,
    baseUrl: body.base_url,
    apiKeyEncrypted,
    enabled: body.enabled,
  };
  if (existing) {
    await db
      .update(modelProviders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(modelProviders.id, existing.id));
    return existing.id;
  }
  const [created] = await db.insert(modelProviders).values(values).returning({ id: modelProviders.id });
  return created!.id;
}

/** Its models go with it; agents that used them keep no model and say so in chat. */
export async function deleteProvider(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(modelProviders)
    .where(eq(modelProviders.id, id))
    .returning({ id: modelProviders.id });
  if (deleted.length === 0) throw new AppError('MODEL_PROVIDER_NOT_FOUND');
}

/**
 * What "test connection" calls: the form's values, with the stored key when the form leaves it out,
 * and the model to ask (the one named, else the provider's first).
 */
export async function connectionToTest(
  db: Db,
  keyBox: SecretBox,
  body: TestProviderBody,
): Promise<{ connection: ProviderConnection; modelKey: string; modelType: 'completion' | 'embedding' }> {
  const existing = body.id === undefined ? undefined : await providerRow(db, body.id);
  let apiKey = body.api_key;
  if (apiKey === undefined && existing?.apiKeyEncrypted) {
    try {
      apiKey = keyBox.open(existing.apiKeyEncrypted);
    } catch {
      // Sealed under another SECRETS_KEY: test without it, and the provider will say the key is missing.
    }
  }
  let modelKey = body.model_key;
  if (!modelKey && existing) {
    const [first] = await db
      .select({ modelKey: models.modelKey })
      .from(models)
      .where(eq(models.providerId, existing.id))
      .orderBy(asc(models.sort), asc(models.id))
      .limit(1);
    modelKey = first?.modelKey;
  }
  if (!modelKey) throw new AppError('MODEL_TEST_NEEDS_MODEL');
  // A saved embedding model is tested by embedding a word: it cannot chat.
  const [saved] = existing
    ? await db
        .select({ type: models.type })
        .from(models)
        .where(and(eq(models.providerId, existing.id), eq(models.modelKey, modelKey)))
        .limit(1)
    : [];
  return {
    connection: { kind: body.kind, name: existing?.name ?? 'test', baseUrl: body.base_url, apiKey },
    modelKey,
    modelType: saved?.type ?? 'completion',
  };
}
