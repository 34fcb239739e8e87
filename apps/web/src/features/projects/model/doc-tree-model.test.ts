import type { DocTreeNode } from '@tandem/contract/project';
import { describe, expect, it } from 'vitest';
import { documentCount, dropDestination, groupOptions, moveProblem, outermostIds } from './doc-tree-model.ts';

const node = (
  id: number,
  kind: 'doc' | 'group',
  children: DocTreeNode[] = [],
  parentId: number | null = null,
) => ({
  id,
  uniq_code: `d${id}`,
  name: `n${id}`,
  parentId,
  kind,
  sort: id,
  updated_at: '2026-11-25T06:00:00.000Z',
  index_state: kind === 'doc' ? ('ready' as const) : null,
  index_error: null,
  children,
});

// 1 Plans (group) > 2 Intro (doc), 3 Drafts (group) > 4 Old (doc); 5 Notes (doc); 6 Archive (group, empty)
const TREE: DocTreeNode[] = [
  node(1, 'group', [node(2, 'doc', [], 1), node(3, 'group', [node(4, 'doc', [], 3)], 1)]),
  node(5, 'doc'),
  node(6, 'group'),
];

describe('moves in the catalogue', () => {
  it('refuses a group moved into itself or under its own children', () => {
    expect(moveProblem(TREE, [1], 1)).toBe('projects.tree.move_into_itself');
    expect(moveProblem(TREE, [1], 3)).toBe('projects.tree.move_into_itself');
    expect(moveProblem(TREE, [5, 1], 3)).toBe('projects.tree.move_into_itself');
  });

  it('only puts entries inside groups, and anywhere at the top level', () => {
    expect(moveProblem(TREE, [2], 5)).toBe('projects.tree.move_into_document');
    expect(moveProblem(TREE, [5], 3)).toBeNull();
    expect(moveProblem(TREE, [3], 6)).toBeNull();
    expect(moveProblem(TREE, [4], null)).toBeNull();
    expect(moveProblem(TREE, [4], 99)).toBe('projects.tree.move_gone');
  });

  it('turns a drop before, inside or after an entry into the parent and place move-doc takes', () => {
    expect(dropDestination(TREE, 5, 0)).toEqual({ parentId: 5, index: 0 });
    expect(dropDestination(TREE, 1, 0)).toEqual({ parentId: 1, index: 2 });
    expect(dropDestination(TREE, 3, -1)).toEqual({ parentId: 1, index: 1 });
    expect(dropDestination(TREE, 3, 1)).toEqual({ parentId: 1, index: 2 });
    expect(dropDestination(TREE, 5, 1)).toEqual({ parentId: null, index: 2 });
  });
});

describe('selections', () => {
  it('leaves out what a chosen group already holds', () => {
    expect(outermostIds(TREE, [4, 1, 5, 2])).toEqual([1, 5]);
    expect(outermostIds(TREE, [4, 2])).toEqual([2, 4]);
  });

  it('counts the documents a group holds, however deep', () => {
    expect(documentCount(TREE[0]!)).toBe(2);
    expect(documentCount(TREE[2]!)).toBe(0);
    expect(documentCount(TREE[1]!)).toBe(1);
  });

  it('offers only groups as destinations, disabling the moving ones and everything inside them', () => {
    const options = groupOptions(TREE, [1], (entry) => entry.name);
    expect(options.map((option) => [option.value, option.disabled])).toEqual([
      [1, true],
      [6, false],
    ]);
    expect(options[0]!.children.map((option) => [option.value, option.disabled])).toEqual([[3, true]]);
  });
});
