// `npm run backup -- [file]`: a copy of the embedded database, whether the server runs or not.
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backupEmbedded } from '../modules/backup/index.ts';
import { POSTGRES_BACKUP_GUIDANCE } from './postgres-guidance.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_GUIDANCE);
    process.exit(1);
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const file = resolve(process.argv[2] ?? `tandem-backup-${stamp}.tar.gz`);
  const { bytes, isFromRunningServer } = await backupEmbedded(config.dataDir, file);
  const source = isFromRunningServer ? 'copied by the running server' : 'the server was not running';
  console.log(`Backed up ${config.dataDir}/db to ${file} (${(bytes / 1e6).toFixed(1)} MB; ${source}).`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
