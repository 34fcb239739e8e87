import { TEAM_API } from '@tandem/contract/api';
import type { TeamInfo, versionPacket } from '@tandem/contract/team';
import { queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type VersionPacket = PayloadOf<typeof versionPacket>;
export type TeamProfile = { name?: string; avatar?: string; description?: string };

export const CURRENT_TEAM_KEY = ['teams', 'current'] as const;

export const currentTeamQuery = queryOptions({
  queryKey: CURRENT_TEAM_KEY,
  queryFn: () => http.get<TeamInfo>(TEAM_API.currentTeam),
});

export const currentVersionQuery = queryOptions({
  queryKey: ['teams', 'current', 'version'],
  queryFn: () => http.get<VersionPacket>(TEAM_API.currentVersion),
});

/** Every plan a team can be on (only the free plan until billing arrives). */
export const allVersionsQuery = queryOptions({
  queryKey: ['teams', 'versions'],
  queryFn: () => http.get<VersionPacket[]>(TEAM_API.allVersions),
  staleTime: 10 * 60_000,
});

export const updateTeam = (profile: TeamProfile) => http.post<null>(TEAM_API.update, profile);

/** Whether joining by code needs a manager's approval. */
export const setApplyAudit = (isRequired: boolean) =>
  http.post<null>(TEAM_API.applyStatusSet, { apply_audit: isRequired ? 1 : 0 });

/** The owner hands the team to another member and stays on as an admin. */
export const transferOwnership = (userId: number) => http.post<null>(TEAM_API.turnOver, { user_id: userId });

export const dissolveTeam = (confirm: string) => http.post<null>(TEAM_API.dissolve, { confirm });

/** The caller leaves their current team (not its owner). */
export const leaveTeam = () => http.post<null>(TEAM_API.leave);
