import type { RecentConversation } from '@tandem/contract/chat';
import type { PageQuery } from '@tandem/contract/envelope';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentMembers, agents, conversations, teamMembers, teams } from '../../db/schema.ts';

/**
 * The `/chat` landing page's recent conversations: a user coming back sees where they left off, with
 * every agent. A conversation shows while its agent would show in the agents list (agent-list.ts): one
 * the user may still use, or one deleted since whose team they are still in (or that was open to the web).
 */

const MANAGER_ROLES = sql`array[${sql.join(
  [TEAM_ROLES.owner, TEAM_ROLES.admin, TEAM_ROLES.manage].map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`;

/** The agents policy's "may use" (agent/policy.ts), written into the query so a page holds only those. */
const stillListable = (userId: number) => {
  const isInTeam = isNotNull(teamMembers.userId);
  const reaches = or(
    eq(agents.access, 'web_public'),
    and(
      isInTeam,
      or(
        eq(agents.access, 'team_public'),
        eq(agents.ownerId, userId),
        isNotNull(agentMembers.permission),
        sql`${teamMembers.teamRoles} && ${MANAGER_ROLES}`,
      ),
    ),
  );
  return or(
    and(isNotNull(agents.deletedAt), or(isInTeam, eq(agents.access, 'web_public'))),
    and(isNull(agents.deletedAt), inArray(agents.status, ['published', 'off_shelf']), reaches),
  );
};

/** One page of the user's live conversations, latest first, with their agents: two queries in all. */
export async function recentConversations(
  db: Db,
  userId: number,
  { page, page_size }: PageQuery,
): Promise<{ data: RecentConversation[]; total: number }> {
  const scope = db.$with('recent').as(
    db
      .select({
        conversationId: conversations.id,
        title: conversations.title,
        createdAt: conversations.createdAt,
        updatedAt: conversations.updatedAt,
        // Aliased: a CTE's columns need names of their own, and both tables have an `id`.
        agentId: sql<number>`${agents.id}`.mapWith(Number).as('listed_agent_id'),
        agentKey: agents.agentKey,
        agentName: agents.name,
        agentAvatar: agents.avatar,
        agentStatus: sql<RecentConversation['agent']['status']>`case when ${agents.deletedAt} is not null
          then 'deleted' else ${agents.status} end`.as('agent_status'),
      })
      .from(conversations)
      .innerJoin(agents, eq(agents.id, conversations.agentId))
      .innerJoin(teams, and(eq(teams.id, agents.teamId), isNull(teams.deletedAt)))
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, agents.teamId), eq(teamMembers.userId, userId)))
      .leftJoin(agentMembers, and(eq(agentMembers.agentId, agents.id), eq(agentMembers.userId, userId)))
      .where(and(eq(conversations.userId, userId), isNull(conversations.deletedAt), stillListable(userId))),
  );
  const [rows, [total]] = await Promise.all([
    db
      .with(scope)
      .select()
      .from(scope)
      .orderBy(desc(scope.updatedAt), desc(scope.createdAt))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.with(scope).select({ n: count() }).from(scope),
  ]);
  return {
    data: rows.map((row) => ({
      conversation_id: row.conversationId,
      title: row.title,
      agent_id: row.agentId,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      agent: {
        id: row.agentId,
        agent_key: row.agentKey,
        name: row.agentName,
        avatar: row.agentAvatar,
        status: row.agentStatus,
      },
    })),
    total: total?.n ?? 0,
  };
}
