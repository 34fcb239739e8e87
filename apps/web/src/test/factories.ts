import type { CurrentTeam, SessionUser } from '../shared/session/session-user.ts';

/** A team to put a test user in; by default an organisation the user does not manage. */
export function createTeam(overrides: Partial<CurrentTeam> = {}): CurrentTeam {
  return { team_id: 9, id: 9, name: 'Acme', avatar: '', team_type: 0, team_roles: [], ...overrides };
}

/** A signed-in user as `GET /api/user/account` answers: Ada, by email, in her personal team. */
export function createUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    user_name: 'ada@example.com',
    real_name: '',
    nick_name: 'Ada',
    phone: '',
    country_code: '',
    email: 'ada@example.com',
    avatar: '',
    current_team_id: 1,
    current_team: createTeam({ team_id: 1, id: 1, name: 'Ada', team_type: 1, team_roles: ['team_manage'] }),
    current_team_ver: {
      ver_id: 1,
      ver_name: 'free',
      numerical_auth: { points_quota: { points_quota_surplus_numerical: 0 } },
    },
    has_roles: ['user'],
    app_role: ['user'],
    is_super: false,
    preference: { theme_id: 6, theme_key: 'system', language_id: 3, language_key: 'en-US' },
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The same user moved into `team` (its id becomes the current team id). */
export const createUserIn = (team: CurrentTeam, overrides: Partial<SessionUser> = {}) =>
  createUser({ current_team_id: team.team_id, current_team: team, ...overrides });

/**
 * The candidates calls' people: Ada owns the thing they are chosen for; Grace is its viewer; Linus is
 * in the team and not on it. Contacts come masked, as the server sends them.
 */
export function createCandidates() {
  const candidate = (user_id: number, name: string, rest: { is_owner?: boolean; permission?: 'viewer' }) => ({
    user_id,
    name,
    avatar: '',
    email: `${name.slice(0, 2).toLowerCase()}***@example.com`,
    phone: '',
    is_owner: rest.is_owner ?? false,
    permission: rest.permission ?? null,
  });
  return [
    candidate(7, 'Ada', { is_owner: true }),
    candidate(8, 'Grace', { permission: 'viewer' }),
    candidate(9, 'Linus', {}),
  ];
}
