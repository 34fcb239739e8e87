/** The drizzle schema: every domain's tables, gathered for the query builder and drizzle-kit. */
export * from './schema/agents.ts';
export * from './schema/chat.ts';
export * from './schema/files.ts';
export * from './schema/identities.ts';
export * from './schema/knowledge.ts';
export * from './schema/models.ts';
export * from './schema/projects.ts';
export * from './schema/rate-limits.ts';
export * from './schema/sessions.ts';
export * from './schema/sites.ts';
export * from './schema/system.ts';
export * from './schema/teams.ts';
export * from './schema/users.ts';
export * from './schema/verification.ts';
