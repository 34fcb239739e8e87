import type { AgentCard, HubListQuery } from '@tandem/contract/agent';
import type { Page } from '@tandem/contract/envelope';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/client.ts';
import { agentMembers, agents, models, teamMembers, users } from '../../db/schema.ts';
import { answeringModelSql } from '../model/index.ts';
import { maskedPerson } from '../team/index.ts';
import { agentAbilities, agentRole } from './policy.ts';

type HubQuery = { page: number; page_size: number } & Required<
  Pick<HubListQuery, 'keyword' | 'sort' | 'tab'>
> & { mine: number; is_default: number };

export type HubCaller = { userId: number; teamId: number; teamRoles: string[] };

const MANAGER_ROLES: string[] = [TEAM_ROLES.owner, TEAM_ROLES.admin, TEAM_ROLES.manage];

/**
 * A page of the current team's Agents Hub, in one query: the owner's name, the model's name and the
 * caller's permission come by joins, the total by a window count.
 * - `all`: published agents the caller may use (open to the team or the web, or theirs, or shared
 *   with them; a team manager may use every one).
 * - `mine`: agents the caller owns or is admin or editor of, in any status.
 * `mine=1` keeps only agents the caller owns. Relevance ranks name matches above description
 * matches, then by popularity.
 */
export async function listHub(db: Db, caller: HubCaller, query: HubQuery): Promise<Page<AgentCard>> {
  const myPermission = agentMembers.permission;
  const isManager = caller.teamRoles.some((role) => MANAGER_ROLES.includes(role));
  const conditions: (SQL | undefined)[] = [eq(agents.teamId, caller.teamId), isNull(agents.deletedAt)];
  if (query.tab === 'all') {
    conditions.push(eq(agents.status, 'published'));
    if (!isManager) {
      conditions.push(
        or(
          inArray(agents.access, ['team_public', 'web_public']),
          eq(agents.ownerId, caller.userId),
          isNotNull(myPermission),
        ),
      );
    }
  } else {
    conditions.push(or(eq(agents.ownerId, caller.userId), inArray(myPermission, ['admin', 'editor'])));
  }
  if (query.mine === 1) conditions.push(eq(agents.ownerId, caller.userId));
  if (query.is_default === 1) conditions.push(eq(agents.isDefault, true));
  const pattern = `%${escapeLike(query.keyword)}%`;
  if (query.keyword) conditions.push(or(ilike(agents.name, pattern), ilike(agents.description, pattern)));

  const popular = [
    desc(agents.conversationCount),
    sql`${agents.publishedAt} desc nulls last`,
    desc(agents.id),
  ];
  const order =
    query.sort === 'latest'
      ? [sql`${agents.publishedAt} desc nulls last`, desc(agents.createdAt), desc(agents.id)]
      : query.sort === 'relevance' && query.keyword
        ? [
            asc(sql`case when lower(${agents.name}) = lower(${query.keyword}) then 0
              when ${agents.name} ilike ${`${escapeLike(query.keyword)}%`} then 1
              when ${agents.name} ilike ${pattern} then 2 else 3 end`),
            ...popular,
          ]
        : popular;

  const rows = await db
    .select({
      agent: {
        id: agents.id,
        agentKey: agents.agentKey,
        name: agents.name,
        description: agents.description,
        avatar: agents.avatar,
        status: agents.status,
        access: agents.access,
        ownerId: agents.ownerId,
        conversationCount: agents.conversationCount,
        publishedAt: agents.publishedAt,
        isDefault: agents.isDefault,
      },
      owner: {
        nickName: users.nickName,
        phone: users.phone,
        email: users.email,
        realName: teamMembers.realName,
      },
      modelName: models.name,
      permission: myPermission,
      total: sql<number>`cast(count(*) over () as integer)`,
    })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.ownerId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, agents.teamId), eq(teamMembers.userId, agents.ownerId)))
    .leftJoin(models, eq(models.id, answeringModelSql(agents.modelId, agents.isDefault)))
    .leftJoin(agentMembers, and(eq(agentMembers.agentId, agents.id), eq(agentMembers.userId, caller.userId)))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);

  const actor = { userId: caller.userId, teamRoles: caller.teamRoles };
  return {
    data: rows.map(({ agent, owner, modelName, permission }) => ({
      id: agent.id,
      agent_key: agent.agentKey,
      name: agent.name,
      description: agent.description,
      avatar: agent.avatar,
      status: agent.status,
      access: agent.access,
      owner_id: agent.ownerId,
      owner_name: maskedPerson(owner, agent.ownerId === caller.userId).name,
      model_name: modelName,
      conversation_count: agent.conversationCount,
      published_at: agent.publishedAt?.toISOString() ?? null,
      my_role: agentRole(agent, { ...actor, permission }),
      abilities: agentAbilities(agent, { ...actor, permission }),
      is_default: agent.isDefault,
    })),
    total: rows[0]?.total ?? (query.page > 1 ? await countHub(db, caller, conditions) : 0),
  };
}

/** The total when the page asked for lies past the end (no row to carry the window count). */
async function countHub(db: Db, caller: HubCaller, conditions: (SQL | undefined)[]) {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(agents)
    .leftJoin(agentMembers, and(eq(agentMembers.agentId, agents.id), eq(agentMembers.userId, caller.userId)))
    .where(and(...conditions));
  return row?.n ?? 0;
}
