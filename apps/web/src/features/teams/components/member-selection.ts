import type { Member } from '../api/members.ts';

export type BatchAction = 'move' | 'remove';

/** Who is acting: the owner may remove admins, other managers may not (the server says the same). */
export type Actor = { userId: number; isOwner: boolean };

/**
 * Why a batch action cannot run on this selection, as a message key, or null when it can. Every batch
 * needs a selection first; nobody removes the owner; only the owner removes admins.
 */
export function batchProblem(action: BatchAction, selected: readonly Member[], actor: Actor) {
  if (selected.length === 0) return 'org_admin.select_first' as const;
  if (action === 'move') return null;
  if (selected.some((member) => member.is_owner)) return 'error.owner_cannot_be_removed' as const;
  if (!actor.isOwner && selected.some((member) => member.is_admin)) {
    return 'org_admin.only_owner_removes_admins' as const;
  }
  return null;
}

/** What a row offers: the owner sets and unsets admins; nobody changes the owner's own row. */
export function rowActions(member: Member, actor: Actor) {
  return {
    canToggleAdmin: actor.isOwner && !member.is_owner,
    canRemove: !member.is_owner && (actor.isOwner || !member.is_admin),
  };
}

/** The selected members still on the page after a refresh (others were removed or moved out of view). */
export const keepSelected = (selected: readonly number[], rows: readonly Member[]) =>
  selected.filter((id) => rows.some((row) => row.user_id === id));

export const noSelectionProblem = (count: number) =>
  count === 0 ? ('org_admin.select_first' as const) : null;
