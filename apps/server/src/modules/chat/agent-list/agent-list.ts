import { CHAT_AGENT_LIST_MAX, type ChatListAgent } from '@tandem/contract/chat';
import { and, count, desc, eq, isNotNull, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  agentMembers,
  agents,
  chatAgentList,
  conversations,
  modelProviders,
  models,
  teamMembers,
  teams,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  agentRole,
  authorizeAgent,
  loadAgent,
  mayReach,
  type PolicyActor,
  type PolicyAgent,
} from '../../agent/index.ts';
import { answeringModelSql, isUsableModel } from '../../model/index.ts';

/**
 * The chat page's agents list: the agents a user keeps at hand, newest first.
 * An agent joins it when added, when the user opens a chat with it, or starts a conversation with it;
 * it drops out once the user may no longer use it, except that a deleted or off-shelf one stays for
 * its conversations.
 */

/**
 * Puts the agent in the user's list: `touch` moves one already there to the top. Answers false,
 * adding nothing, when the list already holds CHAT_AGENT_LIST_MAX other agents.
 */
async function putInList(db: Db, userId: number, agentId: number, onListed: 'touch' | 'keep') {
  return db.transaction(async (tx) => {
    // Adds for one user take turns, so two racing at the limit cannot both count one free place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-agent-list:${userId}`}))`);
    const [others] = await tx
      .select({ n: count() })
      .from(chatAgentList)
      .where(and(eq(chatAgentList.userId, userId), ne(chatAgentList.agentId, agentId)));
    if ((others?.n ?? 0) >= CHAT_AGENT_LIST_MAX) return false;
    const insert = tx.insert(chatAgentList).values({ userId, agentId });
    await (onListed === 'touch'
      ? insert.onConflictDoUpdate({
          target: [chatAgentList.userId, chatAgentList.agentId],
          set: { addedAt: sql`now()` },
        })
      : insert.onConflictDoNothing());
    return true;
  });
}

/** The agent, when the user may use it: 2008 deleted, 2009 off shelf, 2103 unknown or out of reach. */
async function usableAgentId(db: Db, userId: number, agentId: number) {
  const { agent, actor } = await loadAgent(db, { id: agentId }, userId);
  // Off shelf is said only to those who reach the agent; anyone else learns nothing of it.
  if (agent.status === 'off_shelf' && mayReach(agent.access, agentRole(agent, actor))) {
    throw new AppError('AGENT_OFF_SHELF');
  }
  authorizeAgent(agent, actor, 'use');
  return agent.id;
}

/** Adds an agent the user may use, or moves it to the top: 2008 deleted, 2009 off shelf, 2024 full. */
export async function addToAgentList(db: Db, userId: number, agentId: number): Promise<void> {
  const id = await usableAgentId(db, userId, agentId);
  if (!(await putInList(db, userId, id, 'touch'))) throw new AppError('AGENT_LIST_FULL');
}

/**
 * Lists the agent of a chat the user opens, so the list beside it holds it before any message; one
 * already listed keeps its place. A full list is not an error here: answers whether it is listed.
 */
export async function listOnOpen(db: Db, userId: number, agentId: number): Promise<boolean> {
  return putInList(db, userId, await usableAgentId(db, userId, agentId), 'keep');
}

/** Lists the agent of a user's new conversation, unless it is there already or the list is full. */
export async function listOnFirstConversation(db: Db, userId: number, agentId: number): Promise<void> {
  await putInList(db, userId, agentId, 'keep');
}

export async function removeFromAgentList(db: Db, userId: number, agentId: number): Promise<void> {
  await db
    .delete(chatAgentList)
    .where(and(eq(chatAgentList.userId, userId), eq(chatAgentList.agentId, agentId)));
}

/**
 * The user's list in one query: each agent with the caller's place in its team (for the policy) and
 * its published model's points, newest first by the later of when it was added and the user's latest
 * live conversation with it.
 */
export async function listAgents(db: Db, userId: number): Promise<ChatListAgent[]> {
  const latestConversation = db
    .select({ at: max(conversations.updatedAt) })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, chatAgentList.userId),
        eq(conversations.agentId, chatAgentList.agentId),
        isNull(conversations.deletedAt),
      ),
    );
  const lastUsedAt = sql`greatest(${chatAgentList.addedAt}, (${latestConversation}))`
    .mapWith(chatAgentList.addedAt)
    .as('last_used_at');
  const rows = await db
    .select({
      id: agents.id,
      agentKey: agents.agentKey,
      name: agents.name,
      description: agents.description,
      avatar: agents.avatar,
      status: agents.status,
      access: agents.access,
      ownerId: agents.ownerId,
      deletedAt: agents.deletedAt,
      isDefault: agents.isDefault,
      teamRoles: teamMembers.teamRoles,
      permission: agentMembers.permission,
      pointsPerRequest: sql<number>`case when ${agents.deletedAt} is null and ${isUsableModel}
        then ${models.pointsPerRequest} else 0 end`.mapWith(Number),
      lastUsedAt,
    })
    .from(chatAgentList)
    .innerJoin(agents, eq(agents.id, chatAgentList.agentId))
    .innerJoin(teams, and(eq(teams.id, agents.teamId), isNull(teams.deletedAt)))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, agents.teamId), eq(teamMembers.userId, userId)))
    .leftJoin(agentMembers, and(eq(agentMembers.agentId, agents.id), eq(agentMembers.userId, userId)))
    .leftJoin(models, eq(models.id, answeringModelSql(agents.modelId, agents.isDefault)))
    .leftJoin(modelProviders, eq(modelProviders.id, models.providerId))
    // Only agents of the caller's teams, or open to the web; the policy below narrows further.
    .where(
      and(
        eq(chatAgentList.userId, userId),
        or(isNotNull(teamMembers.userId), eq(agents.access, 'web_public')),
      ),
    )
    .orderBy(desc(lastUsedAt), desc(agents.id));

  return rows.flatMap((row) => {
    const status = listedStatus(row, { userId, teamRoles: row.teamRoles, permission: row.permission });
    if (!status) return [];
    return [
      {
        id: row.id,
        agent_key: row.agentKey,
        name: row.name,
        description: row.description,
        avatar: row.avatar,
        status,
        points_per_request: row.pointsPerRequest,
        last_used_at: row.lastUsedAt.toISOString(),
        is_default: row.isDefault,
      },
    ];
  });
}

/**
 * How a listed agent shows, or undefined when the caller may no longer use it. A deleted agent lost
 * its members, so it stays while the caller is in its team or it was open to the web (the query's
 * scope); a draft or disabled one drops out.
 */
function listedStatus(
  row: PolicyAgent & { deletedAt: Date | null },
  actor: PolicyActor,
): ChatListAgent['status'] | undefined {
  if (row.deletedAt) return 'deleted';
  if (row.status !== 'published' && row.status !== 'off_shelf') return undefined;
  return mayReach(row.access, agentRole(row, actor)) ? row.status : undefined;
}
