import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated database every test file's database is created from (`create database … template`). */
    postgresTemplate: string;
  }
}

const TEMPLATE = 'tandem_test_template';

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${TEMPLATE}`;
  const template = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await template.migrate();
  // A template must have no connections while databases are made from it.
  await template.close();
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', TEMPLATE);
  return () => server.stop();
}
