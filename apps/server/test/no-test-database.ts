import { readFileSync } from 'node:fs';

/**
 * The first line of a server test file that opens no test database. Such a file runs in the `server`
 * project only: on PostgreSQL (`server-postgres`) it would be the same run again. `createTestDatabase`
 * refuses a file that has it, and vitest.config.ts one that reads `TEST_DATABASE`, so the mark cannot
 * outlive its reason and leave a database test off PostgreSQL.
 */
export const NO_TEST_DATABASE = '// No test database:';

export const opensNoTestDatabase = (file: string) => readFileSync(file, 'utf8').startsWith(NO_TEST_DATABASE);
