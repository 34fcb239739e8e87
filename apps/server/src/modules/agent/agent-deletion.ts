import { AGENT_STATUS_CODES } from '@tandem/contract/agent-rules';
import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { TEAM_ROLES } from '@tandem/contract/team-rules';
import { and, arrayOverlaps, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentMembers, agents, teamMembers } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AgentRow } from './agent-data.ts';

/**
 * Deletes the agent for good: its configurations, embed origins and members go, and a tombstone row
 * (id, key, name, avatar, team, owner) stays so a conversation that names it can say it was deleted.
 * Answers who could use or manage it a moment ago: they hear of it on their realtime channel.
 */
export async function deleteAgent(db: Db, agent: AgentRow): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .update(agents)
      .set({
        draft: null,
        published: null,
        description: '',
        embedOrigins: [],
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(agents.id, agent.id), isNull(agents.deletedAt)))
      .returning({ status: agents.status, access: agents.access, ownerId: agents.ownerId });
    if (!gone) throw new AppError('AGENT_DELETED');
    const isReleased = gone.status === 'published' || gone.status === 'off_shelf';
    // A released agent open to the team may be in any member's chat list; otherwise only its people.
    const audience: SQL | undefined =
      isReleased && gone.access !== 'team_private'
        ? undefined
        : or(
            eq(teamMembers.userId, gone.ownerId),
            isNotNull(agentMembers.userId),
            arrayOverlaps(teamMembers.teamRoles, [TEAM_ROLES.owner, TEAM_ROLES.admin, TEAM_ROLES.manage]),
          );
    const recipients = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .leftJoin(
        agentMembers,
        and(eq(agentMembers.agentId, agent.id), eq(agentMembers.userId, teamMembers.userId)),
      )
      .where(and(eq(teamMembers.teamId, agent.teamId), audience));
    await tx.delete(agentMembers).where(eq(agentMembers.agentId, agent.id));
    return recipients.map((row) => row.userId);
  });
}

/** `SA:agent_deleted` with the agent's id and the deleted status, to each user's channel. */
export const announceDeletion = (realtime: Realtime, agentId: number, userIds: readonly number[]) =>
  realtime.notifyUsers(userIds, {
    type: NOTIFICATION_TYPES.agentDeleted,
    agent_id: agentId,
    status: AGENT_STATUS_CODES.deleted,
  });
