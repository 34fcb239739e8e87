// A site build's process that never answers, for build-in-child.test.ts. Sent a file holding `grow`, it
// starts a process that takes 16 MB more every 20 ms (up to 480 MB, for a minute at most); else it starts esbuild's service. Then it spins,
// deaf to the server's going away.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';

const GROWING =
  'const held = []; setInterval(() => held.length < 30 && held.push(Buffer.alloc(16 << 20, 1)), 20); setTimeout(process.exit, 60_000);';

process.once('message', async ({ files }) => {
  if (files[0]?.content === 'grow') spawn(process.execPath, ['-e', GROWING], { stdio: 'ignore' });
  else await context({ logLevel: 'silent' });
  for (;;) {}
});
