import type { DocKind, ExportFormat } from '@tandem/contract/project-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  copyDoc,
  createDoc,
  type DocTreeNode,
  deleteDocs,
  docTreeKey,
  downloadDoc,
  downloadDocs,
  moveDocs,
  renameDoc,
} from '../api/documents.ts';
import { PROJECT_LIST_KEY } from '../api/projects.ts';
import { docNameOf } from '../model/doc-name.ts';

/**
 * The catalogue's writes: each refreshes the tree (and the list's document counts), says what happened to
 * what, and answers whether it worked (a failure has been said by the HTTP client).
 */
export function useCatalogueActions(projectId: number, projectName: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: docTreeKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY }),
    ]);
  async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await run();
      await refresh();
      return result;
    } catch {
      return undefined;
    }
  }
  const done = (key: string, values: Record<string, string | number> = {}) =>
    showNotice({ key, values }, 'success');

  return {
    refresh,
    create: (parentId: number | null, kind: DocKind, name: string) =>
      attempt(async () => {
        const created = await createDoc(projectId, parentId, kind, name || undefined);
        done(kind === 'group' ? 'projects.done.group_created' : 'projects.done.doc_created', {
          name: docNameOf({ name, kind }, t),
        });
        return created;
      }),
    rename: (node: DocTreeNode, name: string) =>
      attempt(async () => {
        await renameDoc(node.id, name);
        done('projects.done.renamed', { from: docNameOf(node, t), to: name });
        return true;
      }),
    copy: (node: DocTreeNode) =>
      attempt(async () => {
        const copied = await copyDoc(node.id);
        done(node.kind === 'group' ? 'projects.done.group_copied' : 'projects.done.doc_copied', {
          name: docNameOf(node, t),
        });
        return copied;
      }),
    remove: (nodes: DocTreeNode[]) =>
      attempt(async () => {
        await deleteDocs(nodes.map((node) => node.id));
        const [first] = nodes;
        if (nodes.length === 1 && first) done('projects.done.deleted_one', { name: docNameOf(first, t) });
        else done('projects.done.deleted_many', { count: nodes.length });
        return true;
      }),
    move: (ids: number[], parentId: number | null, index: number, destination: string) =>
      attempt(async () => {
        await moveDocs(ids, parentId, index);
        done('projects.done.moved', { count: ids.length, destination });
        return true;
      }),
    download: async (node: DocTreeNode, format: ExportFormat) => {
      const name = docNameOf(node, t);
      try {
        await downloadDoc(node.id, format, node.kind === 'group' ? `${name}.zip` : `${name}.${format}`);
        return true;
      } catch {
        return false;
      }
    },
    downloadMany: async (ids: number[], format: ExportFormat) => {
      try {
        await downloadDocs(ids, format, `${projectName || 'documents'}.zip`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
