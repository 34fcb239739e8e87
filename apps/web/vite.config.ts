import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './build/catalogue-parts-plugin.ts';

const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/connection': { target: apiTarget, changeOrigin: true, ws: true },
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

export default defineConfig({
  plugins: [react(), pureContractSchemas(), catalogueParts()],
  server: { proxy },
  preview: { proxy },
  build: {
    // The benchmark reads dist/.vite/manifest.json to measure what the sign-in page downloads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // antd's own rc-components are side-effect free but do not say so in package.json; without this,
        // antd's ConfigProvider drags the whole of @rc-component/form and its validator (~13 KB gzip)
        // onto every page through one context import.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
