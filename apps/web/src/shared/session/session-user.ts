/**
 * The signed-in user as `GET /api/user/account` answers it (spec part A section 3).
 * TODO(contract): move to `@tandem/contract/user` once the server publishes the schema there.
 */
export type CurrentTeam = {
  team_id: number | string;
  id?: number | string;
  name: string;
  avatar?: string | null;
  /** Above 0 means the user's personal team. */
  team_type: number;
  team_roles: string[];
};

export type SessionUser = {
  id: number | string;
  user_name: string;
  real_name?: string | null;
  nick_name?: string | null;
  phone?: string | null;
  email?: string | null;
  avatar?: string | null;
  current_team_id?: number | string | null;
  current_team?: CurrentTeam | null;
  current_team_ver?: {
    numerical_auth?: { points_quota?: { points_quota_surplus_numerical?: number | null } | null } | null;
  } | null;
  has_roles: string[];
  app_role: string[];
  preference?: { theme_id?: number | null; theme_key?: string | null; language_key?: string | null } | null;
};

/** Nickname, then phone, then email (spec part A section 3); the caller supplies the guest name. */
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

export const isPersonalTeam = (team: Pick<CurrentTeam, 'team_type'>) => team.team_type > 0;

/** The back office is for organisation teams in which the user holds `team_manage`. */
export const canManageTeam = (team: Pick<CurrentTeam, 'team_type' | 'team_roles'> | null | undefined) =>
  !!team && !isPersonalTeam(team) && team.team_roles.includes(TEAM_MANAGE_ROLE);
