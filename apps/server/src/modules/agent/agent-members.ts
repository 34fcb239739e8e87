import type { AgentCandidate, AgentMember } from '@tandem/contract/agent';
import type { AgentPermission } from '@tandem/contract/agent-rules';
import type { Page, PageQuery } from '@tandem/contract/envelope';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentMembers, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { listTeamCandidates, maskedPerson, personColumns } from '../team/index.ts';
import type { AgentRow } from './agent-data.ts';

/**
 * The agent's members, in the order they were added, with the name they have in its team; contacts
 * masked, as editors read this list too (but not a reader's own).
 */
export async function listAgentMembers(
  db: Db,
  agent: AgentRow,
  query: PageQuery,
  viewerId: number,
): Promise<Page<AgentMember>> {
  const where = eq(agentMembers.agentId, agent.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...personColumns,
        permission: agentMembers.permission,
        createdAt: agentMembers.createdAt,
      })
      .from(agentMembers)
      .innerJoin(users, eq(users.id, agentMembers.userId))
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, agent.teamId), eq(teamMembers.userId, users.id)))
      .where(where)
      .orderBy(asc(agentMembers.createdAt), asc(agentMembers.userId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(agentMembers).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      avatar: row.avatar,
      ...maskedPerson(row, row.userId === viewerId),
      permission: row.permission,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Members of the agent's team to choose from, each with their permission on the agent. */
export async function listAgentCandidates(
  db: Db,
  agent: AgentRow,
  query: PageQuery & { keyword: string },
  viewerId: number,
): Promise<Page<AgentCandidate>> {
  const permission = sql<AgentPermission | null>`(select ${agentMembers.permission} from ${agentMembers}
    where ${agentMembers.agentId} = ${agent.id} and ${agentMembers.userId} = ${teamMembers.userId})`;
  const page = await listTeamCandidates(db, agent.teamId, query, permission, viewerId);
  return {
    data: page.data.map((person) => ({ ...person, is_owner: person.user_id === agent.ownerId })),
    total: page.total,
  };
}

/**
 * Adds members of the agent's team with a permission, all or none; one already a member takes the
 * new permission. The owner has every permission already and is never a member.
 */
export async function addAgentMembers(
  db: Db,
  agent: AgentRow,
  userIds: number[],
  permission: AgentPermission,
): Promise<number> {
  const wanted = [...new Set(userIds)];
  if (wanted.includes(agent.ownerId)) throw new AppError('AGENT_OWNER_NOT_MEMBER');
  return db.transaction(async (tx) => {
    const inTeam = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, agent.teamId), inArray(teamMembers.userId, wanted)));
    if (inTeam.length !== wanted.length) throw new AppError('AGENT_MEMBER_NOT_IN_TEAM');
    await tx
      .insert(agentMembers)
      .values(wanted.map((userId) => ({ agentId: agent.id, userId, permission })))
      .onConflictDoUpdate({
        target: [agentMembers.agentId, agentMembers.userId],
        set: { permission: sql`excluded.permission` },
      });
    return wanted.length;
  });
}

export async function updateAgentMember(
  db: Db,
  agent: AgentRow,
  userId: number,
  permission: AgentPermission,
) {
  const changed = await db
    .update(agentMembers)
    .set({ permission })
    .where(and(eq(agentMembers.agentId, agent.id), eq(agentMembers.userId, userId)))
    .returning({ userId: agentMembers.userId });
  if (changed.length === 0) throw new AppError('AGENT_MEMBER_NOT_FOUND');
}

export async function removeAgentMember(db: Db, agent: AgentRow, userId: number) {
  const removed = await db
    .delete(agentMembers)
    .where(and(eq(agentMembers.agentId, agent.id), eq(agentMembers.userId, userId)))
    .returning({ userId: agentMembers.userId });
  if (removed.length === 0) throw new AppError('AGENT_MEMBER_NOT_FOUND');
}
