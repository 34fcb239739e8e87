import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { DocData, DocTreeNode } from '@tandem/contract/project';
import type { DocKind, ExportFormat } from '@tandem/contract/project-rules';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { saveFile } from '../../../shared/ui/save-file.ts';
import { PROJECTS_KEY } from './projects.ts';

export type { DocTreeNode };

export const docTreeKey = (projectId: number) => [...PROJECTS_KEY, 'tree', projectId] as const;

export const docTreeQuery = (projectId: number) =>
  queryOptions({
    queryKey: docTreeKey(projectId),
    queryFn: () => http.get<DocTreeNode[]>(KNOWLEDGE_API.tree, { params: { project_id: projectId } }),
  });

export const createDoc = (projectId: number, parentId: number | null, kind: DocKind, name?: string) =>
  http.post<{ id: number; uniq_code: string }>(KNOWLEDGE_API.createDoc, {
    project_id: projectId,
    parent_id: parentId,
    kind,
    name,
  });

/** `index`: the place among the new parent's children before the move; past the end appends. */
export const moveDocs = (ids: number[], parentId: number | null, index: number) =>
  http.post<null>(KNOWLEDGE_API.moveDoc, { ids, parent_id: parentId, index });

export const renameDoc = (id: number, name: string) => http.post<null>(KNOWLEDGE_API.renameDoc, { id, name });

/** A group is copied with everything in it. */
export const copyDoc = (id: number) =>
  http.post<{ id: number; uniq_code: string }>(KNOWLEDGE_API.copyDoc, { id });

export const deleteDocs = (ids: number[]) => http.delete<null>(KNOWLEDGE_API.deleteDoc, { data: { ids } });

/** Turns the read-only link on (a new code) or off (null). */
export const shareDoc = (docId: number, enabled: boolean) =>
  http.post<{ share_code: string | null }>(KNOWLEDGE_API.shareDoc, { doc_id: docId, enabled });

const FILE_NAME = /filename\*=UTF-8''([^;]+)/i;

function saveDownload({ blob, headers }: { blob: Blob; headers: Headers }, fallbackName: string) {
  const encoded = FILE_NAME.exec(headers.get('content-disposition') ?? '')?.[1];
  saveFile(blob, encoded ? decodeURIComponent(encoded) : fallbackName);
}

/** One document in `format`, or a group as a zip of its documents in that format. */
export async function downloadDoc(id: number, format: ExportFormat, fallbackName: string) {
  saveDownload(await http.download(KNOWLEDGE_API.exportDoc, { params: { id, format } }), fallbackName);
}

/** A selection as one zip. */
export async function downloadDocs(ids: number[], format: ExportFormat, fallbackName: string) {
  saveDownload(
    await http.download(KNOWLEDGE_API.exportDocs, { params: { ids: ids.join(','), format } }),
    fallbackName,
  );
}

/** The multipart body of a file that becomes a catalogue entry under `parentId` (null: the top level). */
export function catalogueFileForm(projectId: number, parentId: number | null, file: File) {
  const form = new FormData();
  form.append('project_id', String(projectId));
  if (parentId !== null) form.append('parent_id', String(parentId));
  form.append('file', file, file.name);
  return form;
}

/** Uploads a Markdown, DOCX, TXT or HTML file that becomes a document under `parentId`. */
export function importDoc(
  projectId: number,
  parentId: number | null,
  file: File,
  onProgress: (fraction: number) => void,
) {
  return http.post<{ id: number; uniq_code: string }>(
    KNOWLEDGE_API.importDoc,
    catalogueFileForm(projectId, parentId, file),
    { onUploadProgress: onProgress },
  );
}

/** A document as its page opens it; here for its share code. */
export const docInfoQuery = (uniqCode: string) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'doc', uniqCode],
    queryFn: () => http.get<DocData>(KNOWLEDGE_API.getDoc, { params: { uniq_code: uniqCode } }),
    staleTime: 0,
  });
