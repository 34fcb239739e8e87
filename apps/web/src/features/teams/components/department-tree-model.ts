import type { DepartmentNode } from '../api/departments.ts';

/** Where a department sits: its parent's children, its place among them, and how deep it is. */
export type DepartmentPlace = {
  node: DepartmentNode;
  parent: DepartmentNode | null;
  siblings: DepartmentNode[];
  index: number;
  depth: number;
};

export function locateDepartment(tree: readonly DepartmentNode[], id: number): DepartmentPlace | undefined {
  const visit = (
    siblings: DepartmentNode[],
    parent: DepartmentNode | null,
    depth: number,
  ): DepartmentPlace | undefined => {
    for (const [index, node] of siblings.entries()) {
      if (node.id === id) return { node, parent, siblings, index, depth };
      const found = visit(node.children, node, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return visit(tree as DepartmentNode[], null, 0);
}

export type MoveDirection = 'up' | 'down';

/** Why a department cannot move that way (the first cannot go up, the last cannot go down), or null. */
export function moveProblem(tree: readonly DepartmentNode[], id: number, direction: MoveDirection) {
  const place = locateDepartment(tree, id);
  if (!place) return 'error.not_found' as const;
  if (direction === 'up' && place.index === 0) return 'error.department_move_blocked' as const;
  if (direction === 'down' && place.index === place.siblings.length - 1) {
    return 'org_admin.department_at_bottom' as const;
  }
  return null;
}

/** A department with sub-departments cannot be deleted. */
export const deleteProblem = (node: Pick<DepartmentNode, 'children'>) =>
  node.children.length > 0 ? ('error.department_has_children' as const) : null;

/** Changes one parent's children; branches that do not hold that parent are kept as they are. */
function mapSiblings(
  tree: readonly DepartmentNode[],
  parentId: number | null,
  change: (siblings: DepartmentNode[]) => DepartmentNode[],
): DepartmentNode[] {
  if (parentId === null) return change([...tree]);
  return tree.map((node) => {
    if (node.id === parentId) return { ...node, children: change([...node.children]) };
    const children = mapSiblings(node.children, parentId, change);
    return children.every((child, index) => child === node.children[index]) ? node : { ...node, children };
  });
}

/** The tree after swapping a department with its neighbour, as the server will order it; unchanged if blocked. */
export function moveInTree(tree: readonly DepartmentNode[], id: number, direction: MoveDirection) {
  const place = locateDepartment(tree, id);
  if (!place || moveProblem(tree, id, direction)) return tree as DepartmentNode[];
  const other = direction === 'up' ? place.index - 1 : place.index + 1;
  return mapSiblings(tree, place.parent?.id ?? null, (siblings) => {
    [siblings[place.index], siblings[other]] = [siblings[other]!, siblings[place.index]!];
    return siblings.map((node, index) => ({ ...node, sort: index + 1 }));
  });
}

/** Every department's id, parents before children: the keys to expand the whole tree. */
export function allDepartmentIds(tree: readonly DepartmentNode[]): number[] {
  return tree.flatMap((node) => [node.id, ...allDepartmentIds(node.children)]);
}

/** The names from the top-level department down to this one. */
export function departmentPath(tree: readonly DepartmentNode[], id: number): string[] {
  for (const node of tree) {
    if (node.id === id) return [node.name];
    const below = departmentPath(node.children, id);
    if (below.length) return [node.name, ...below];
  }
  return [];
}

/** The department and everything under it: none of them can become its parent. */
export function subtreeIds(node: DepartmentNode): Set<number> {
  return new Set([node.id, ...node.children.flatMap((child) => [...subtreeIds(child)])]);
}

export type DepartmentChoice = {
  value: number;
  title: string;
  disabled?: boolean;
  children: DepartmentChoice[];
};

/** The tree as TreeSelect data; `excluded` departments (a department's own subtree) cannot be chosen. */
export function departmentChoices(
  tree: readonly DepartmentNode[],
  excluded: ReadonlySet<number> = new Set(),
): DepartmentChoice[] {
  return tree.map((node) => ({
    value: node.id,
    title: node.name,
    ...(excluded.has(node.id) ? { disabled: true } : {}),
    children: departmentChoices(node.children, excluded),
  }));
}

/**
 * The department list's selection: every member, members in no department, or one department. As the
 * `department_id` of the member list: absent, 0, or the id.
 */
export type DepartmentFilter = 'all' | 'none' | number;
export const ALL_MEMBERS_KEY = 'all';
export const NO_DEPARTMENT_KEY = 'none';

export const departmentIdOf = (filter: DepartmentFilter) =>
  filter === 'all' ? undefined : filter === 'none' ? 0 : filter;

/** Tree keys are strings; department keys are their ids. */
export function filterOfKey(key: string | number | bigint): DepartmentFilter {
  if (key === ALL_MEMBERS_KEY || key === NO_DEPARTMENT_KEY) return key;
  const id = Number(key);
  return Number.isInteger(id) && id > 0 ? id : 'all';
}

/** A filter on a department that no longer exists (deleted, or another admin's change) falls back to all. */
export const validFilter = (tree: readonly DepartmentNode[], filter: DepartmentFilter): DepartmentFilter =>
  typeof filter === 'number' && !locateDepartment(tree, filter) ? 'all' : filter;

/** "Top level" in the parent picker; the request sends null for it. */
export const TOP_LEVEL = 0;

/**
 * What the department editor dialog is doing: adding under a parent (null: top level), renaming,
 * choosing a manager, or moving it under another parent. Closed when null.
 */
export type DepartmentDraft =
  | { kind: 'create'; parentId: number | null; parentName: string }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'manager'; id: number; name: string; managerUserId: number | null; managerName: string }
  | { kind: 'parent'; id: number; name: string; parentId: number | null };

/** The request a finished draft sends: a new department, or only the field that changed. */
export function draftRequest(
  draft: DepartmentDraft,
  value: { name?: string; managerUserId?: number | null; parentId?: number },
):
  | { action: 'create'; body: { name: string; parent_id: number | null } }
  | {
      action: 'save';
      body: { id: number; name?: string; manager_user_id?: number | null; parent_id?: number | null };
    }
  | { action: 'none' } {
  if (draft.kind === 'create') {
    return { action: 'create', body: { name: (value.name ?? '').trim(), parent_id: draft.parentId } };
  }
  if (draft.kind === 'rename') {
    const name = (value.name ?? '').trim();
    return name === draft.name ? { action: 'none' } : { action: 'save', body: { id: draft.id, name } };
  }
  if (draft.kind === 'parent') {
    const parentId = !value.parentId || value.parentId === TOP_LEVEL ? null : value.parentId;
    return parentId === draft.parentId
      ? { action: 'none' }
      : { action: 'save', body: { id: draft.id, parent_id: parentId } };
  }
  const managerUserId = value.managerUserId ?? null;
  return managerUserId === draft.managerUserId
    ? { action: 'none' }
    : { action: 'save', body: { id: draft.id, manager_user_id: managerUserId } };
}
