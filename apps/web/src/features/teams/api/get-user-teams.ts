import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { type CurrentTeam, canManageTeam } from '../../../shared/session/session-user.ts';

export const USER_TEAMS_PATH = '/api/team/get-user-teams';

export type UserTeam = Pick<CurrentTeam, 'team_id' | 'team_type' | 'team_roles' | 'name' | 'avatar'>;

export const userTeamsQuery = queryOptions({
  queryKey: ['teams', 'mine'],
  queryFn: () => http.get<UserTeam[]>(USER_TEAMS_PATH, { silent: true }),
});

/** The admin team switcher lists organisation teams in which the user holds `team_manage`. */
export const manageableTeams = (teams: readonly UserTeam[]) => teams.filter((team) => canManageTeam(team));
