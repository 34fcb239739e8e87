import type { DocTreeNode } from '@tandem/contract/project';

/** Where a node sits: its parent (null at the top), its parent's children and its place among them. */
export type NodePlace = {
  node: DocTreeNode;
  parent: DocTreeNode | null;
  siblings: DocTreeNode[];
  index: number;
};

export function locateNode(tree: readonly DocTreeNode[], id: number): NodePlace | undefined {
  const visit = (siblings: DocTreeNode[], parent: DocTreeNode | null): NodePlace | undefined => {
    for (const [index, node] of siblings.entries()) {
      if (node.id === id) return { node, parent, siblings, index };
      const found = visit(node.children, node);
      if (found) return found;
    }
    return undefined;
  };
  return visit(tree as DocTreeNode[], null);
}

/** Every node in reading order (a parent before its children). */
export function flattenTree(tree: readonly DocTreeNode[]): DocTreeNode[] {
  return tree.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The ids of a node and of everything under it. */
export const subtreeIds = (node: DocTreeNode): number[] => [node.id, ...node.children.flatMap(subtreeIds)];

/** The documents and PDFs (not groups) a node holds, itself included when it is one. */
export const documentCount = (node: DocTreeNode): number =>
  (node.kind === 'group' ? 0 : 1) + node.children.reduce((sum, child) => sum + documentCount(child), 0);

/**
 * Why `ids` cannot move under `parentId` (null: the top level), or null: never into a moving node itself or
 * under its children, and only groups hold other nodes.
 */
export function moveProblem(tree: readonly DocTreeNode[], ids: readonly number[], parentId: number | null) {
  if (parentId === null) return null;
  const target = locateNode(tree, parentId);
  if (!target) return 'projects.tree.move_gone' as const;
  for (const id of ids) {
    const moving = locateNode(tree, id);
    if (moving && subtreeIds(moving.node).includes(parentId))
      return 'projects.tree.move_into_itself' as const;
  }
  if (target.node.kind !== 'group') return 'projects.tree.move_into_document' as const;
  return null;
}

/** Where a drop puts the dragged node, as `move-doc` takes it; `position` is before (-1), inside (0), after (1). */
export function dropDestination(
  tree: readonly DocTreeNode[],
  dropId: number,
  position: -1 | 0 | 1,
): { parentId: number | null; index: number } | undefined {
  const target = locateNode(tree, dropId);
  if (!target) return undefined;
  if (position === 0) return { parentId: target.node.id, index: target.node.children.length };
  return { parentId: target.parent?.id ?? null, index: target.index + (position === 1 ? 1 : 0) };
}

/**
 * A selection without the nodes already inside a selected group: moving or deleting the group takes them
 * along, and naming them again would move them out of it (or delete them twice).
 */
export function outermostIds(tree: readonly DocTreeNode[], ids: readonly number[]): number[] {
  const chosen = new Set(ids);
  const result: number[] = [];
  const visit = (nodes: readonly DocTreeNode[]) => {
    for (const node of nodes) {
      if (chosen.has(node.id)) result.push(node.id);
      else visit(node.children);
    }
  };
  visit(tree);
  return result;
}

export type GroupOption = { value: number; title: string; disabled: boolean; children: GroupOption[] };

/** The groups a selection may move into, as a tree select's data: those inside the selection are disabled. */
export function groupOptions(
  tree: readonly DocTreeNode[],
  movingIds: readonly number[],
  nameOf: (node: DocTreeNode) => string,
): GroupOption[] {
  const blocked = new Set(
    movingIds.flatMap((id) => {
      const place = locateNode(tree, id);
      return place ? subtreeIds(place.node) : [];
    }),
  );
  const visit = (nodes: readonly DocTreeNode[]): GroupOption[] =>
    nodes
      .filter((node) => node.kind === 'group')
      .map((node) => ({
        value: node.id,
        title: nameOf(node),
        disabled: blocked.has(node.id),
        children: visit(node.children),
      }));
  return visit(tree);
}
