import type { DocTreeNode, ProjectItem } from '@tandem/contract/project';

/** A project as the list and `get-project-info` answer it: "Handbook", owned by the caller. */
export function createProject(overrides: Partial<ProjectItem> = {}): ProjectItem {
  return {
    id: 31,
    uniq_code: 'p31',
    name: 'Handbook',
    description: 'How we work',
    cover: 'gallery:work/2',
    doc_count: 3,
    updated_at: '2026-11-24T09:00:00.000Z',
    visited_at: null,
    role: 'owner',
    access: 'team_public',
    team_permission: 'editor',
    owner_name: 'Ada',
    ...overrides,
  };
}

/** A catalogue entry; give `children` for a group's contents. */
export function createDocNode(
  id: number,
  name: string,
  kind: 'doc' | 'group' = 'doc',
  children: DocTreeNode[] = [],
): DocTreeNode {
  return {
    id,
    uniq_code: `d${id}`,
    name,
    parentId: null,
    kind,
    sort: id,
    updated_at: '2026-11-24T09:00:00.000Z',
    index_state: kind === 'doc' ? ('ready' as const) : null,
    index_error: null,
    children: children.map((child) => ({ ...child, parentId: id })),
  };
}
