import { TEAM_API } from '@tandem/contract/api';
import type { teamByCodeData } from '@tandem/contract/team';
import { queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type TeamByCode = PayloadOf<typeof teamByCodeData>;
export type JoinResult = { status: 'joined' | 'applied'; team_id: number };

/**
 * The team an invitation code opens. `isSignedIn` is part of the key: the answer says where a signed-in
 * caller stands (member, pending), so signing in must ask again. Silent: the page shows the failure itself.
 */
export const teamByCodeQuery = (inviteCode: string, isSignedIn: boolean) =>
  queryOptions({
    queryKey: ['teams', 'by-code', inviteCode, isSignedIn],
    queryFn: () =>
      http.get<TeamByCode>(TEAM_API.teamByCode, { params: { invite_code: inviteCode }, silent: true }),
    retry: false,
    staleTime: 0,
  });

/** Silent: the dialog and the page put an invalid code beside the field. */
export const joinTeam = (inviteCode: string, realName = '') =>
  http.post<JoinResult>(TEAM_API.join, { invite_code: inviteCode, real_name: realName }, { silent: true });
