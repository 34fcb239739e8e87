import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agentMembers, agents, teamMembers } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AgentRow } from './agent-data.ts';

/** An agent that changed hands, as its new owner hears of it. */
export type HandedOver = { agentId: number; agentName: string; ownerId: number };

/**
 * Hands the agent to another member of its team. The previous owner stays on as its admin (while
 * still in the team); the new owner's own membership goes, since an owner has every permission.
 */
export async function transferAgent(db: Db, agent: AgentRow, newOwnerId: number): Promise<HandedOver> {
  if (newOwnerId === agent.ownerId) throw new AppError('AGENT_ALREADY_OWNER');
  return db.transaction(async (tx) => {
    // Held until commit, so neither can leave the team halfway (the new owner left owning the agent).
    const inTeam = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.teamId, agent.teamId), inArray(teamMembers.userId, [newOwnerId, agent.ownerId])),
      )
      .for('share');
    const isInTeam = (userId: number) => inTeam.some((row) => row.userId === userId);
    if (!isInTeam(newOwnerId)) throw new AppError('AGENT_NEW_OWNER_NOT_IN_TEAM');
    const [moved] = await tx
      .update(agents)
      .set({ ownerId: newOwnerId, updatedAt: new Date() })
      .where(and(eq(agents.id, agent.id), eq(agents.ownerId, agent.ownerId), isNull(agents.deletedAt)))
      .returning({ id: agents.id, name: agents.name });
    if (!moved) throw new AppError('AGENT_OWNER_CHANGED');
    await tx
      .delete(agentMembers)
      .where(and(eq(agentMembers.agentId, agent.id), eq(agentMembers.userId, newOwnerId)));
    if (isInTeam(agent.ownerId)) {
      await tx
        .insert(agentMembers)
        .values({ agentId: agent.id, userId: agent.ownerId, permission: 'admin' })
        .onConflictDoUpdate({
          target: [agentMembers.agentId, agentMembers.userId],
          set: { permission: 'admin' },
        });
    }
    return { agentId: moved.id, agentName: moved.name, ownerId: newOwnerId };
  });
}

/**
 * For the team module, inside its transaction removing `userIds` from the team: their memberships of
 * the team's agents go, and the agents they own pass to `heirId` (the team's owner). Answers the
 * agents that changed hands.
 */
export async function handOverAgentsOfLeavers(
  tx: Tx,
  teamId: number,
  userIds: number[],
  heirId: number,
): Promise<HandedOver[]> {
  if (userIds.length === 0) return [];
  const teamAgents = tx.select({ id: agents.id }).from(agents).where(eq(agents.teamId, teamId));
  await tx
    .delete(agentMembers)
    .where(and(inArray(agentMembers.userId, userIds), inArray(agentMembers.agentId, teamAgents)));
  const moved = await tx
    .update(agents)
    .set({ ownerId: heirId, updatedAt: new Date() })
    .where(and(eq(agents.teamId, teamId), inArray(agents.ownerId, userIds), isNull(agents.deletedAt)))
    .returning({ id: agents.id, name: agents.name });
  if (moved.length === 0) return [];
  const movedIds = moved.map((row) => row.id);
  await tx
    .delete(agentMembers)
    .where(and(eq(agentMembers.userId, heirId), inArray(agentMembers.agentId, movedIds)));
  return moved.map((row) => ({ agentId: row.id, agentName: row.name, ownerId: heirId }));
}

/** `SA:agent_transferred` to each agent's new owner. */
export const announceHandOver = (
  realtime: Realtime,
  handedOver: readonly HandedOver[],
  reason: 'transfer' | 'owner_left',
) =>
  Promise.all(
    handedOver.map(({ agentId, agentName, ownerId }) =>
      realtime.notifyUser(ownerId, {
        type: NOTIFICATION_TYPES.agentTransferred,
        agent_id: agentId,
        agent_name: agentName,
        reason,
      }),
    ),
  );

/**
 * The agents' part of members leaving a team (the team module's `MembersLeaving`): in its transaction
 * the agents of the leavers pass to the team's owner, who hears of it once it commits.
 */
export const agentsOfLeavers =
  (realtime: Realtime) => async (tx: Tx, leaving: { teamId: number; userIds: number[]; heirId: number }) => {
    const handedOver = await handOverAgentsOfLeavers(tx, leaving.teamId, leaving.userIds, leaving.heirId);
    return handedOver.length ? () => announceHandOver(realtime, handedOver, 'owner_left') : undefined;
  };
