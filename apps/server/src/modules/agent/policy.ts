import type {
  AgentAbilities,
  AgentAbility,
  AgentAccess,
  AgentPermission,
  AgentRole,
  AgentStatus,
} from '@tandem/contract/agent-rules';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Who may do what with an agent, as a pure function of the agent and the caller's place in its team.
 * The agent's owner and the team's owner and admins may do everything; a per-agent admin everything
 * but delete and transfer (data analysis and user feedback included); an editor edits the
 * configuration; a viewer uses it. Who may use a released agent also follows its access: team public (every member of the
 * team), team private (the owner and chosen members), web public (anyone with the link, visitors
 * included). `is_super` gets nothing here: agents are their team's content, not the platform
 * operator's.
 */

/** `isDefault`: the team's default assistant, which is never deleted. */
export type PolicyAgent = { ownerId: number; access: AgentAccess; status: AgentStatus; isDefault?: boolean };

export type PolicyActor = {
  /** Undefined for a visitor without a session. */
  userId?: number;
  /** The caller's roles in the agent's team; null when they are not a member of it. */
  teamRoles: readonly string[] | null;
  /** The caller's per-agent permission; it counts only while they are in the agent's team. */
  permission: AgentPermission | null;
};

const MANAGER_ROLES: readonly string[] = [TEAM_ROLES.owner, TEAM_ROLES.admin, TEAM_ROLES.manage];

export function agentRole(agent: PolicyAgent, actor: PolicyActor): AgentRole {
  if (!actor.userId || !actor.teamRoles) return 'visitor';
  if (actor.userId === agent.ownerId) return 'owner';
  if (actor.teamRoles.some((role) => MANAGER_ROLES.includes(role))) return 'manager';
  return actor.permission ?? 'member';
}

const RANK: Record<AgentRole, number> = {
  owner: 6,
  manager: 6,
  admin: 5,
  editor: 4,
  viewer: 3,
  member: 2,
  visitor: 1,
};

/** Whether a role reaches the agent at all, whatever its status. */
export function mayReach(access: AgentAccess, role: AgentRole) {
  if (RANK[role] >= RANK.viewer || access === 'web_public') return true;
  return role === 'member' && access === 'team_public';
}

export function agentAbilities(agent: PolicyAgent, actor: PolicyActor): AgentAbilities {
  const role = agentRole(agent, actor);
  const rank = RANK[role];
  return {
    use: agent.status === 'published' && mayReach(agent.access, role),
    edit: rank >= RANK.editor,
    publish: rank >= RANK.admin,
    share: rank >= RANK.admin,
    manage_members: rank >= RANK.admin,
    analyse: rank >= RANK.admin,
    delete: rank >= RANK.owner && !agent.isDefault,
    transfer: rank >= RANK.owner,
  };
}

/**
 * Refuses a caller without the ability: someone with no way to the agent learns nothing of it (not
 * found), anyone else is told they lack the permission.
 */
export function authorizeAgent(agent: PolicyAgent, actor: PolicyActor, ability: AgentAbility) {
  if (agentAbilities(agent, actor)[ability]) return;
  if (ability === 'delete' && agent.isDefault && RANK[agentRole(agent, actor)] >= RANK.owner) {
    throw new AppError('DEFAULT_AGENT_FIXED');
  }
  if (!mayReach(agent.access, agentRole(agent, actor))) throw new AppError('AGENT_NOT_FOUND');
  throw new AppError('FORBIDDEN');
}
