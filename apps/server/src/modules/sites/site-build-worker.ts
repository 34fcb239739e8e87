// The process of one site build, forked by build-in-child.ts: builds the files it is sent, sends the
// result back and exits, which ends esbuild's service with it.
import type { SiteFile } from '@tandem/contract/chat-sites';
import { type BuildLimits, buildSite } from './build-site.ts';

process.once('message', async ({ files, limits }: { files: SiteFile[]; limits: BuildLimits }) => {
  const result = await buildSite(files, limits);
  process.send?.(result, () => process.exit(0));
});
// The server is gone: nobody waits for the result.
process.once('disconnect', () => process.exit(0));
