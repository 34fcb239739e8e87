import { describe, expect, it } from 'vitest';
import type { Member } from '../api/members.ts';
import { batchProblem, keepSelected, noSelectionProblem, rowActions } from './member-selection.ts';

const member = (userId: number, role: 'owner' | 'admin' | 'member' = 'member'): Member => ({
  user_id: userId,
  name: `User ${userId}`,
  real_name: '',
  avatar: '',
  phone: '',
  email: `u${userId}@example.com`,
  join_time: '2026-01-01T00:00:00.000Z',
  department_id: null,
  department_name: '',
  is_admin: role !== 'member',
  is_owner: role === 'owner',
});

const owner = { userId: 1, isOwner: true };
const admin = { userId: 2, isOwner: false };

describe('batch actions on members', () => {
  it('need a selection first', () => {
    expect(batchProblem('move', [], owner)).toBe('org_admin.select_first');
    expect(batchProblem('remove', [], owner)).toBe('org_admin.select_first');
    expect(noSelectionProblem(0)).toBe('org_admin.select_first');
    expect(noSelectionProblem(2)).toBeNull();
  });

  it('move anyone, the owner included', () => {
    expect(batchProblem('move', [member(1, 'owner'), member(3)], admin)).toBeNull();
  });

  it('never remove the owner', () => {
    expect(batchProblem('remove', [member(3), member(1, 'owner')], owner)).toBe(
      'error.owner_cannot_be_removed',
    );
  });

  it('let only the owner remove admins', () => {
    const selection = [member(3), member(4, 'admin')];
    expect(batchProblem('remove', selection, admin)).toBe('org_admin.only_owner_removes_admins');
    expect(batchProblem('remove', selection, owner)).toBeNull();
    expect(batchProblem('remove', [member(3)], admin)).toBeNull();
  });
});

describe('a member row', () => {
  it('offers the owner to make and unmake admins, but not on the owner’s own row', () => {
    expect(rowActions(member(3), owner)).toEqual({ canToggleAdmin: true, canRemove: true });
    expect(rowActions(member(4, 'admin'), owner)).toEqual({ canToggleAdmin: true, canRemove: true });
    expect(rowActions(member(1, 'owner'), owner)).toEqual({ canToggleAdmin: false, canRemove: false });
  });

  it('offers an admin to remove plain members only', () => {
    expect(rowActions(member(3), admin)).toEqual({ canToggleAdmin: false, canRemove: true });
    expect(rowActions(member(4, 'admin'), admin)).toEqual({ canToggleAdmin: false, canRemove: false });
  });
});

it('keeps only the selected members still in the list', () => {
  expect(keepSelected([3, 4, 5], [member(3), member(5), member(6)])).toEqual([3, 5]);
});
