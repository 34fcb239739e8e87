/**
 * Module boundaries, checked by `npm run lint` (docs/architecture.md): a server module is used only
 * through its face (`modules/<name>/index.ts`; what it runs in the worker pool through `tasks.ts`, which
 * only the worker thread loads), web features do not import each other, and nothing imports in a circle. Tests may reach into what they test; they are left out of the face rules.
 * Violations that predate the rules are listed in .dependency-cruiser-known-violations.json and
 * tolerated until they are fixed (`npm run lint:boundaries:baseline` rewrites the list once some are);
 * any new one fails the lint.
 */
const SERVER_MODULES = '^apps/server/src/modules/';
const WORKER_FACE = `${SERVER_MODULES}[^/]+/tasks\\.ts$`;
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
        pathNot: [`${SERVER_MODULES}$1/`, `${SERVER_MODULES}[^/]+/index\\.ts$`, WORKER_FACE],
      },
    },
    {
      name: 'worker-face-from-worker-only',
      comment:
        "A module's tasks.ts (what it runs in the worker pool) is imported by heavy-worker.ts and by other tasks.ts only: the worker thread loads no routes.",
      severity: 'error',
      from: {
        path: `${SERVER_MODULES}([^/]+)/`,
        pathNot: [...TESTS, `${SERVER_MODULES}[^/]+/tasks\\.ts$`],
      },
      to: { path: WORKER_FACE, pathNot: `${SERVER_MODULES}$1/` },
    },
    {
      name: 'outside-uses-module-face',
      comment:
        'Code outside the server modules (app.ts, platform, cli, db) uses a module only through its index.ts.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [SERVER_MODULES, ...TESTS, '^apps/server/src/heavy-worker\\.ts$'],
      },
      to: { path: SERVER_MODULES, pathNot: `${SERVER_MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'worker-uses-worker-faces',
      comment: "The worker thread (heavy-worker.ts) loads only the modules' tasks.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/heavy-worker\\.ts$' },
      to: { path: SERVER_MODULES, pathNot: WORKER_FACE },
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
      // A loop of which one import is only of types is no loop when the code runs.
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
