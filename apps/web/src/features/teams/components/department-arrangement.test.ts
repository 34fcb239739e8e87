import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '../api/departments.ts';
import { arrangementRequests, arrangementRows, blankNames, hasChanges } from './department-arrangement.ts';
import { moveInTree } from './department-tree-model.ts';

const node = (id: number, name: string, children: DepartmentNode[] = []): DepartmentNode => ({
  id,
  name,
  parentId: null,
  manager_user_id: null,
  manager_name: '',
  member_count: 0,
  sort: id,
  children: children.map((child) => ({ ...child, parentId: id })),
});

// Sales (East, West), Support
const tree = [node(1, 'Sales', [node(11, 'East'), node(12, 'West')]), node(2, 'Support')];

describe('arranging departments', () => {
  it('shows every department under its parent, each able to move only where it has a neighbour', () => {
    expect(arrangementRows(tree)).toEqual([
      { id: 1, name: 'Sales', depth: 0, canMoveUp: false, canMoveDown: true },
      { id: 11, name: 'East', depth: 1, canMoveUp: false, canMoveDown: true },
      { id: 12, name: 'West', depth: 1, canMoveUp: true, canMoveDown: false },
      { id: 2, name: 'Support', depth: 0, canMoveUp: true, canMoveDown: false },
    ]);
  });

  it('sends nothing when nothing changed, a name typed back included', () => {
    const requests = arrangementRequests(tree, tree, new Map([[11, ' East ']]));
    expect(requests).toEqual({ renames: [], reSorts: [] });
    expect(hasChanges(requests)).toBe(false);
  });

  it('sends the renamed departments together, trimmed', () => {
    const names = new Map([
      [1, '  Field sales '],
      [12, 'West coast'],
      [2, 'Support'],
    ]);
    expect(arrangementRequests(tree, tree, names)).toEqual({
      renames: [
        { id: 1, name: 'Field sales' },
        { id: 12, name: 'West coast' },
      ],
      reSorts: [],
    });
  });

  it('re-sorts only the levels whose order changed, with all of their departments', () => {
    const swappedInside = moveInTree(tree, 12, 'up');
    expect(arrangementRequests(tree, swappedInside, new Map()).reSorts).toEqual([
      { parent_id: 1, ids: [12, 11] },
    ]);
    const both = moveInTree(swappedInside, 2, 'up');
    expect(arrangementRequests(tree, both, new Map()).reSorts).toEqual([
      { parent_id: null, ids: [2, 1] },
      { parent_id: 1, ids: [12, 11] },
    ]);
    // Moved away and back: the level is as it was.
    const back = moveInTree(moveInTree(tree, 2, 'up'), 2, 'down');
    expect(hasChanges(arrangementRequests(tree, back, new Map()))).toBe(false);
  });

  it('finds the names left blank', () => {
    expect(
      blankNames(
        new Map([
          [1, '   '],
          [2, 'Support'],
          [11, ''],
        ]),
      ),
    ).toEqual([1, 11]);
  });
});
