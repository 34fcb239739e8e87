import { TEAM_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { Member } from '@tandem/contract/team';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { Member };
export type MemberFilter = { page: number; page_size: number; keyword: string; department_id?: number };

export const MEMBERS_KEY = ['teams', 'members'] as const;

/** The whole team's members (`user-list`), or one department's (`department-member-list`; 0: none). */
export const membersQuery = (filter: MemberFilter) =>
  queryOptions({
    queryKey: [...MEMBERS_KEY, filter],
    queryFn: () =>
      http.get<Page<Member>>(
        filter.department_id === undefined ? TEAM_API.userList : TEAM_API.departmentMemberList,
        { params: { ...filter, keyword: filter.keyword.trim() || undefined } },
      ),
    placeholderData: keepPreviousData,
  });

export const setAdmin = (userId: number, isAdmin: boolean) =>
  http.post<null>(TEAM_API.setAdmin, { user_id: userId, is_admin: isAdmin ? 1 : 0 });

export const removeFromTeam = (userIds: number[]) =>
  http.delete<{ count: number }>(TEAM_API.removeOutTeam, { data: { user_ids: userIds } });

/** `departmentId` null takes them out of every department. */
export const moveToDepartment = (userIds: number[], departmentId: number | null) =>
  http.post<{ count: number }>(TEAM_API.changeMemberDepartment, {
    user_ids: userIds,
    department_id: departmentId,
  });
