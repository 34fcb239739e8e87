import { TEAM_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { leavingMember } from '@tandem/contract/team';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type LeavingMember = PayloadOf<typeof leavingMember>;

export const LEAVERS_KEY = ['teams', 'leavers'] as const;

export const leaversQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...LEAVERS_KEY, page, pageSize],
    queryFn: () =>
      http.get<Page<LeavingMember>>(TEAM_API.leaveMemberList, { params: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Back into the team, in their old department when it still exists. */
export const restoreLeavers = (userIds: number[]) =>
  http.post<{ count: number }>(TEAM_API.restoreLeaveMember, { user_ids: userIds });

export const deleteLeavers = (userIds: number[]) =>
  http.delete<{ count: number }>(TEAM_API.deleteLeaveMember, { data: { user_ids: userIds } });

export const clearLeavers = () =>
  http.delete<{ count: number }>(TEAM_API.deleteLeaveMember, { data: { clear: 1 } });
