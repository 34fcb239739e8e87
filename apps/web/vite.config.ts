import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import { catalogueParts } from './build/catalogue-parts-plugin.ts';
import { chunkContents } from './build/chunk-contents-plugin.ts';
import { firstPageChunks } from './build/first-page-chunks-plugin.ts';
import { pdfjsAssets } from './build/pdfjs-assets-plugin.ts';
import { withoutTooltipUnique } from './build/without-tooltip-unique-plugin.ts';

const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/connection': { target: apiTarget, changeOrigin: true, ws: true },
  // The documents' collaboration websocket (Hocuspocus) on the server's own port.
  '/collaboration': { target: apiTarget, changeOrigin: true, ws: true },
};

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The contract builds its zod schemas at module level. The web app imports the contract's constants and
 * helpers (locales, cookie names, limits, API paths), and a schema it never uses would still run
 * `z.object(...)` at load and drag all of zod (~30 KB gzip) onto the sign-in page. Marking each top-level
 * `const x = call(...)` initialiser pure lets the bundler drop the unused ones; schemas the app does use
 * stay as they are. Contract modules only build values at the top level, so these calls have no effects.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'tandem:pure-contract-schemas',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: Node[] };
        const inits: Node[] = [];
        for (const statement of program.body) {
          const declaration = (
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
          ) as Node | null | undefined;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[]) {
            const init = declarator.init as Node | null;
            if (init?.type === 'CallExpression') inits.push(init);
          }
        }
        if (!inits.length) return null;
        let out = code;
        for (const init of inits.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

/**
 * What every page runs whole, in one chunk that changes only when a dependency is upgraded: React, the
 * router, i18next and antd's styling engine. (Packages whose pages use different parts, such as
 * TanStack Query, go with the pages that use them.)
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store|js-cookie|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|stylis|@emotion[\\/][^\\/]+)[\\/]/;

/** The app's build, before the first pages' chunks are planned (the plan is worked out from it). */
const appConfig = (): UserConfig => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), pureContractSchemas(), catalogueParts(), withoutTooltipUnique(), pdfjsAssets()],
  server: { proxy },
  preview: { proxy },
  build: {
    // The benchmark reads dist/.vite/manifest.json to measure what the sign-in page downloads.
    manifest: true,
    target: 'es2022',
    // Every browser of this target but Safari 16.4-16.6 preloads modules itself; there the polyfill only
    // fetched the next chunks a little earlier, for 0.4 KB gzip on every page's first load.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', priority: 2, test: FRAMEWORK }] } },
      treeshake: {
        // antd's own rc-components are side-effect free but do not say so in package.json; without this,
        // antd's ConfigProvider drags the whole of @rc-component/form and its validator (~13 KB gzip)
        // onto every page through one context import.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});

const firstPages = firstPageChunks({
  entry: 'index.html',
  pages: [
    { name: 'sign-in', roots: ['src/features/auth/pages/login-page.tsx'] },
    {
      // A signed-in cold load: the route table, the shell and the dashboard.
      name: 'first-screen',
      roots: [
        'src/app/routes/protected-routes.tsx',
        'src/app/shell/main-layout.tsx',
        'src/features/agents/pages/agents-hub-page.tsx',
      ],
      // The other pages a visitor opens first (the sign-in family, the status and test pages) must not
      // download the shell for the few components they share with it.
      sharedWith: {
        pages: /features[\\/]auth[\\/]pages|app[\\/]pages|test-page/,
        name: 'shared',
      },
    },
  ],
  isOutside: (id) => FRAMEWORK.test(id),
  leftOut: /[\\/]locale[\\/]|tandem-messages/,
  planBuild: appConfig,
});

export default defineConfig(
  mergeConfig(appConfig(), {
    plugins: [firstPages.plugin, chunkContents(fileURLToPath(new URL('../..', import.meta.url)))],
    build: {
      rolldownOptions: { output: { codeSplitting: { groups: [{ ...firstPages.group, priority: 1 }] } } },
    },
  }),
);
