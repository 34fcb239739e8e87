import { type AgentConfig, agentConfig } from '@tandem/contract/agent';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { callJson, rowFromJson } from '../../db/json-row.ts';
import { agents } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { PolicyActor } from './policy.ts';

export type AgentRow = typeof agents.$inferSelect;
/** An agent and the caller's place in its team, as the policy reads them. */
export type AgentContext = { agent: AgentRow; actor: PolicyActor };

/** Finds an agent by id or by its public key. */
export type AgentRef = { id: number } | { agentKey: string };

/** A stored configuration read with today's defaults, so fields added later have a value. */
export const readConfig = (stored: AgentConfig | null): AgentConfig => agentConfig.parse(stored ?? {});

/** What `agent_with_actor` answers (migration 0010). */
export type AgentWithActorJson = {
  agent: Record<string, unknown>;
  teamRoles: string[] | null;
  permission: PolicyActor['permission'];
};

/**
 * The agent (of a live team) and the caller's roles in its team and their per-agent permission, in
 * one call of the database function `agent_with_actor`. A deleted agent answers 2008; one that never
 * existed, 2103.
 */
export async function loadAgent(db: Executor, ref: AgentRef, userId?: number): Promise<AgentContext> {
  const found = await callJson<AgentWithActorJson>(
    db,
    sql`select agent_with_actor(${'id' in ref ? ref.id : null}::integer,
      ${'agentKey' in ref ? ref.agentKey : null}::text, ${userId ?? null}::integer) as value`,
  );
  return agentContextOf(found, userId);
}

/** `agent_with_actor`'s answer as the policy reads it: none answers 2103, a deleted agent 2008. */
export function agentContextOf(found: AgentWithActorJson | null, userId: number | undefined): AgentContext {
  if (!found) throw new AppError('AGENT_NOT_FOUND');
  const agent = rowFromJson(agents, found.agent);
  if (agent.deletedAt) throw new AppError('AGENT_DELETED');
  return { agent, actor: { userId, teamRoles: found.teamRoles, permission: found.permission } };
}
