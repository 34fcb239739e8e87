/** The Agents Hub. */
export const HUB_PATH = '/dashboard';

/** Where the agent screens live: the workspace under /agent/index. */
export const AGENT_WORKSPACE = '/agent/index';
export const AGENT_SECTIONS = [
  'creation',
  'link',
  'data-analysis',
  'user-feedback',
  'member-setting',
] as const;
export type AgentSection = (typeof AGENT_SECTIONS)[number];

/** The agent a workspace page is about travels in the query, so every section can be linked to. */
export const AGENT_ID_PARAM = 'agent_id';

export const sectionPathOf = (section: AgentSection, agentId?: number | null) =>
  agentId ? `${AGENT_WORKSPACE}/${section}?${AGENT_ID_PARAM}=${agentId}` : `${AGENT_WORKSPACE}/${section}`;

export const editorPathOf = (agentId?: number | null) => sectionPathOf('creation', agentId);
export const NEW_AGENT_PATH = editorPathOf();

/** The chat page, opening the agent it is given. */
export const chatPathOf = (agentKey: string) => `/chat?agent_key=${encodeURIComponent(agentKey)}`;

/** The agent id of a workspace page's query, or null for a new agent (or a value that is not an id). */
export function agentIdOf(search: URLSearchParams): number | null {
  const value = Number(search.get(AGENT_ID_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The platform operator's model providers screen (is_super). */
export const MODELS_ADMIN_PATH = '/platform/models';
/** First-run setup: local model servers found and one connected in a click (platform admins). */
export const SETUP_PATH = '/setup';
