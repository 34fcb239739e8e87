import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT_SRC = join(WEB_SRC, '../../../packages/contract/src');

/** Static imports only: `import()` is a chunk of its own, downloaded when called. Type imports vanish. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@tandem/contract/')
    ? join(CONTRACT_SRC, specifier.slice('@tandem/contract/'.length))
    : resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => /\.(ts|tsx)$/.test(path) && existsSync(path));
}

/** Every source file and npm package the sign-in page's code reaches through static imports. */
function signInGraph() {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@tandem/contract/')) {
        const target = resolveLocal(file, specifier);
        if (target) visit(target);
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(join(WEB_SRC, 'main.tsx'));
  visit(join(WEB_SRC, 'features/auth/pages/login-page.tsx'));
  return { files: [...files].map((file) => file.slice(WEB_SRC.length + 1)), packages: [...packages] };
}

const readSource = (file: string) => readFileSync(join(WEB_SRC, file), 'utf8');

describe('the sign-in page’s module graph', () => {
  const graph = signInGraph();

  it('is found (the scan follows the app’s entry and the page)', () => {
    expect(graph.files).toContain('app/router.tsx');
    expect(graph.files).toContain('features/auth/pages/login-page.tsx');
    expect(graph.packages).toContain('react');
  });

  it('holds nothing of chat, agents, the back office or the signed-in shell', () => {
    const signedInOnly = /^(features\/(chat|agents|teams|models|projects)\/|app\/shell\/)/;
    expect(graph.files.filter((file) => signedInOnly.test(file))).toEqual([]);
  });

  it('holds none of the heavy libraries signed-in pages use', () => {
    const heavy =
      /^(axios|katex|react-markdown|rehype-|remark-|mdast-|highlight|centrifuge|chart\.js|qrcode|antd-img-crop|react-virtuoso|@ant-design\/x|@tiptap|pdfjs)/;
    expect(graph.packages.filter((name) => heavy.test(name))).toEqual([]);
  });

  it('neither makes nor uses a query client: TanStack Query’s core comes with the first page that fetches', () => {
    const usesQueries =
      /\bnew QueryClient\b|\buse(Query|Queries|Mutation|QueryClient|InfiniteQuery|SuspenseQuery)\(/;
    // The web app's own files (the contract's hold no React code).
    const webFiles = graph.files.filter((file) => existsSync(join(WEB_SRC, file)));
    expect(webFiles.filter((file) => usesQueries.test(readSource(file)))).toEqual([]);
  });
});
