/** Team roles and kinds, without zod, for screens that must stay light. */

/** team_owner and team_admin both carry team_manage, the back-office right. */
export const TEAM_ROLES = { owner: 'team_owner', admin: 'team_admin', manage: 'team_manage' } as const;

/** team_type 0 is an organisation team; above 0 is a user's personal team. */
export const ORGANISATION_TEAM_TYPE = 0;
