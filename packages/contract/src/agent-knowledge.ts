import { z } from 'zod';
import { conversationId, sendMessageBody } from './chat.ts';
import { pageQuery } from './envelope.ts';
import { entityId } from './ids.ts';
import { DOC_NAME_MAX } from './project-rules.ts';

/**
 * Agents that know projects (docs/decisions.md): the projects an agent may draw on, the chat beside a
 * document, and saving chat replies into a project. The calls are designed here in the spec's style
 * (it names `agent-send-message` and shows no payload) and listed in docs/api.md.
 */
export const AGENT_KNOWLEDGE_API = {
  /** `?agent_id&keyword&page&page_size`: projects of the agent's team the caller may read. */
  knowledgeBases: '/api/knowledge/get-knowledge-bases',
  /** A chat message asked beside a document: the chat's send, with the document as context. */
  agentSendMessage: '/api/knowledge/agent-send-message',
  /** A reply, or a whole conversation, as a new document of a project. */
  saveToProject: '/api/knowledge/save-to-project',
} as const;

/**
 * Projects an agent may draw on: those of the agent's team (of the caller's current team while a new
 * agent is being made) the caller may read, as the project list shows them.
 */
export const knowledgeBasesQuery = pageQuery.extend({
  agent_id: entityId.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type KnowledgeBasesQuery = z.input<typeof knowledgeBasesQuery>;

/**
 * The chat's send (`sendMessageBody`) from the panel beside a document: the document is the reply's
 * context, and, when the agent has "context from projects" on, its project is knowledge too.
 */
export const knowledgeSendMessageBody = sendMessageBody.and(z.object({ doc_id: entityId }));
export type KnowledgeSendMessageBody = z.input<typeof knowledgeSendMessageBody>;

/** A reply (`message_id`) or, without it, the whole conversation, as a new document at the project's root. */
export const saveToProjectBody = z.object({
  project_id: entityId,
  conversation_id: conversationId,
  message_id: entityId.optional(),
  /** The new document's name; the conversation's title when absent. */
  name: z
    .string()
    .trim()
    .max(DOC_NAME_MAX * 4)
    .optional(),
});
export type SaveToProjectBody = z.input<typeof saveToProjectBody>;

export const saveToProjectData = z.object({
  id: z.number().int(),
  uniq_code: z.string(),
  name: z.string(),
  project_id: z.number().int(),
});
export type SaveToProjectData = z.infer<typeof saveToProjectData>;
