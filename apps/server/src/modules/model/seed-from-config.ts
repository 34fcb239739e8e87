import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { providerKeyBox } from '../../platform/llm/provider-connection.ts';

/** Any number; nodes starting together take it so only one of them creates the provider. */
const SEED_LOCK_ID = 7_233_002;

/**
 * The first start's provider and models from LLM_BASE_URL and friends, created only while there is
 * no provider at all: afterwards the platform admin's screen is the one place they change.
 * Answers whether it created them.
 */
export async function seedModelsFromConfig(
  db: Db,
  config: Pick<Config, 'llm' | 'secretsKey'>,
): Promise<boolean> {
  const seed = config.llm.seed;
  if (!seed) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: modelProviders.id }).from(modelProviders).limit(1);
    if (existing) return false;
    const [provider] = await tx
      .insert(modelProviders)
      .values({
        name: seed.name,
        kind: seed.kind,
        baseUrl: seed.baseUrl,
        apiKeyEncrypted: seed.apiKey ? providerKeyBox(config).seal(seed.apiKey) : null,
      })
      .returning({ id: modelProviders.id });
    if (seed.models.length > 0) {
      await tx.insert(models).values(
        seed.models.map((model, index) => ({
          providerId: provider!.id,
          name: model.key,
          modelKey: model.key,
          pointsPerRequest: model.pointsPerRequest,
          sort: index,
        })),
      );
    }
    return true;
  });
}
