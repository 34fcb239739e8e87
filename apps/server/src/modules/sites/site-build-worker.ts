// The process of one site build, forked by build-in-child.ts: builds the files it is sent, ends esbuild's
// service, sends the result back and exits.
import type { SiteFile } from '@tandem/contract/chat-sites';
import { stop } from 'esbuild';
import { type BuildLimits, buildSite } from './build-site.ts';
import { isReaped, processTree } from './process-tree.ts';

const SERVICE_END_MAX_MS = 1000;

process.once('message', async ({ files, limits }: { files: SiteFile[]; limits: BuildLimits }) => {
  const before = new Set(processTree(process.pid));
  const result = await buildSite(files, limits);
  // esbuild's service is a child of this process: ended and reaped here, it is not left to be reaped by
  // init, which in a container is the server itself, and never does.
  const service = processTree(process.pid).filter((pid) => !before.has(pid));
  await stop();
  const deadline = performance.now() + SERVICE_END_MAX_MS;
  while (!service.every(isReaped) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  process.send?.(result, () => process.exit(0));
});
// The server is gone: nobody waits for the result.
process.once('disconnect', () => process.exit(0));
