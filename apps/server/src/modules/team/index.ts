// The team module's face: its plugin (teams, members, departments, approvals, invitations), the
// team policy and context every team-scoped call uses, and the person helpers every list shows.
export { listTeamCandidates } from './candidates.ts';
export { maskedPerson, personColumns, personName } from './people.ts';
export { loadTeamContext, requireTeam, teamOf } from './policy.ts';
export { teamRoutes } from './routes.ts';
