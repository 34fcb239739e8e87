/**
 * Module boundaries, checked by `npm run lint` (docs/architecture.md): a server module is used only
 * through its face (`modules/<name>/index.ts`), web features do not import each other, and nothing
 * imports in a circle. Tests may reach into what they test; they are left out of the face rules.
 * Violations that predate the rules are listed in .dependency-cruiser-known-violations.json and
 * tolerated until they are fixed (`npm run lint:boundaries:baseline` rewrites the list once some are);
 * any new one fails the lint.
 */
const SERVER_MODULES = '^apps/server/src/modules/';
const TESTS = ['\\.test\\.tsx?$', '^apps/server/test/', '^apps/web/src/test/'];

module.exports = {
  forbidden: [
    {
      name: 'module-face-only',
      comment: 'Another server module is used only through its index.ts.',
      severity: 'error',
      from: { path: `${SERVER_MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: SERVER_MODULES,
        pathNot: [`${SERVER_MODULES}$1/`, `${SERVER_MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'outside-uses-module-face',
      comment:
        'Code outside the server modules (app.ts, platform, cli, db) uses a module only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [SERVER_MODULES, ...TESTS] },
      to: { path: SERVER_MODULES, pathNot: `${SERVER_MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'no-cross-feature',
      comment: 'A web feature does not import another feature; what both need goes to shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'No import loop (between modules it shows as a loop through their faces).',
      severity: 'error',
      from: { path: '^apps/', pathNot: TESTS },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
