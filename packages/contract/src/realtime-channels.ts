/**
 * Realtime channel names and notification payloads, without zod: the server issues tokens for and
 * publishes to these channels, the web client subscribes to them. Names follow Centrifugo's rules
 * (`namespace:name`; a name ending in `#<user id>` is user-limited), so a Centrifugo cluster set up
 * with deploy/centrifugo.json accepts exactly what the built-in hub accepts.
 */

export const CHANNEL_NAMESPACES = { personal: 'personal', chat: 'chat', comAgent: 'com' } as const;

/**
 * The user's notification channel. User-limited: a connection whose token names this user may
 * subscribe without a subscription token, and no other connection may.
 */
export const userChannel = (userId: number | string) => `personal:#${userId}`;

/** Conversation ids as the chat channel and subscribe-chat-token accept them. */
export const CONVERSATION_ID_PATTERN = /^[\w-]{1,64}$/;

/** One conversation's chat stream; subscribing needs a token from subscribe-chat-token. */
export const chatChannel = (conversationId: string) => `chat:${conversationId}`;

/** The common agents, each streaming its answers on a channel of its own per request. */
export const COM_AGENT_KEYS = ['counselor_optimize', 'prompt_optimize', 'avatar_image_build'] as const;
export type ComAgentKey = (typeof COM_AGENT_KEYS)[number];

/** A common agent's channel for one request of one user, as get-com-chat-channel hands it out. */
export const comAgentChannel = (key: ComAgentKey, nonce: string, userId: number | string) =>
  `com:${key}.${nonce}#${userId}`;

/** Parses a common agent channel: its key, nonce and the one user it belongs to. */
export function parseComAgentChannel(channel: string) {
  const match = /^com:([a-z_]+)\.([\w-]{8,64})#(\d{1,15})$/.exec(channel);
  const key = match?.[1] as ComAgentKey | undefined;
  if (!match || !key || !COM_AGENT_KEYS.includes(key)) return undefined;
  return { key, nonce: match[2]!, userId: Number(match[3]) };
}

/**
 * Notification types: `UB:*` go to the user handler, `SA:*` raise in-app
 * events, `PN:*` are only logged by the client.
 */
export const NOTIFICATION_TYPES = {
  userLogout: 'UB:user_logout',
  teamMemberRemoved: 'UB:team_member_removed',
  teamJoinApproved: 'UB:team_join_approved',
  agentDeleted: 'SA:agent_deleted',
  agentTransferred: 'SA:agent_transferred',
  documentDeleted: 'SA:document_deleted',
  knowledgeDeleted: 'SA:knowledge_deleted',
} as const;

/** What the user's channel carries, as the publication's `data`. */
export type UserNotification =
  /** These devices (their X-Device-ID) were signed out remotely: each shows the refresh modal. */
  | { type: 'UB:user_logout'; device_ids: string[] }
  /** The user is no longer a member of this team (removed by a manager, or the team dissolved). */
  | { type: 'UB:team_member_removed'; team_id: number; team_name: string }
  /** The user's application to join this team was approved. */
  | { type: 'UB:team_join_approved'; team_id: number; team_name: string }
  | { type: 'SA:agent_deleted'; agent_id: number | string; status: number }
  /**
   * The user now owns this agent: handed over by its owner or a team manager (`transfer`), or passed
   * to them as the team's owner when its owner left the team (`owner_left`).
   */
  | { type: 'SA:agent_transferred'; agent_id: number; agent_name: string; reason: 'transfer' | 'owner_left' }
  | {
      type: 'SA:document_deleted';
      document_id: number | string;
      knowledge_id: number | string;
      timestamp: number;
    }
  | { type: 'SA:knowledge_deleted'; knowledge_id: number | string; timestamp: number };
