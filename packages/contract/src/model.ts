import { z } from 'zod';
import { MODEL_TYPES, PROVIDER_KINDS } from './agent-rules.ts';
import { entityId } from './ids.ts';
import {
  API_KEY_MAX,
  BASE_URL_MAX,
  CONTEXT_LENGTH_MAX,
  DEFAULT_CONTEXT_LENGTH,
  MODEL_KEY_MAX,
  MODEL_NAME_MAX,
  MODEL_SORT_MAX,
  PARAMETER_SIZE_MAX,
  POINTS_PER_REQUEST_MAX,
  PROVIDER_NAME_MAX,
  TRAINING_DATE_MAX,
} from './model-rules.ts';
import { nameText, safeText } from './user.ts';

/**
 * Model providers and their models: the platform admin's calls (`is_super` only) and the
 * list of models any signed-in user may pick. An API key is write-only: answers say `has_api_key`.
 */

const id = entityId;

export const providerKind = z.enum(PROVIDER_KINDS);
export const modelType = z.enum(MODEL_TYPES);

/** http(s) only: the server calls it. Trailing slashes are dropped. */
export const baseUrl = z
  .string()
  .trim()
  .max(BASE_URL_MAX)
  .pipe(z.url({ protocol: /^https?$/, error: 'an http(s) address' }))
  .transform((value) => value.replace(/\/+$/, ''));

const apiKey = z.string().trim().min(1, 'required').max(API_KEY_MAX);

/** The key as the provider's API knows the model: no spaces. */
export const modelKey = z.string().trim().min(1, 'required').max(MODEL_KEY_MAX).regex(/^\S+$/, 'no spaces');

export const modelProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: providerKind,
  base_url: z.string(),
  has_api_key: z.boolean(),
  enabled: z.boolean(),
  model_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModelProvider = z.infer<typeof modelProvider>;

/**
 * Creates a provider (no `id`) or updates one. `api_key`: a new key; left out, the stored one is kept;
 * `null` removes it (endpoints without keys, such as Ollama).
 */
export const saveProviderBody = z.object({
  id: id.optional(),
  name: nameText(PROVIDER_NAME_MAX),
  kind: providerKind,
  base_url: baseUrl,
  api_key: apiKey.nullable().optional(),
  enabled: z.boolean().default(true),
});
export type SaveProviderBody = z.infer<typeof saveProviderBody>;

export const savedData = z.object({ id: z.number().int() });
export const idBody = z.object({ id });

/**
 * Tries a provider with a one-line request: the saved one (`id`), or the form's values before saving
 * (a key left out with an `id` means the stored key). `model_key` defaults to the provider's first model.
 */
export const testProviderBody = z.object({
  id: id.optional(),
  kind: providerKind,
  base_url: baseUrl,
  api_key: apiKey.optional(),
  model_key: modelKey.optional(),
});
export type TestProviderBody = z.infer<typeof testProviderBody>;

/** `ok` with the model's reply, or not with the provider's error text (not translated: it is theirs). */
export const testProviderData = z.object({
  ok: z.boolean(),
  message: z.string(),
  model_key: z.string(),
  latency_ms: z.number().int(),
});
export type TestProviderData = z.infer<typeof testProviderData>;

export const model = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  name: z.string(),
  model_key: z.string(),
  type: modelType,
  parameter_size: z.string(),
  training_date: z.string(),
  context_length: z.number().int(),
  supports_images: z.boolean(),
  points_per_request: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The platform's default model: default assistants answer with it. */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Model = z.infer<typeof model>;

export const modelListQuery = z.object({ provider_id: id.optional() });

/** Creates a model (no `id`) or updates one; a model key is unique within its provider. */
export const saveModelBody = z.object({
  id: id.optional(),
  provider_id: id,
  name: nameText(MODEL_NAME_MAX),
  model_key: modelKey,
  type: modelType.default('completion'),
  parameter_size: safeText(PARAMETER_SIZE_MAX).default(''),
  training_date: safeText(TRAINING_DATE_MAX).default(''),
  context_length: z.number().int().min(1).max(CONTEXT_LENGTH_MAX).default(DEFAULT_CONTEXT_LENGTH),
  supports_images: z.boolean().default(false),
  points_per_request: z.number().int().min(0).max(POINTS_PER_REQUEST_MAX).default(1),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(MODEL_SORT_MAX).default(0),
  /** Makes it the platform's default model (the one before stops being it); false leaves it as it is. */
  is_default: z.boolean().default(false),
});
export type SaveModelBody = z.infer<typeof saveModelBody>;

/** What the agent wizard's model picker shows: enabled completion models of enabled providers. */
export const availableModel = z.object({
  id: z.number().int(),
  name: z.string(),
  provider_name: z.string(),
  parameter_size: z.string(),
  training_date: z.string(),
  context_length: z.number().int(),
  supports_images: z.boolean(),
  points_per_request: z.number().int(),
  /** The platform's default model (the operator's choice, else the first): at most one is. */
  is_default: z.boolean(),
});
export type AvailableModel = z.infer<typeof availableModel>;
