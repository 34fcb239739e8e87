import { z } from 'zod';
import {
  AGENT_ACCESS,
  AGENT_PERMISSIONS,
  DEFAULT_MODEL_PARAMS,
  MODEL_PARAM_RANGES,
  RANDOMNESS_PRESETS,
} from './agent-rules.ts';
import {
  AGENT_DESCRIPTION_MAX,
  AGENT_FIRST_QUESTION_MAX,
  AGENT_GREETING_MAX,
  AGENT_KNOWLEDGE_MAX,
  AGENT_NAME_MAX,
  AGENT_PROMPT_MAX,
} from './limits.ts';
import { safeText } from './user.ts';

/**
 * An agent's configuration (spec part B section 3): what the editor saves as the draft and what
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
  model_id: z.number().int().positive().nullable().default(null),
  prompt: longText(AGENT_PROMPT_MAX).default(''),
  first_question: longText(AGENT_FIRST_QUESTION_MAX).default(''),
  greeting: longText(AGENT_GREETING_MAX).default(''),
  knowledge_ids: z.array(z.number().int().positive()).max(AGENT_KNOWLEDGE_MAX).default([]),
  params: modelParams.default(modelParams.parse({})),
  cite_sources: z.boolean().default(false),
  markdown: z.boolean().default(true),
  suggest_questions: z.boolean().default(false),
  project_context: z.boolean().default(false),
});
export type AgentConfig = z.infer<typeof agentConfig>;

export const agentAccess = z.enum(AGENT_ACCESS);
export const agentPermission = z.enum(AGENT_PERMISSIONS);
