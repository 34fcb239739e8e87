import type { AccountUser } from '@tandem/contract/user';

/** The signed-in user as `GET /api/user/account` answers it. */
export type SessionUser = AccountUser;
export type CurrentTeam = AccountUser['current_team'];
/** Nickname, then phone, then email; the caller supplies the guest name. */
export function displayNameOf(user: Pick<SessionUser, 'nick_name' | 'phone' | 'email'> | null | undefined) {
  if (!user) return undefined;
  return [user.nick_name, user.phone, user.email].map((value) => value?.trim()).find(Boolean);
}

export function pointsOf(user: SessionUser | null | undefined): number | null {
  const points = user?.current_team_ver?.numerical_auth?.points_quota?.points_quota_surplus_numerical;
  return typeof points === 'number' ? points : null;
}

export const TEAM_MANAGE_ROLE = 'team_manage';
export const SUPER_ROLE = 'is_super';

/** The roles routes are checked against: `has_roles`, plus `is_super` when the account flag says so. */
export function routeRolesOf(user: Pick<SessionUser, 'has_roles' | 'is_super'>): string[] {
  return user.is_super && !user.has_roles.includes(SUPER_ROLE)
    ? [...user.has_roles, SUPER_ROLE]
    : user.has_roles;
}

export const isPersonalTeam = (team: Pick<CurrentTeam, 'team_type'>) => team.team_type > 0;

/** The back office is for organisation teams in which the user holds `team_manage`. */
export const canManageTeam = (team: Pick<CurrentTeam, 'team_type' | 'team_roles'> | null | undefined) =>
  !!team && !isPersonalTeam(team) && team.team_roles.includes(TEAM_MANAGE_ROLE);
