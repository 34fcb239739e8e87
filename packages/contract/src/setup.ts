import { z } from 'zod';
import { entityId } from './ids.ts';
import { baseUrl, modelKey } from './model.ts';
import { API_KEY_MAX } from './model-rules.ts';

/**
 * First run: a fresh installation prints a one-time setup link; its opener becomes the
 * platform admin and connects a model, found on this machine's local servers or entered by hand.
 */

/** 43 characters of base64url (32 random bytes). */
export const setupToken = z.string().regex(/^[\w-]{20,100}$/, 'invalid setup token');

export const checkSetupLinkQuery = z.object({ token: setupToken });
export const checkSetupLinkData = z.object({ valid: z.boolean() });
export type CheckSetupLinkData = z.infer<typeof checkSetupLinkData>;

export const claimSetupLinkBody = z.object({ token: setupToken });
export const claimSetupLinkData = z.object({ is_super: z.literal(true) });

/** A local OpenAI-compatible server that answered `GET /v1/models`. */
export const localModelServer = z.object({
  /** Ollama, LM Studio, llama.cpp, vLLM: what usually listens on that port. */
  name: z.string(),
  base_url: z.string(),
  models: z.array(z.string()),
});
export type LocalModelServer = z.infer<typeof localModelServer>;

export const probeServerBody = z.object({
  base_url: baseUrl,
  api_key: z.string().trim().max(API_KEY_MAX).optional(),
});
export const probeServerData = z.object({ models: z.array(z.string()) });
export type ProbeServerData = z.infer<typeof probeServerData>;

/**
 * Connects an OpenAI-compatible model and makes it the platform's default: the provider with this
 * base URL is reused (its key replaced when one is given), else created; so is the model.
 */
export const connectModelBody = z.object({
  base_url: baseUrl,
  api_key: z.string().trim().max(API_KEY_MAX).optional(),
  model_key: modelKey,
  /** The provider's name; the server's host when left out. */
  provider_name: z.string().trim().min(1).max(100).optional(),
});
export type ConnectModelBody = z.infer<typeof connectModelBody>;
export const connectModelData = z.object({ provider_id: entityId, model_id: entityId });
export type ConnectModelData = z.infer<typeof connectModelData>;
