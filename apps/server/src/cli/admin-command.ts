import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { EmbeddedDatabaseBusyError, openEmbeddedDatabase } from '../db/open-embedded.ts';
import { isPgliteCreated } from '../db/pglite-init.ts';
import {
  type AdminChange,
  grantPlatformAdmin,
  listPlatformAdmins,
  revokePlatformAdmin,
  type SuperSource,
} from '../modules/user/index.ts';

export type Output = { out(line: string): void; err(line: string): void };

const USAGE = `Usage: npm run admin -- grant <email> | revoke <email> | list
  grant   make the account with this email a platform admin (ADMIN_EMAILS never takes it back)
  revoke  take the platform admin right away
  list    show the platform admins
Works on the database the server uses: DATABASE_URL, or the embedded one in DATA_DIR (./data), which
must not be open in a running server.`;

const SOURCE_LABELS: Record<SuperSource | 'null', string> = {
  env: 'ADMIN_EMAILS',
  cli: 'admin command',
  setup: 'setup link',
  null: 'set in the database',
};

class CommandError extends Error {}

/** `npm run admin -- …`: answers the exit code; every outcome is one clear sentence or a list. */
export async function runAdminCommand(args: string[], env: NodeJS.ProcessEnv, io: Output): Promise<number> {
  const [command, email, ...extra] = args;
  const needsEmail = command === 'grant' || command === 'revoke';
  if (!(needsEmail || command === 'list') || (needsEmail && !email) || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  let database: Database | undefined;
  try {
    const config = loadConfig(env);
    database = await openCommandDatabase(config.databaseUrl, config.dataDir);
    await database.migrate();
    if (command === 'list') await list(database, io);
    else if (email) {
      const change =
        command === 'grant'
          ? await grantPlatformAdmin(database.db, email)
          : await revokePlatformAdmin(database.db, email);
      report(command, email, change, config.adminEmails, io);
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof CommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

async function openCommandDatabase(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  if (databaseUrl) return openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  if (!isPgliteCreated(join(dataDir, 'db'))) {
    throw new CommandError(
      `There is no database in ${dataDir} yet: start the server once (npm start), register the account, then run this again.`,
    );
  }
  return openEmbeddedDatabase(dataDir, 'the admin command');
}

function report(
  command: 'grant' | 'revoke',
  email: string,
  change: AdminChange,
  adminEmails: string[],
  io: Output,
) {
  if (change.outcome === 'no-account') {
    throw new CommandError(`No account has the email ${email}: they register first, then run this again.`);
  }
  const isListed = adminEmails.includes(email.trim().toLowerCase());
  if (command === 'grant') {
    io.out(
      change.outcome === 'changed'
        ? `${email} is now a platform admin: Models and providers (/platform/models) is in their user menu after a page reload.`
        : `${email} is already a platform admin.`,
    );
    return;
  }
  io.out(
    change.outcome === 'changed'
      ? `${email} is no longer a platform admin.`
      : `${email} is not a platform admin.`,
  );
  if (isListed) {
    io.out(
      `${email} is in ADMIN_EMAILS, so their next sign-in makes them an admin again: remove it there too.`,
    );
  }
}

async function list(database: Database, io: Output) {
  const admins = await listPlatformAdmins(database.db);
  if (admins.length === 0) {
    io.out('No platform admins yet. Make one: npm run admin -- grant you@example.com (or set ADMIN_EMAILS).');
    return;
  }
  for (const admin of admins) {
    const name = admin.email ?? `account ${admin.id} (no email)`;
    io.out(`${name}\t${admin.nickName || '-'}\t${SOURCE_LABELS[admin.source ?? 'null']}`);
  }
}
