// The team module's face: what other modules may use of it. Its routes are registered by app.ts.

export { listTeamCandidates } from './candidates.ts';
export { maskedPerson, personColumns, personName } from './people.ts';
export { loadTeamContext, requireTeam, teamOf } from './policy.ts';
export { teamRoutes } from './routes.ts';
