/** What `npm run backup` / `restore` say when DATABASE_URL names a PostgreSQL server: its own tools. */
export const POSTGRES_BACKUP_GUIDANCE = `DATABASE_URL is set: the database is a PostgreSQL server, which npm run backup and restore leave
to PostgreSQL's own tools (see docs/deploy.md#backups):

  pg_dump --format=custom --file=tandem.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" tandem.dump

pg_dump copies a consistent snapshot while the API nodes run; stop every node before pg_restore.`;
