import { z } from 'zod';
import {
  AGENT_ABILITIES,
  AGENT_ACCESS,
  AGENT_PERMISSIONS,
  AGENT_ROLES,
  AGENT_STATUSES,
  DEFAULT_MODEL_PARAMS,
  EMBED_ORIGIN_PATTERN,
  HUB_SORTS,
  HUB_TABS,
  MODEL_PARAM_RANGES,
  RANDOMNESS_PRESETS,
} from './agent-rules.ts';
import { citation } from './citation.ts';
import { pageQuery } from './envelope.ts';
import { entityId, entityIds } from './ids.ts';
import {
  AGENT_DEBUG_MESSAGE_MAX,
  AGENT_DEBUG_MESSAGES_MAX,
  AGENT_DESCRIPTION_MAX,
  AGENT_EMBED_ORIGINS_MAX,
  AGENT_FIRST_QUESTION_MAX,
  AGENT_GREETING_MAX,
  AGENT_KNOWLEDGE_MAX,
  AGENT_NAME_MAX,
  AGENT_PROMPT_MAX,
} from './limits.ts';
import { teamCandidate } from './team.ts';
import { safeText } from './user.ts';

/**
 * An agent's configuration: what the editor saves as the draft and what
 * publishing releases. A draft may be incomplete; publishing checks AGENT_REQUIRED_FIELDS.
 */

const ranged = (name: keyof typeof MODEL_PARAM_RANGES) =>
  z.number().min(MODEL_PARAM_RANGES[name].min).max(MODEL_PARAM_RANGES[name].max);

export const modelParams = z.object({
  preset: z.enum(RANDOMNESS_PRESETS).default(DEFAULT_MODEL_PARAMS.preset),
  context_window: ranged('context_window').int().default(DEFAULT_MODEL_PARAMS.context_window),
  temperature: ranged('temperature').default(DEFAULT_MODEL_PARAMS.temperature),
  top_p: ranged('top_p').default(DEFAULT_MODEL_PARAMS.top_p),
  max_tokens: ranged('max_tokens').int().default(DEFAULT_MODEL_PARAMS.max_tokens),
  presence_penalty: ranged('presence_penalty').default(DEFAULT_MODEL_PARAMS.presence_penalty),
  frequency_penalty: ranged('frequency_penalty').default(DEFAULT_MODEL_PARAMS.frequency_penalty),
});
export type ModelParams = z.infer<typeof modelParams>;

/** An uploaded image (`/api/upload/files/<id>`) or empty. */
const agentAvatar = z
  .string()
  .trim()
  .max(512)
  .regex(/^(\/api\/upload\/files\/[\w.-]+)?$/, 'not an uploaded image');

/** Long free text keeps its line breaks; only the ends are trimmed. */
const longText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().refine((value) => [...value].length <= max, `at most ${max} characters`));

export const agentConfig = z.object({
  name: safeText(AGENT_NAME_MAX).default(''),
  description: longText(AGENT_DESCRIPTION_MAX).default(''),
  avatar: agentAvatar.default(''),
  model_id: entityId.nullable().default(null),
  prompt: longText(AGENT_PROMPT_MAX).default(''),
  first_question: longText(AGENT_FIRST_QUESTION_MAX).default(''),
  greeting: longText(AGENT_GREETING_MAX).default(''),
  knowledge_ids: z.array(entityId).max(AGENT_KNOWLEDGE_MAX).default([]),
  params: modelParams.default(modelParams.parse({})),
  cite_sources: z.boolean().default(false),
  markdown: z.boolean().default(true),
  suggest_questions: z.boolean().default(false),
  project_context: z.boolean().default(false),
  /** A web page builder: its replies write files that build into numbered versions of a site (chat-sites.ts). */
  web_build: z.boolean().default(false),
});
export type AgentConfig = z.infer<typeof agentConfig>;

export const agentAccess = z.enum(AGENT_ACCESS);
export const agentPermission = z.enum(AGENT_PERMISSIONS);
export const agentStatus = z.enum(AGENT_STATUSES);

export { AGENT_API } from './api.ts';

/*
 * The agent calls (the spec shows none of their payloads, so they are designed here in
 * its style and listed in docs/api.md). GET: hub list, detail, templates, members, public
 * info. DELETE (with a JSON body, like the team calls): delete-agent, remove-agent-member. The rest
 * are POST. debug-chat answers a Server-Sent Events stream instead of the envelope.
 */

const id = entityId;
const ids = entityIds(500);

export const agentIdQuery = z.object({ id });
export const agentIdBody = z.object({ id });
export type AgentIdBody = z.infer<typeof agentIdBody>;

/** Public, unguessable id of an agent in links, QR codes and embed codes. */
export const agentKey = z
  .string()
  .trim()
  .regex(/^[\w-]{8,64}$/, 'invalid agent key');
export const agentKeyQuery = z.object({ agent_key: agentKey });

export const agentRole = z.enum(AGENT_ROLES);
/** What the caller may do with the agent (see AGENT_ABILITIES); the screens show only these buttons. */
export const agentAbilities = z.object(
  Object.fromEntries(AGENT_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<
    (typeof AGENT_ABILITIES)[number],
    z.ZodBoolean
  >,
);

/** The chosen model as the editor shows it; `available` is false once it or its provider is disabled. */
export const agentModelInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  points_per_request: z.number().int(),
  supports_images: z.boolean(),
  available: z.boolean(),
});
export type AgentModelInfo = z.infer<typeof agentModelInfo>;

export const agentPerson = z.object({ user_id: z.number().int(), name: z.string(), avatar: z.string() });

// Templates.

/** A starting point of the wizard, in the caller's language; `config` is what creating from it saves. */
export const agentTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  config: agentConfig,
});
export type AgentTemplate = z.infer<typeof agentTemplate>;

// Create and update.

/**
 * Creates a draft in the caller's current team: from `config` when given (an unsaved form), else from
 * the template, else blank. The caller owns it.
 */
export const createAgentBody = z.object({
  template_id: z.string().trim().min(1).max(64).optional(),
  config: agentConfig.optional(),
});
export type CreateAgentBody = z.input<typeof createAgentBody>;
export const createAgentData = z.object({ id: z.number().int(), agent_key: z.string() });
export type CreateAgentData = z.infer<typeof createAgentData>;

/** Saves the draft: the whole configuration (missing fields take their defaults). */
export const updateAgentBody = z.object({ id, config: agentConfig });
export type UpdateAgentBody = z.input<typeof updateAgentBody>;

/** What a state change leaves: publish, unpublish, off shelf, on shelf, update. */
export const agentStateData = z.object({
  id: z.number().int(),
  status: agentStatus,
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AgentStateData = z.infer<typeof agentStateData>;

// Detail.

export const agentDetail = z.object({
  id: z.number().int(),
  agent_key: z.string(),
  team_id: z.number().int(),
  status: agentStatus,
  access: agentAccess,
  embed_origins: z.array(z.string()),
  /** What the editor saved. */
  draft: agentConfig,
  /** What users chat with; null until published and after unpublishing. */
  published: agentConfig.nullable(),
  /** The draft differs from the published configuration. */
  has_unpublished_changes: z.boolean(),
  owner: agentPerson,
  my_role: agentRole,
  abilities: agentAbilities,
  /** The draft's model; null when none is chosen or it no longer exists. */
  model: agentModelInfo.nullable(),
  conversation_count: z.number().int(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The team's default assistant: it cannot be deleted; with no model of its own it takes the platform's default. */
  is_default: z.boolean(),
});
export type AgentDetail = z.infer<typeof agentDetail>;

// Access.

/** `https://host[:port]`, lower-cased; a path, query or credentials are refused. */
export const embedOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .transform((value) => value.replace(/\/$/, ''))
  .pipe(z.string().regex(EMBED_ORIGIN_PATTERN, 'not an origin (https://host[:port])'));

export const setAgentAccessBody = z.object({
  id,
  access: agentAccess,
  /** Sites allowed to embed the agent; used when it is web public. Duplicates are dropped. */
  embed_origins: z
    .array(embedOrigin)
    .max(AGENT_EMBED_ORIGINS_MAX)
    .default([])
    .transform((origins) => [...new Set(origins)]),
});
export type SetAgentAccessBody = z.input<typeof setAgentAccessBody>;
export const agentAccessData = z.object({ access: agentAccess, embed_origins: z.array(z.string()) });

// Members.

export const agentMemberListQuery = z.object({ id, ...pageQuery.shape });
export const agentMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  permission: agentPermission,
  created_at: z.string(),
});
export type AgentMember = z.infer<typeof agentMember>;

/** Adds members of the agent's team (all or none); someone already a member gets the new permission. */
export const addAgentMembersBody = z.object({ id, user_ids: ids, permission: agentPermission });
export type AddAgentMembersBody = z.input<typeof addAgentMembersBody>;
export const updateAgentMemberBody = z.object({ id, user_id: id, permission: agentPermission });
export type UpdateAgentMemberBody = z.input<typeof updateAgentMemberBody>;
export const removeAgentMemberBody = z.object({ id, user_id: id });
export type RemoveAgentMemberBody = z.input<typeof removeAgentMemberBody>;
export const agentCountData = z.object({ count: z.number().int() });

/**
 * Members of the agent's team to choose from: `keyword` matches their name in the team or nickname,
 * or a whole email or phone number. Contacts come masked (`al***@example.com`, `138****5678`).
 */
export const agentCandidatesQuery = z.object({
  id,
  keyword: safeText(100).default(''),
  ...pageQuery.shape,
});
export type AgentCandidatesQuery = z.input<typeof agentCandidatesQuery>;
export const agentCandidate = teamCandidate.extend({
  /** Their permission on the agent; null when they are not one of its members. */
  permission: agentPermission.nullable(),
});
export type AgentCandidate = z.infer<typeof agentCandidate>;

/** Hands the agent to another member of its team; the previous owner stays on as its admin. */
export const transferAgentBody = z.object({ id, user_id: id });
export type TransferAgentBody = z.input<typeof transferAgentBody>;

// Hub.

const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);

/** The Agents Hub of the current team: keyword over name and description, a tab, sort and `mine`. */
export const hubListQuery = z.object({
  ...pageQuery.shape,
  keyword: z.string().trim().max(100).default(''),
  sort: z.enum(HUB_SORTS).default('relevance'),
  tab: z.enum(HUB_TABS).default('all'),
  /** 1: only agents the caller owns. */
  mine: flag.default(0),
  /** 1: only the team's default assistant (the chat opens it for someone with no agent yet). */
  is_default: flag.default(0),
});
export type HubListQuery = z.input<typeof hubListQuery>;

export const agentCard = z.object({
  id: z.number().int(),
  agent_key: z.string(),
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
  status: agentStatus,
  access: agentAccess,
  owner_id: z.number().int(),
  owner_name: z.string(),
  /** Null when no model is chosen. */
  model_name: z.string().nullable(),
  conversation_count: z.number().int(),
  published_at: z.string().nullable(),
  my_role: agentRole,
  abilities: agentAbilities,
  /** The team's default assistant (every team has one from its first moment). */
  is_default: z.boolean(),
});
export type AgentCard = z.infer<typeof agentCard>;

// Link, QR code and embed.

/** What a link, QR code or embed shows, to visitors too: nothing secret (no prompt, no model). */
export const publicAgentInfo = z.object({
  id: z.number().int(),
  agent_key: z.string(),
  name: z.string(),
  avatar: z.string(),
  description: z.string(),
  greeting: z.string(),
  first_question: z.string(),
  markdown: z.boolean(),
  suggest_questions: z.boolean(),
  /** What a message costs; null while the agent's model is not usable. */
  points_per_request: z.number().int().nullable(),
  /** Whether messages may carry images (the model reads them). */
  supports_images: z.boolean(),
  /** Only for signed-in callers; visitors get false. */
  can_edit: z.boolean(),
  /** The team's default assistant: its chat offers a model picker (`model_id` on send). */
  is_default: z.boolean(),
});
export type PublicAgentInfo = z.infer<typeof publicAgentInfo>;

// Streams.

/** A turn of a conversation sent back to the model. */
export const chatTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(AGENT_DEBUG_MESSAGE_MAX),
});
export type ChatTurn = z.infer<typeof chatTurn>;

/**
 * Debug chat with the unsaved configuration: `id` of the agent being edited (absent while creating
 * one), the form's `config`, and the conversation so far, ending with the user's message.
 */
export const debugChatBody = z.object({
  id: id.optional(),
  config: agentConfig,
  messages: z
    .array(chatTurn)
    .min(1)
    .max(AGENT_DEBUG_MESSAGES_MAX)
    .refine((turns) => turns.at(-1)?.role === 'user', "the last message must be the user's")
    .refine((turns) => turns.at(-1)?.content.trim() !== '', 'the last message is empty'),
});
export type DebugChatBody = z.input<typeof debugChatBody>;

/**
 * One event of a streamed reply. Debug chat sends each as a Server-Sent Event whose `event:` is the
 * type and whose `data:` is this JSON; prompt optimising publishes each on its common agent channel.
 * `done.content` is the whole text, so a subscriber that missed deltas still gets the answer.
 */
export const streamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), content: z.string() }),
  z.object({ type: z.literal('reasoning'), content: z.string() }),
  z.object({
    type: z.literal('done'),
    content: z.string(),
    finish_reason: z.string(),
    usage: z.object({
      input_tokens: z.number().int().nullable(),
      output_tokens: z.number().int().nullable(),
    }),
    /** The sources the reply cites, when the agent has "cite sources" on. */
    citations: z.array(citation).optional(),
  }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
]);
export type StreamEvent = z.infer<typeof streamEvent>;

/**
 * Asks the model to improve a prompt. Answers the common agent channel (`com:counselor_optimize.…`) the
 * suggestion streams on: pass `channel` from get-com-chat-channel after subscribing to it, or let the
 * call make one (then only `done`, with the whole text, is sure to arrive).
 */
export const counselorOptimizeBody = z.object({
  prompt: longText(AGENT_PROMPT_MAX).pipe(z.string().min(1, 'required')),
  /** The model to ask: the agent's; else the first available one. */
  model_id: entityId.nullable().optional(),
  /** The agent's name and description give the model context. */
  name: z
    .string()
    .max(AGENT_NAME_MAX * 4)
    .default(''),
  description: z
    .string()
    .max(AGENT_DESCRIPTION_MAX * 4)
    .default(''),
  channel: z.string().trim().max(255).optional(),
});
export type CounselorOptimizeBody = z.input<typeof counselorOptimizeBody>;

export type {
  AgentAbilities,
  AgentAbility,
  AgentAccess,
  AgentPermission,
  AgentRole,
  AgentStatus,
  HubSort,
  HubTab,
} from './agent-rules.ts';
