// The backup module's face: its plugin (the running server copies its embedded database on request),
// and the copy and restore that `npm run backup` / `npm run restore` and the start-up use.
export { BackupError, backupEmbedded, restoreEmbedded } from './embedded-backup.ts';
export { localUrlOf, newBackupToken, writeBackupEndpoint } from './endpoint-file.ts';
export { backupRoutes } from './routes.ts';
