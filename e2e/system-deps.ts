import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium drives the browser tests; installed here when missing and running as root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  console.log('[e2e] installing Chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
