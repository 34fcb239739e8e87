import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { accessChanged } from '../../platform/realtime/access-changes.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';

type TeamChange = { teamId: number; teamName: string; userIds: readonly number[] };

/**
 * What a user hears on their realtime channel when someone else changes their place in a team, so
 * an open page can refresh the team switcher (or leave a team it can no longer see) at once.
 */
export async function announceRemoval(realtime: Realtime, { teamId, teamName, userIds }: TeamChange) {
  // Their open documents of the team's projects close, on every node.
  await accessChanged({ userIds: [...userIds] });
  await realtime.notifyUsers(userIds, {
    type: NOTIFICATION_TYPES.teamMemberRemoved,
    team_id: teamId,
    team_name: teamName,
  });
}

export const announceApproval = (realtime: Realtime, { teamId, teamName, userIds }: TeamChange) =>
  realtime.notifyUsers(userIds, {
    type: NOTIFICATION_TYPES.teamJoinApproved,
    team_id: teamId,
    team_name: teamName,
  });
