import type { AgentCandidate, AgentMember } from '@tandem/contract/agent';
import type { AgentPermission } from '@tandem/contract/agent-rules';
import type { Page, PageQuery } from '@tandem/contract/envelope';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/client.ts';
import { agentMembers, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AgentRow, maskedPerson, personColumns } from './agent-data.ts';

/**
 * The agent's members, in the order they were added, with the name they have in its team; contacts
 * masked, as editors read this list too.
 */
export async function listAgentMembers(
  db: Db,
  agent: AgentRow,
  query: PageQuery,
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
      ...maskedPerson(row),
      permission: row.permission,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Members of the agent's team to choose from, by join time, each with their permission on the agent:
 * one query, its match count alongside. `keyword` matches names by substring, but an email or phone
 * only whole, so the masked contacts cannot be read back one letter at a time.
 */
export async function listAgentCandidates(
  db: Db,
  agent: AgentRow,
  query: PageQuery & { keyword: string },
): Promise<Page<AgentCandidate>> {
  const conditions: (SQL | undefined)[] = [eq(teamMembers.teamId, agent.teamId)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    conditions.push(
      or(
        ilike(teamMembers.realName, pattern),
        ilike(users.nickName, pattern),
        eq(sql`lower(${users.email})`, query.keyword.toLowerCase()),
        eq(users.phone, query.keyword),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      ...personColumns,
      permission: agentMembers.permission,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      agentMembers,
      and(eq(agentMembers.agentId, agent.id), eq(agentMembers.userId, teamMembers.userId)),
    )
    .where(where)
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // Only a page past the end needs the count on its own.
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ n: count() })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      avatar: row.avatar,
      ...maskedPerson(row),
      is_owner: row.userId === agent.ownerId,
      permission: row.permission,
    })),
    total,
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
