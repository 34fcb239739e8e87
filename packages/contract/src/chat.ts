import { z } from 'zod';
import { messageFeedback } from './chat-feedback.ts';
import { type Citation, citation } from './citation.ts';
import { pageQuery } from './envelope.ts';
import { entityId } from './ids.ts';
import { CHAT_IMAGES_PER_MESSAGE } from './limits.ts';
import { CONVERSATION_ID_PATTERN } from './realtime-channels.ts';
import { nameText } from './user.ts';

/**
 * Chat with an agent: conversations, their messages, and what a
 * conversation's realtime channel `chat:<conversation_id>` carries while a reply is generated.
 */

export const CHAT_API = {
  /** An outside image in a reply, fetched by the server once the reader asks for it (`?url=`). */
  imageProxy: '/api/chat/image-proxy',
  sendMessage: '/api/chat/agent-send-message',
  stopMessage: '/api/chat/stop-message',
  conversationList: '/api/chat/get-conversation-list',
  conversationMessages: '/api/chat/get-conversation-messages',
  renameConversation: '/api/chat/rename-conversation',
  deleteConversation: '/api/chat/delete-conversation',
  agentList: '/api/chat/get-agent-list',
  addAgent: '/api/chat/add-agent',
  removeAgent: '/api/chat/remove-agent',
  /** Opening a chat lists its agent at once, before any message. */
  openAgent: '/api/chat/open-agent',
  /** The `/chat` landing page: the user's latest conversations with every agent. */
  recentConversations: '/api/chat/get-recent-conversations',
} as const;

/** The longest user message, in characters. */
export const CHAT_MESSAGE_MAX = 20_000;
export const CONVERSATION_TITLE_MAX = 100;
/** A new conversation's title: the first message, cut to this many characters. */
export const CONVERSATION_TITLE_FROM_MESSAGE = 30;
/** The points every team is given on the free plan each month. */
export const FREE_PLAN_MONTHLY_POINTS = 1000;

export const MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const id = entityId;
export const conversationId = z.string().regex(CONVERSATION_ID_PATTERN);

/**
 * Sends a message. Without `conversation_id` a new conversation with the agent (`agent_id` or
 * `agent_key`) starts, titled from the message. `regenerate: true` answers the conversation's last
 * user message again (no `content`): the new reply is shown, the one it replaces kept as an earlier version.
 */
export const sendMessageBody = z
  .object({
    conversation_id: conversationId.optional(),
    agent_id: id.optional(),
    agent_key: z.string().min(1).max(64).optional(),
    content: z.string().max(CHAT_MESSAGE_MAX).optional(),
    /** Ids of images uploaded with `/api/upload/upload_img`; only for an agent whose model reads them. */
    images: z
      .array(z.string().regex(/^[\w-]{22}\.\w{2,5}$/))
      .max(CHAT_IMAGES_PER_MESSAGE)
      .optional(),
    regenerate: z.boolean().optional(),
    /**
     * The default assistant's model picker: the model this conversation answers with from now on
     * (any usable model, billed at its points); other agents refuse it (2072).
     */
    model_id: id.optional(),
  })
  .refine((body) => body.conversation_id || body.agent_id || body.agent_key, {
    message: 'conversation_id, agent_id or agent_key is required',
    path: ['agent_id'],
  })
  .refine((body) => body.regenerate || (body.content ?? '').trim() !== '' || (body.images ?? []).length > 0, {
    message: 'content is required',
    path: ['content'],
  })
  .refine((body) => !body.regenerate || body.conversation_id, {
    message: 'regenerate needs conversation_id',
    path: ['conversation_id'],
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** Answered at once; the reply streams on `channel`. */
export const sendMessageData = z.object({
  conversation_id: z.string(),
  title: z.string(),
  /** The user's message (for regenerate, the one answered again). */
  user_message_id: z.number().int(),
  assistant_message_id: z.number().int(),
  channel: z.string(),
  /** Points debited for this reply. */
  points: z.number().int(),
});
export type SendMessageData = z.infer<typeof sendMessageData>;

export const stopMessageBody = z.object({ conversation_id: conversationId });

export const chatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  reasoning: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** The chat error code of a failed reply. */
  error_code: z.number().int().nullable(),
  finish_reason: z.string().nullable(),
  model_id: z.number().int().nullable(),
  points: z.number().int(),
  created_at: z.string(),
  /** The owner's like or dislike of a reply; null when none (and on user messages). */
  feedback: messageFeedback.nullable(),
  /** A user message's images: addresses of the uploaded files. */
  attachments: z.array(z.string()).optional(),
  /** A reply's suggested next questions (at most NEXT_QUESTION_SUGGESTIONS), when its agent has them on. */
  suggestions: z.array(z.string()).optional(),
  /**
   * A regenerated reply's versions, this one among them: the ids of every reply to the same user message,
   * oldest first (chat-versions.ts). Absent while a reply has one version only.
   */
  versions: z.array(z.number().int()).optional(),
  /** The numbered sources a reply cites, when its agent has "cite sources" on. */
  citations: z.array(citation).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversation = z.object({
  conversation_id: z.string(),
  title: z.string(),
  agent_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversation>;

export const conversationListQuery = z.object({ agent_id: id, ...pageQuery.shape });
/** Page 1 holds the newest messages; each page is in order, oldest first. */
/**
 * `before_id`: the page of messages just before that one (newest of them first, in order), whatever was
 * added since; `page` is then ignored. Without it, page 1 is the newest.
 */
export const conversationMessagesQuery = z.object({
  conversation_id: conversationId,
  before_id: id.optional(),
  ...pageQuery.shape,
});

export const renameConversationBody = z.object({
  conversation_id: conversationId,
  title: nameText(CONVERSATION_TITLE_MAX),
});
export const deleteConversationBody = z.object({ conversation_id: conversationId });

/**
 * The chat page's agents list: the agents a user keeps at hand to chat with. An agent joins it when added,
 * when the user opens a chat with it, or starts a conversation with it; removing it keeps its
 * conversations. Listed newest first (`last_used_at`: the later of when it was added and its latest
 * conversation). Agents the user may no longer use (they left its team, its access narrowed) drop
 * out; one deleted or taken off the shelf since stays with its `status`, to read its conversations or
 * remove it.
 */
export const chatListAgent = z.object({
  id: z.number().int(),
  agent_key: z.string(),
  name: z.string(),
  description: z.string(),
  avatar: z.string(),
  /** `published`, `off_shelf`, `deleted`: the last two can only be read or removed. */
  status: z.enum(['published', 'off_shelf', 'deleted']),
  points_per_request: z.number().int(),
  last_used_at: z.string(),
  /** The team's default assistant. */
  is_default: z.boolean(),
});
export type ChatListAgent = z.infer<typeof chatListAgent>;
export const chatAgentListData = z.array(chatListAgent);
export const chatAgentBody = z.object({ agent_id: id });
/** The most agents one list keeps; adding one more answers 2024. */
export const CHAT_AGENT_LIST_MAX = 100;
/** `listed`: false when the list was full (CHAT_AGENT_LIST_MAX), which opening does not refuse. */
export const openAgentData = z.object({ listed: z.boolean() });

/** The latest conversations of a user with every agent, each with the agent as the list shows it. */
export const recentConversationsQuery = pageQuery;
export const recentConversation = conversation.extend({
  agent: chatListAgent.pick({ id: true, agent_key: true, name: true, avatar: true, status: true }),
});
export type RecentConversation = z.infer<typeof recentConversation>;

/**
 * What `chat:<conversation_id>` carries while a reply is generated: `start`, then `reasoning` and
 * `delta` pieces (each with its position), then `done` (the whole text, so a late subscriber still has the answer; `status`
 * `stopped` when the user stopped it) or `error` (code and localised message; the points were
 * refunded); then, when the agent suggests next questions, `suggestions`.
 */
export type ChatPublication =
  | { type: 'start'; message_id: number; user_message_id: number }
  /**
   * A piece of the reply's text (or of its reasoning): `at` is where it starts, the length of that
   * text before it. A client holding less text than `at` missed pieces (a late subscription, a lost
   * publication): it reads the saved reply, which the server writes every 500 ms, and goes on from there.
   */
  | { type: 'delta'; message_id: number; content: string; at: number }
  | { type: 'reasoning'; message_id: number; content: string; at: number }
  | {
      type: 'done';
      message_id: number;
      content: string;
      reasoning: string;
      status: 'done' | 'stopped';
      finish_reason: string | null;
      points: number;
      /** The sources the reply cites, when its agent has "cite sources" on. */
      citations?: Citation[];
    }
  | {
      type: 'error';
      message_id: number;
      code: number;
      /** In the sender's language; empty when the server cannot know it (a dead process's reply). */
      msg: string;
    }
  /** After `done`, when the agent suggests next questions. */
  | { type: 'suggestions'; message_id: number; questions: string[] };
