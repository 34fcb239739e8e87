import { PROJECT_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { ProjectCandidate, ProjectItem } from '@tandem/contract/project';
import type { ProjectAccess, ProjectPermission } from '@tandem/contract/project-rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { ProjectCandidate, ProjectItem };

export const PROJECTS_KEY = ['projects'] as const;
export const PROJECT_LIST_KEY = [...PROJECTS_KEY, 'list'] as const;
export const projectInfoKey = (uniqCode: string) => [...PROJECTS_KEY, 'info', uniqCode] as const;
export const projectMembersKey = (id: number) => [...PROJECTS_KEY, 'members', id] as const;

export type ProjectListFilter = { page: number; page_size: number; keyword: string; recent: 0 | 1 };

export const projectListQuery = (filter: ProjectListFilter) =>
  queryOptions({
    queryKey: [...PROJECT_LIST_KEY, filter],
    queryFn: () =>
      http.get<Page<ProjectItem>>(PROJECT_API.list, {
        params: { ...filter, keyword: filter.keyword.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** One project with the caller's role; the server records the visit ("Recently visited"). */
export const projectInfoQuery = (uniqCode: string) =>
  queryOptions({
    queryKey: projectInfoKey(uniqCode),
    queryFn: () => http.get<ProjectItem>(PROJECT_API.info, { params: { uniq_code: uniqCode } }),
    retry: false,
  });

export type ProjectFields = {
  name: string;
  description: string;
  cover: string;
  access?: ProjectAccess;
  team_permission?: 'editor' | 'viewer';
};

export const createProject = (fields: ProjectFields) =>
  http.post<{ id: number; uniq_code: string }>(PROJECT_API.create, fields);

export const updateProject = (id: number, fields: Partial<ProjectFields>) =>
  http.post<null>(PROJECT_API.update, { id, ...fields });

/** The server compares `confirmName` with the project's name and refuses a mismatch (2205). */
export const deleteProject = (id: number, confirmName: string) =>
  http.post<null>(PROJECT_API.delete, { id, confirm_name: confirmName });

export type ProjectMember = { user_id: number; name: string; avatar: string; permission: ProjectPermission };

export const projectMembersQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectMembersKey(projectId),
    queryFn: () => http.get<ProjectMember[]>(PROJECT_API.members, { params: { project_id: projectId } }),
  });

/** `null` takes the member off the project. */
export const setProjectMember = (projectId: number, userId: number, permission: ProjectPermission | null) =>
  http.post<null>(PROJECT_API.setMember, { project_id: projectId, user_id: userId, permission });

/** People of the project's team to add to it, searched on the server as the user types. */
export const projectCandidatesQuery = (projectId: number, keyword: string) =>
  queryOptions({
    queryKey: [...projectMembersKey(projectId), 'candidates', keyword],
    queryFn: () =>
      http.get<Page<ProjectCandidate>>(PROJECT_API.candidates, {
        params: { project_id: projectId, page: 1, page_size: 20, keyword: keyword.trim() || undefined },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
