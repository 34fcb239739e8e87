import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL server in a temporary directory, for the integration suite and benchmarks.
 * Installs Debian's postgresql when missing and running as root; otherwise says what to install.
 */
export type PostgresServer = { url: string; stop(): void };

const isRoot = process.getuid?.() === 0;

function findPgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function ensurePgBin(): string {
  const found = findPgBin();
  if (found) return found;
  if (!isRoot) {
    throw new Error('PostgreSQL is not installed. Install it with: sudo apt-get install -y postgresql');
  }
  console.log('[postgres] installing PostgreSQL with apt-get…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findPgBin();
  if (!installed)
    throw new Error('PostgreSQL was installed but initdb was not found under /usr/lib/postgresql');
  return installed;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user. */
function run(bin: string, args: string[]) {
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = ensurePgBin();
  const dir = mkdtempSync(join(tmpdir(), 'tandem-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
