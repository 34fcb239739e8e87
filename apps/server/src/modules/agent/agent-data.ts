import { type AgentConfig, agentConfig } from '@tandem/contract/agent';
import { maskEmail, maskPhone } from '@tandem/contract/contact-mask';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agentMembers, agents, teamMembers, teams, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { displayName } from '../team/members.ts';
import type { PolicyActor } from './policy.ts';

export type Executor = Db | Tx;
export type AgentRow = typeof agents.$inferSelect;
/** An agent and the caller's place in its team, as the policy reads them. */
export type AgentContext = { agent: AgentRow; actor: PolicyActor };

/** Finds an agent by id or by its public key. */
export type AgentRef = { id: number } | { agentKey: string };

/** A stored configuration read with today's defaults, so fields added later have a value. */
export const readConfig = (stored: AgentConfig | null): AgentConfig => agentConfig.parse(stored ?? {});

/**
 * The agent (of a live team) and, in the same query, the caller's roles in its team and their
 * per-agent permission. A deleted agent answers 2008; one that never existed, 2103.
 */
export async function loadAgent(db: Executor, ref: AgentRef, userId?: number): Promise<AgentContext> {
  const caller = (column: typeof teamMembers.userId | typeof agentMembers.userId) =>
    userId === undefined ? sql`false` : eq(column, userId);
  const [row] = await db
    .select({ agent: agents, teamRoles: teamMembers.teamRoles, permission: agentMembers.permission })
    .from(agents)
    .innerJoin(teams, and(eq(teams.id, agents.teamId), isNull(teams.deletedAt)))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, agents.teamId), caller(teamMembers.userId)))
    .leftJoin(agentMembers, and(eq(agentMembers.agentId, agents.id), caller(agentMembers.userId)))
    .where('id' in ref ? eq(agents.id, ref.id) : eq(agents.agentKey, ref.agentKey))
    .limit(1);
  if (!row) throw new AppError('AGENT_NOT_FOUND');
  if (row.agent.deletedAt) throw new AppError('AGENT_DELETED');
  return {
    agent: row.agent,
    actor: { userId, teamRoles: row.teamRoles, permission: row.permission },
  };
}

/** A person as agent screens show them: select with `users` joined to their row in the agent's team. */
export const personColumns = {
  userId: users.id,
  avatar: users.avatar,
  nickName: users.nickName,
  phone: users.phone,
  email: users.email,
  realName: teamMembers.realName,
};

/** Their name in the team, else their nickname, phone or email. */
export const personName = (row: {
  nickName: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
}) => displayName({ ...row, realName: row.realName ?? '' });

/**
 * A team member as agent screens list them to people who may not read the team's member list: the
 * name they have in the team or their nickname, else their masked phone or email; contacts masked.
 */
export function maskedPerson(row: {
  nickName: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
}) {
  const email = maskEmail(row.email ?? '');
  const phone = maskPhone(row.phone ?? '');
  return { name: row.realName || row.nickName || phone || email, email, phone };
}
