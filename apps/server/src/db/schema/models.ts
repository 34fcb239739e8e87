import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A model provider the platform's operator connected: any OpenAI-compatible endpoint, or Anthropic.
 * The API key is encrypted at rest (AES-256-GCM under a key derived from the configured secret).
 */
export const modelProviders = pgTable('model_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  kind: text('kind').$type<'openai-compatible' | 'anthropic'>().notNull(),
  baseUrl: text('base_url').notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts; null for endpoints without a key (Ollama). */
  apiKeyEncrypted: text('api_key_encrypted'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A model of a provider, as the wizard offers it and as chat bills it. */
export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => modelProviders.id, { onDelete: 'cascade' }),
    /** What users see: "GPT-4o mini". */
    name: text('name').notNull(),
    /** What the provider's API calls it: "gpt-4o-mini". */
    modelKey: text('model_key').notNull(),
    type: text('type').$type<'completion' | 'embedding'>().notNull().default('completion'),
    parameterSize: text('parameter_size').notNull().default(''),
    /** Training cut-off as the operator writes it: "2024-06". */
    trainingDate: text('training_date').notNull().default(''),
    contextLength: integer('context_length').notNull().default(8192),
    supportsImages: boolean('supports_images').notNull().default(false),
    pointsPerRequest: integer('points_per_request').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** The platform's default model (at most one): default assistants and new agents take it. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('models_provider_key').on(t.providerId, t.modelKey),
    index('models_enabled_type').on(t.enabled, t.type, t.sort),
    uniqueIndex('models_platform_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);
