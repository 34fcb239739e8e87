import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { providerKeyBox } from '../../platform/llm/provider-connection.ts';
import { seedModelsFromConfig } from './seed-from-config.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the first start from LLM_BASE_URL', () => {
  it('creates the provider with its key encrypted and its models, once', async () => {
    const config = testConfig({
      LLM_BASE_URL: 'https://api.example.com/v1',
      LLM_API_KEY: 'sk-first-start-key',
      LLM_PROVIDER_NAME: 'Example',
      LLM_MODELS: 'small-model,big-model=5',
    });
    expect(await seedModelsFromConfig(database.db, testConfig())).toBe(false);
    expect(await seedModelsFromConfig(database.db, config)).toBe(true);
    expect(await seedModelsFromConfig(database.db, config)).toBe(false);

    const providers = await database.db.select().from(modelProviders);
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ name: 'Example', kind: 'openai-compatible', enabled: true });
    expect(JSON.stringify(providers)).not.toContain('sk-first-start-key');
    expect(providerKeyBox(config).open(providers[0]!.apiKeyEncrypted!)).toBe('sk-first-start-key');

    const rows = await database.db.select().from(models).orderBy(models.sort);
    expect(rows.map((row) => [row.modelKey, row.name, row.type, row.pointsPerRequest, row.enabled])).toEqual([
      ['small-model', 'small-model', 'completion', 1, true],
      ['big-model', 'big-model', 'completion', 5, true],
    ]);
  });
});
