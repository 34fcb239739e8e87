import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunk-contents.json`: the source modules in each JavaScript file, paths from the
 * repository root. The manifest names only a chunk's entry module, and a chunk grouping several
 * routes' modules has none; the bundle benchmark checks what the sign-in page downloads with this.
 */
export function chunkContents(repositoryRoot: string): Plugin {
  return {
    name: 'tandem:chunk-contents',
    apply: 'build',
    generateBundle(_options, bundle) {
      const contents: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        contents[item.fileName] = item.moduleIds.map((id) =>
          id.startsWith('\0') ? id.slice(1) : relative(repositoryRoot, id).replaceAll('\\', '/'),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-contents.json',
        source: JSON.stringify(contents),
      });
    },
  };
}
