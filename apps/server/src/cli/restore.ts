// `npm run restore -- <file>`: puts a backup in place of the embedded database, with the server stopped.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreEmbedded } from '../modules/backup/index.ts';
import { POSTGRES_BACKUP_GUIDANCE } from './postgres-guidance.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_GUIDANCE);
    process.exit(1);
  }
  const given = process.argv[2];
  if (!given) {
    console.error('Name the backup to restore: npm run restore -- <file>');
    process.exit(1);
  }
  const file = resolve(given);
  const { keptAs } = await restoreEmbedded(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}/db.`);
  if (keptAs) console.log(`The database it replaced is kept in ${keptAs}.`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
