// The backup module's face.
export { BackupError, backupEmbedded, restoreEmbedded } from './embedded-backup.ts';
export { localUrlOf, newBackupToken, writeBackupEndpoint } from './endpoint-file.ts';
export { backupRoutes } from './routes.ts';
