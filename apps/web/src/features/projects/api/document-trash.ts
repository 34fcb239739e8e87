import { TRASH_API, type TrashItem } from '@tandem/contract/document-trash';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { PROJECTS_KEY } from './projects.ts';

export type { TrashItem };

export const trashKey = (projectId: number) => [...PROJECTS_KEY, 'trash', projectId] as const;

/** What a project's trash holds, newest first (`GET /api/knowledge/get-doc-trash`). */
export const trashQuery = (projectId: number) =>
  queryOptions({
    queryKey: trashKey(projectId),
    queryFn: async () =>
      (await http.get<{ data: TrashItem[] }>(TRASH_API.list, { params: { project_id: projectId } })).data,
  });

export const restoreFromTrash = (ids: number[]) => http.post<null>(TRASH_API.restore, { ids });

export const purgeFromTrash = (ids: number[]) => http.delete<null>(TRASH_API.purge, { data: { ids } });
