import { TEAM_ROLES } from '@tandem/contract/team-rules';
import type { CurrentTeam } from '../../../shared/session/session-user.ts';

type TeamRoles = Pick<CurrentTeam, 'team_roles'> | null | undefined;

export const isTeamOwner = (team: TeamRoles) => !!team?.team_roles.includes(TEAM_ROLES.owner);
