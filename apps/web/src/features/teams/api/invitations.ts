import { TEAM_API } from '@tandem/contract/api';
import type { InviteInfo, inviteTeamBody } from '@tandem/contract/team';
import { queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type InviteTeamBody = PayloadOf<typeof inviteTeamBody>;

export const INVITE_CODE_KEY = ['teams', 'invite-code'] as const;

/** The current team's invitation code and its expiry (made by the server when there is none). */
export const inviteCodeQuery = queryOptions({
  queryKey: INVITE_CODE_KEY,
  queryFn: () => http.post<InviteInfo>(TEAM_API.inviteCode, { is_reset: 0 }),
  staleTime: 0,
});

/** A new code; the old link stops working (managers only). */
export const resetInviteCode = () => http.post<InviteInfo>(TEAM_API.inviteCode, { is_reset: 1 });

/** Sends the join link by email (type 0) or SMS (type 1). */
export const sendInvitations = (body: InviteTeamBody) => http.post<{ sent: number }>(TEAM_API.invite, body);
