/**
 * Agents' fixed vocabularies and the randomness presets, without zod:
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

/** Fields the agent needs before it can be published, each with its own message. */
export const AGENT_REQUIRED_FIELDS = ['name', 'avatar', 'description', 'prompt', 'first_question'] as const;
export type AgentRequiredField = (typeof AGENT_REQUIRED_FIELDS)[number];

/** Numeric agent statuses, as the `SA:agent_deleted` notification carries them. */
export const AGENT_STATUS_CODES = { draft: 0, published: 1, off_shelf: 2, disabled: 3, deleted: 4 } as const;

/**
 * Where the caller stands with an agent, strongest first: its owner; a manager of its team (team
 * owner or admin); a per-agent admin, editor or viewer; another member of its team; anyone else.
 */
export const AGENT_ROLES = ['owner', 'manager', 'admin', 'editor', 'viewer', 'member', 'visitor'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/**
 * What the caller may do with an agent, answered with it so the screens show only the buttons that
 * work: `use` (chat), `edit` (the draft, debug), `publish` (publish, unpublish, off and on shelf),
 * `share` (access and embed origins), `manage_members`, `analyse` (data analysis and user feedback),
 * `delete`, `transfer` (hand it to another member of its team).
 */
export const AGENT_ABILITIES = [
  'use',
  'edit',
  'publish',
  'share',
  'manage_members',
  'analyse',
  'delete',
  'transfer',
] as const;
export type AgentAbility = (typeof AGENT_ABILITIES)[number];
export type AgentAbilities = Record<AgentAbility, boolean>;

/**
 * Hub tabs: `all`, the published agents of the current team the caller may use (web-public ones
 * included); `mine`, the agents the caller owns or is admin or editor of, in any status.
 */
export const HUB_TABS = ['all', 'mine'] as const;
export type HubTab = (typeof HUB_TABS)[number];

/** An embed origin: scheme, host and optional port, nothing after (`https://example.com:8443`). */
export const EMBED_ORIGIN_PATTERN =
  /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** The events of a streamed reply (debug chat as Server-Sent Events, prompt optimising on a channel). */
export const STREAM_EVENT_TYPES = ['delta', 'reasoning', 'done', 'error'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** The error of each field publishing requires (its code and message are in errors.ts). */
export const AGENT_REQUIRED_FIELD_ERRORS = {
  name: 'AGENT_NAME_REQUIRED',
  avatar: 'AGENT_AVATAR_REQUIRED',
  description: 'AGENT_DESCRIPTION_REQUIRED',
  prompt: 'AGENT_PROMPT_REQUIRED',
  first_question: 'AGENT_FIRST_QUESTION_REQUIRED',
} as const satisfies Record<AgentRequiredField, string>;

/** Model calls of the editor, per user per process: debug chat replies and prompt optimising. */
export const AGENT_DEBUG_CHATS_PER_MINUTE = 20;
export const PROMPT_OPTIMIZATIONS_PER_MINUTE = 10;
