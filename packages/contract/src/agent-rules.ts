/**
 * Agents' fixed vocabularies and the randomness presets (spec part B sections 3, 4 and 6), without zod:
 * screens that only need the names import them from here.
 */

export const AGENT_ACCESS = ['team_public', 'team_private', 'web_public'] as const;
export type AgentAccess = (typeof AGENT_ACCESS)[number];

/** Per-agent member permissions: admin is everything but delete and transfer; editor edits; viewer uses. */
export const AGENT_PERMISSIONS = ['admin', 'editor', 'viewer'] as const;
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];

/** `draft` is saved but never released; an unpublished agent goes back to `draft`. */
export const AGENT_STATUSES = ['draft', 'published', 'off_shelf', 'disabled'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const HUB_SORTS = ['relevance', 'popular', 'latest'] as const;
export type HubSort = (typeof HUB_SORTS)[number];

export const MODEL_TYPES = ['completion', 'embedding'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const PROVIDER_KINDS = ['openai-compatible', 'anthropic'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Numeric ranges of the model parameters (the spec does not give them; these are the providers'). */
export const MODEL_PARAM_RANGES = {
  context_window: { min: 0, max: 50, step: 1 },
  temperature: { min: 0, max: 2, step: 0.1 },
  top_p: { min: 0, max: 1, step: 0.05 },
  max_tokens: { min: 1, max: 32_000, step: 1 },
  presence_penalty: { min: -2, max: 2, step: 0.1 },
  frequency_penalty: { min: -2, max: 2, step: 0.1 },
} as const;

export type ModelParamName = keyof typeof MODEL_PARAM_RANGES;

export const RANDOMNESS_PRESETS = [
  'accurate',
  'stable',
  'balance',
  'neutral',
  'originality',
  'random',
  'custom',
] as const;
export type RandomnessPreset = (typeof RANDOMNESS_PRESETS)[number];

type SamplingValues = {
  temperature: number;
  top_p: number;
  presence_penalty: number;
  frequency_penalty: number;
};

/** What each named preset sets; `custom` keeps whatever the user chose. */
export const PRESET_VALUES: Record<Exclude<RandomnessPreset, 'custom'>, SamplingValues> = {
  accurate: { temperature: 0.1, top_p: 0.7, presence_penalty: 0, frequency_penalty: 0 },
  stable: { temperature: 0.3, top_p: 0.8, presence_penalty: 0, frequency_penalty: 0.2 },
  balance: { temperature: 0.6, top_p: 0.9, presence_penalty: 0.2, frequency_penalty: 0.3 },
  neutral: { temperature: 0.7, top_p: 1, presence_penalty: 0, frequency_penalty: 0 },
  originality: { temperature: 1, top_p: 0.95, presence_penalty: 0.5, frequency_penalty: 0.5 },
  random: { temperature: 1.3, top_p: 1, presence_penalty: 0.8, frequency_penalty: 0.8 },
};

export const DEFAULT_MODEL_PARAMS = {
  preset: 'neutral' as RandomnessPreset,
  context_window: 10,
  max_tokens: 2048,
  ...PRESET_VALUES.neutral,
};

/** Fields the agent needs before it can be published, each with its own message (spec part B section 5). */
export const AGENT_REQUIRED_FIELDS = ['name', 'avatar', 'description', 'prompt', 'first_question'] as const;
export type AgentRequiredField = (typeof AGENT_REQUIRED_FIELDS)[number];
