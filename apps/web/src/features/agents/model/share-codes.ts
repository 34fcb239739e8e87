import type { AgentAccess } from '@tandem/contract/agent-rules';

/**
 * The ways to reach a published agent from outside the editor: its page link, and an embed code (an
 * iframe, or a script that adds a chat bubble) for other sites. The chat pages they open come with the
 * chat feature; these are the addresses it serves.
 */

export const agentEmbedUrlOf = (origin: string, agentKey: string) =>
  `${origin}/embed/agent/${encodeURIComponent(agentKey)}`;

/** A web-public agent's link opens its chat for anyone, without an account; a team agent's, the app's chat. */
export const agentPageUrlOf = (origin: string, agentKey: string, access: AgentAccess) =>
  access === 'web_public'
    ? agentEmbedUrlOf(origin, agentKey)
    : `${origin}/chat?agent_key=${encodeURIComponent(agentKey)}`;

export const EMBED_KINDS = ['iframe', 'script'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The snippet a site owner pastes into their page; `title` names the frame for screen readers. */
export function embedCodeOf(kind: EmbedKind, origin: string, agentKey: string, title: string): string {
  const src = agentEmbedUrlOf(origin, agentKey);
  if (kind === 'iframe') {
    return [
      `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}"`,
      '  style="width: 100%; height: 640px; border: 0; border-radius: 12px;"',
      '  allow="clipboard-write"></iframe>',
    ].join('\n');
  }
  return [
    `<script src="${escapeAttribute(`${origin}/embed/agent.js`)}"`,
    `  data-agent-key="${escapeAttribute(agentKey)}"`,
    `  data-title="${escapeAttribute(title)}" defer></script>`,
  ].join('\n');
}
