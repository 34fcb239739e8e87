import { http } from '../../../shared/api/http.ts';

/** The spec names the payload (`current_team_id`) but not the path; agreed with the server module. */
export const SWITCH_TEAM_PATH = '/api/team/switch-team';

export const switchTeam = (teamId: number | string) =>
  http.post<unknown>(SWITCH_TEAM_PATH, { current_team_id: teamId });
