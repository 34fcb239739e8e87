import { describe, expect, it } from 'vitest';
import type { DepartmentNode } from '../api/departments.ts';
import {
  allDepartmentIds,
  deleteProblem,
  departmentChoices,
  departmentIdOf,
  departmentPath,
  draftRequest,
  filterOfKey,
  locateDepartment,
  moveInTree,
  moveProblem,
  subtreeIds,
  TOP_LEVEL,
  validFilter,
} from './department-tree-model.ts';

const node = (id: number, name: string, children: DepartmentNode[] = [], parentId: number | null = null) => ({
  id,
  name,
  parentId,
  manager_user_id: null,
  manager_name: '',
  member_count: 0,
  sort: id,
  children: children.map((child) => ({ ...child, parentId: id })),
});

// Sales (Sales east, Sales west (Seattle)), Support, Research
const tree: DepartmentNode[] = [
  node(1, 'Sales', [node(11, 'Sales east'), node(12, 'Sales west', [node(121, 'Seattle')])]),
  node(2, 'Support'),
  node(3, 'Research'),
];

const names = (nodes: DepartmentNode[]) => nodes.map((each) => each.name);

describe('finding a department', () => {
  it('knows its parent, its siblings, its place and its depth', () => {
    const place = locateDepartment(tree, 12);
    expect(place?.parent?.name).toBe('Sales');
    expect(names(place?.siblings ?? [])).toEqual(['Sales east', 'Sales west']);
    expect(place?.index).toBe(1);
    expect(locateDepartment(tree, 121)?.depth).toBe(2);
    expect(locateDepartment(tree, 99)).toBeUndefined();
  });

  it('names the path from the top', () => {
    expect(departmentPath(tree, 121)).toEqual(['Sales', 'Sales west', 'Seattle']);
    expect(departmentPath(tree, 99)).toEqual([]);
  });

  it('lists every id, parents first, to expand the whole tree', () => {
    expect(allDepartmentIds(tree)).toEqual([1, 11, 12, 121, 2, 3]);
  });
});

describe('moving a department among its siblings', () => {
  it('refuses to move the first one up, with the server’s message', () => {
    expect(moveProblem(tree, 1, 'up')).toBe('error.department_move_blocked');
    expect(moveProblem(tree, 11, 'up')).toBe('error.department_move_blocked');
    expect(moveProblem(tree, 121, 'up')).toBe('error.department_move_blocked');
  });

  it('refuses to move the last one down', () => {
    expect(moveProblem(tree, 3, 'down')).toBe('org_admin.department_at_bottom');
    expect(moveProblem(tree, 121, 'down')).toBe('org_admin.department_at_bottom');
  });

  it('allows a move that has a neighbour', () => {
    expect(moveProblem(tree, 2, 'up')).toBeNull();
    expect(moveProblem(tree, 11, 'down')).toBeNull();
  });

  it('swaps with the neighbour and renumbers the siblings, leaving the input alone', () => {
    const moved = moveInTree(tree, 3, 'up');
    expect(names(moved)).toEqual(['Sales', 'Research', 'Support']);
    expect(moved.map((each) => each.sort)).toEqual([1, 2, 3]);
    expect(names(tree)).toEqual(['Sales', 'Support', 'Research']);
  });

  it('moves inside a sub-tree without touching the rest', () => {
    const moved = moveInTree(tree, 12, 'up');
    expect(names(moved[0]!.children)).toEqual(['Sales west', 'Sales east']);
    expect(names(moved[0]!.children[0]!.children)).toEqual(['Seattle']);
    expect(moved[1]).toBe(tree[1]);
  });

  it('leaves the tree as it is when the move is blocked', () => {
    expect(moveInTree(tree, 1, 'up')).toEqual(tree);
  });
});

describe('deleting a department', () => {
  it('is refused while it has sub-departments', () => {
    expect(deleteProblem(tree[0]!)).toBe('error.department_has_children');
    expect(deleteProblem(tree[1]!)).toBeNull();
  });
});

describe('choosing a department', () => {
  it('cannot choose a department’s own sub-tree as its parent', () => {
    const excluded = subtreeIds(tree[0]!.children[1]!);
    expect([...excluded].sort()).toEqual([12, 121]);
    const choices = departmentChoices(tree, excluded);
    expect(choices[0]!.children[1]).toMatchObject({ value: 12, disabled: true });
    expect(choices[0]!.children[0]).not.toHaveProperty('disabled');
  });

  it('turns tree keys into member-list filters', () => {
    expect(filterOfKey('all')).toBe('all');
    expect(filterOfKey('none')).toBe('none');
    expect(filterOfKey('12')).toBe(12);
    expect(filterOfKey('nonsense')).toBe('all');
    expect(departmentIdOf('all')).toBeUndefined();
    expect(departmentIdOf('none')).toBe(0);
    expect(departmentIdOf(12)).toBe(12);
  });

  it('falls back to all members when the chosen department is gone', () => {
    expect(validFilter(tree, 12)).toBe(12);
    expect(validFilter(tree, 99)).toBe('all');
    expect(validFilter([], 'none')).toBe('none');
  });
});

describe('the department editor', () => {
  it('creates under the chosen parent with a trimmed name', () => {
    expect(draftRequest({ kind: 'create', parentId: 1, parentName: 'Sales' }, { name: '  North ' })).toEqual({
      action: 'create',
      body: { name: 'North', parent_id: 1 },
    });
    expect(draftRequest({ kind: 'create', parentId: null, parentName: '' }, { name: 'Legal' })).toEqual({
      action: 'create',
      body: { name: 'Legal', parent_id: null },
    });
  });

  it('sends only what changed, and nothing when nothing did', () => {
    const rename = { kind: 'rename', id: 2, name: 'Support' } as const;
    expect(draftRequest(rename, { name: ' Support ' })).toEqual({ action: 'none' });
    expect(draftRequest(rename, { name: 'Customer care' })).toEqual({
      action: 'save',
      body: { id: 2, name: 'Customer care' },
    });
    const manager = { kind: 'manager', id: 2, name: 'Support', managerUserId: 5, managerName: 'Bo' } as const;
    expect(draftRequest(manager, { managerUserId: 5 })).toEqual({ action: 'none' });
    expect(draftRequest(manager, { managerUserId: 8 })).toEqual({
      action: 'save',
      body: { id: 2, manager_user_id: 8 },
    });
    expect(draftRequest(manager, { managerUserId: null })).toEqual({
      action: 'save',
      body: { id: 2, manager_user_id: null },
    });
  });

  it('moves a department under another parent, or to the top level, only when that changed', () => {
    const under = { kind: 'parent', id: 12, name: 'Sales west', parentId: 1 } as const;
    expect(draftRequest(under, { parentId: 1 })).toEqual({ action: 'none' });
    expect(draftRequest(under, { parentId: 2 })).toEqual({ action: 'save', body: { id: 12, parent_id: 2 } });
    expect(draftRequest(under, { parentId: TOP_LEVEL })).toEqual({
      action: 'save',
      body: { id: 12, parent_id: null },
    });
    const top = { kind: 'parent', id: 2, name: 'Support', parentId: null } as const;
    expect(draftRequest(top, { parentId: TOP_LEVEL })).toEqual({ action: 'none' });
  });
});
