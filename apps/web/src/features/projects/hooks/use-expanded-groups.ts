import { useCallback, useState } from 'react';

const storageKeyOf = (projectId: number) => `tandem.catalogue.expanded.${projectId}`;

function readExpanded(projectId: number): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKeyOf(projectId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * The catalogue's open groups, remembered per project on this device (localStorage), so a project
 * opens as it was left. Ids of groups since deleted are harmless: the tree ignores them.
 */
export function useExpandedGroups(projectId: number) {
  const [state, setState] = useState(() => ({ projectId, ids: readExpanded(projectId) }));
  const ids = state.projectId === projectId ? state.ids : readExpanded(projectId);
  const setIds = useCallback(
    (next: number[] | ((ids: number[]) => number[])) => {
      setState((current) => {
        const base = current.projectId === projectId ? current.ids : readExpanded(projectId);
        const updated = typeof next === 'function' ? next(base) : next;
        try {
          localStorage.setItem(storageKeyOf(projectId), JSON.stringify(updated));
        } catch {
          // Storage full or denied: the groups stay open for this visit only.
        }
        return { projectId, ids: updated };
      });
    },
    [projectId],
  );
  return [ids, setIds] as const;
}
