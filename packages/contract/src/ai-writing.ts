import { z } from 'zod';
import { entityId } from './ids.ts';

/**
 * AI actions on a selection in the document editor. The
 * answer streams as Server-Sent Events of the agent contract's `streamEvent` shape (`delta`,
 * `reasoning`, `done`, `error`); a request refused before the model is asked answers the usual envelope.
 */

export const AI_WRITING_API = {
  /** POST `aiWriteBody`: the result as Server-Sent Events. Spends the writing model's points. */
  write: '/api/knowledge/ai-write',
  /** GET: the model AI writing uses now and its points per request, for any signed-in user. */
  writingModel: '/api/knowledge/get-writing-model',
  /** GET (platform admins): the chosen writing model and the one in effect. */
  adminWritingModel: '/api/admin/get-writing-model',
  /** POST `{ model_id }` (platform admins): null goes back to the default, the first completion model. */
  setWritingModel: '/api/admin/set-writing-model',
} as const;

export const AI_WRITING_ACTIONS = ['rewrite', 'explain', 'summary', 'translate'] as const;
export type AiWritingAction = (typeof AI_WRITING_ACTIONS)[number];

/** The rewrite modes. */
export const REWRITE_MODES = ['beautify', 'simplify', 'expand', 'popularize'] as const;
export type RewriteMode = (typeof REWRITE_MODES)[number];

/** The six translation targets. */
export const TRANSLATION_TARGETS = ['zh', 'en', 'ja', 'ko', 'fr', 'de'] as const;
export type TranslationTarget = (typeof TRANSLATION_TARGETS)[number];

/** The longest selection one request takes (characters). */
export const AI_WRITING_SELECTION_MAX = 20_000;
/** The text before and after the selection the model reads, at most, on each side. */
export const AI_WRITING_CONTEXT_MAX = 2_000;
/** Without a first token in this time the request ends as a timeout (server default, LLM-independent). */
export const AI_WRITING_FIRST_TOKEN_MS = 30_000;

export const aiWriteBody = z
  .object({
    doc_id: entityId,
    action: z.enum(AI_WRITING_ACTIONS),
    /** Required for `rewrite`. */
    mode: z.enum(REWRITE_MODES).optional(),
    /** Required for `translate`. */
    language: z.enum(TRANSLATION_TARGETS).optional(),
    text: z.string().trim().min(1, 'required').max(AI_WRITING_SELECTION_MAX),
    context_before: z.string().max(AI_WRITING_CONTEXT_MAX).default(''),
    context_after: z.string().max(AI_WRITING_CONTEXT_MAX).default(''),
  })
  .superRefine((body, context) => {
    if (body.action === 'rewrite' && !body.mode) {
      context.addIssue({ code: 'custom', path: ['mode'], message: 'required' });
    }
    if (body.action === 'translate' && !body.language) {
      context.addIssue({ code: 'custom', path: ['language'], message: 'required' });
    }
  });
export type AiWriteBody = z.input<typeof aiWriteBody>;

/** The model AI writing spends, as users see it; null when no completion model is usable. */
export const writingModelData = z
  .object({ id: z.number().int(), name: z.string(), points_per_request: z.number().int() })
  .nullable();
export type WritingModelData = z.infer<typeof writingModelData>;

export const adminWritingModelData = z.object({
  /** The admin's choice; null: the default (the first completion model). */
  chosen_id: z.number().int().nullable(),
  /** What requests use now: the choice while it is usable, else the default; null when none is. */
  effective: writingModelData,
});
export type AdminWritingModelData = z.infer<typeof adminWritingModelData>;

export const setWritingModelBody = z.object({ model_id: entityId.nullable() });
export type SetWritingModelBody = z.input<typeof setWritingModelBody>;
