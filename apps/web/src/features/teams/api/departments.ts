import { TEAM_API } from '@tandem/contract/api';
import type { DepartmentNode } from '@tandem/contract/team';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { DepartmentNode };

export const DEPARTMENTS_KEY = ['teams', 'departments'] as const;

export const departmentTreeQuery = queryOptions({
  queryKey: DEPARTMENTS_KEY,
  queryFn: () => http.get<DepartmentNode[]>(TEAM_API.departmentList),
});

export const createDepartment = (input: { name: string; parent_id: number | null }) =>
  http.post<{ id: number }>(TEAM_API.createDepartment, input);

/** Rename, re-parent or set the manager; only the fields given change. */
export const saveDepartment = (input: {
  id: number;
  name?: string;
  parent_id?: number | null;
  manager_user_id?: number | null;
}) => http.post<null>(TEAM_API.saveDepartment, input);

/** Refused (1102) while it has sub-departments; its members stay in the team. */
export const deleteDepartment = (id: number) =>
  http.delete<null>(TEAM_API.deleteDepartment, { data: { id } });

/** Refused (1106) past the first or last sibling. */
export const moveDepartment = (id: number, direction: 'up' | 'down') =>
  http.post<null>(TEAM_API.departmentSort, { id, direction });

/** Renames several departments at once, all or none. */
export const batchSaveDepartments = (departments: { id: number; name: string }[]) =>
  http.post<null>(TEAM_API.batchSaveDepartment, { departments });

/** Puts all of one parent's sub-departments (`null`: the top level) in the order given. */
export const reSortDepartments = (body: { parent_id: number | null; ids: number[] }) =>
  http.post<null>(TEAM_API.reSortDepartment, body);
