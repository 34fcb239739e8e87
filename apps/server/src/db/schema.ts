/** The drizzle schema: every domain's tables, gathered for the query builder and drizzle-kit. */
export * from './schema/system.ts';
