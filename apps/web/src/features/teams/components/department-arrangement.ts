import type { DepartmentNode } from '../api/departments.ts';

/** One line of the arrangement: a department, how deep it sits, and whether it can move among its siblings. */
export type ArrangementRow = {
  id: number;
  name: string;
  depth: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
};

/** The tree as lines, parents before their children, in the order shown. */
export function arrangementRows(tree: readonly DepartmentNode[], depth = 0): ArrangementRow[] {
  return tree.flatMap((node, index) => [
    { id: node.id, name: node.name, depth, canMoveUp: index > 0, canMoveDown: index < tree.length - 1 },
    ...arrangementRows(node.children, depth + 1),
  ]);
}

/** Each parent's children in order (`null`: the top level). */
function childOrders(tree: readonly DepartmentNode[], parentId: number | null = null) {
  const orders = new Map<number | null, number[]>([[parentId, tree.map((node) => node.id)]]);
  for (const node of tree) {
    for (const [parent, ids] of childOrders(node.children, node.id)) orders.set(parent, ids);
  }
  return orders;
}

/** The name as saved: composed and trimmed, like the server keeps it. */
export const cleanName = (name: string) => name.normalize('NFC').trim();

/** The departments whose edited name is blank: nothing is saved while there are any. */
export function blankNames(names: ReadonlyMap<number, string>): number[] {
  return [...names].filter(([, name]) => cleanName(name) === '').map(([id]) => id);
}

export type ArrangementRequests = {
  /** One `batch-save-department`. */
  renames: { id: number; name: string }[];
  /** One `re-sort-department` per parent whose children changed order. */
  reSorts: { parent_id: number | null; ids: number[] }[];
};

/** What saving sends: the renamed departments together, and every parent whose children were reordered. */
export function arrangementRequests(
  original: readonly DepartmentNode[],
  arranged: readonly DepartmentNode[],
  names: ReadonlyMap<number, string>,
): ArrangementRequests {
  const renames = arrangementRows(original).flatMap((row) => {
    const edited = names.get(row.id);
    const name = edited === undefined ? row.name : cleanName(edited);
    return name === row.name ? [] : [{ id: row.id, name }];
  });
  const before = childOrders(original);
  const reSorts = [...childOrders(arranged)]
    .filter(([parent, ids]) => ids.some((id, index) => before.get(parent)?.[index] !== id))
    .map(([parent_id, ids]) => ({ parent_id, ids }));
  return { renames, reSorts };
}

export const hasChanges = (requests: ArrangementRequests) =>
  requests.renames.length > 0 || requests.reSorts.length > 0;
