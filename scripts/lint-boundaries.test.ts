import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './build.mjs';

/** A small tree laid out as the repository is, checked with the repository's own boundary rules. */
const tree = mkdtempSync(join(tmpdir(), 'tandem-boundaries-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  rmSync(join(tree, 'apps'), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
}

/** The rules the tree breaks, as `npm run lint:boundaries` would report them. */
function broken(): string[] {
  const output = execFileSync(
    join(ROOT, 'node_modules/.bin/depcruise'),
    ['apps', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: tree, encoding: 'utf8' },
  );
  const result = JSON.parse(output) as { summary: { violations: { rule: { name: string } }[] } };
  return result.summary.violations.map((violation) => violation.rule.name).sort();
}

const SERVER = 'apps/server/src/modules';
const base = {
  [`${SERVER}/alpha/index.ts`]: "export { a } from './a.ts';\n",
  [`${SERVER}/alpha/a.ts`]: 'export const a = 1;\n',
  [`${SERVER}/beta/b.ts`]: "import { a } from '../alpha/index.ts';\nexport const b = a;\n",
  'apps/web/src/features/chat/page.ts': "import { x } from '../../shared/x.ts';\nexport const page = x;\n",
  'apps/web/src/shared/x.ts': 'export const x = 1;\n',
};

// Each check starts dependency-cruiser (about 0.7 s, several times that on a busy machine): the
// limit only catches a hang.
describe('npm run lint: module boundaries', { timeout: 60_000 }, () => {
  it('passes a tree whose modules meet only through their faces', () => {
    write(base);
    expect(broken()).toEqual([]);
  });

  it('fails a deep import into another server module, from a module or from outside the modules', () => {
    write({
      ...base,
      [`${SERVER}/beta/b.ts`]: "import { a } from '../alpha/a.ts';\nexport const b = a;\n",
      'apps/server/src/app.ts': "import { a } from './modules/alpha/a.ts';\nexport const app = a;\n",
    });
    expect(broken()).toEqual(['module-face-only', 'outside-uses-module-face']);
  });

  it('fails a web feature importing another feature', () => {
    write({
      ...base,
      'apps/web/src/features/projects/list.ts':
        "import { page } from '../chat/page.ts';\nexport const list = page;\n",
    });
    expect(broken()).toEqual(['no-cross-feature']);
  });

  it('fails modules that import each other in a circle', () => {
    write({
      ...base,
      [`${SERVER}/alpha/a.ts`]:
        "import { b } from '../beta/index.ts';\nexport const a = 1;\nexport const c = b;\n",
      [`${SERVER}/beta/index.ts`]: "export { b } from './b.ts';\n",
    });
    expect(broken()).toContain('no-circular');
  });

  it("lets only the worker thread and other modules' worker tasks use a module's tasks.ts", () => {
    const worker = {
      ...base,
      [`${SERVER}/alpha/tasks.ts`]: "import { a } from './a.ts';\nexport const alphaTasks = { a };\n",
      [`${SERVER}/beta/tasks.ts`]:
        "import { alphaTasks } from '../alpha/tasks.ts';\nexport const betaTasks = alphaTasks;\n",
      'apps/server/src/heavy-worker.ts':
        "import { alphaTasks } from './modules/alpha/tasks.ts';\nimport { betaTasks } from './modules/beta/tasks.ts';\nexport const tasks = { ...alphaTasks, ...betaTasks };\n",
    };
    write(worker);
    expect(broken()).toEqual([]);
    write({
      ...worker,
      [`${SERVER}/beta/b.ts`]:
        "import { alphaTasks } from '../alpha/tasks.ts';\nexport const b = alphaTasks;\n",
      'apps/server/src/app.ts':
        "import { alphaTasks } from './modules/alpha/tasks.ts';\nexport const app = alphaTasks;\n",
    });
    expect(broken()).toEqual(['outside-uses-module-face', 'worker-face-from-worker-only']);
    write({
      ...worker,
      'apps/server/src/heavy-worker.ts':
        "import { a } from './modules/alpha/index.ts';\nexport const tasks = { a };\n",
    });
    expect(broken()).toEqual(['worker-uses-worker-faces']);
  });

  it('does not count a loop through an import of types only', () => {
    write({
      ...base,
      [`${SERVER}/alpha/a.ts`]:
        "import type { B } from '../beta/index.ts';\nexport const a = 1;\nexport type A = B;\n",
      [`${SERVER}/beta/index.ts`]: "export { b, type B } from './b.ts';\n",
      [`${SERVER}/beta/b.ts`]:
        "import { a } from '../alpha/index.ts';\nexport const b = a;\nexport type B = number;\n",
    });
    expect(broken()).toEqual([]);
  });
});
