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

describe('npm run lint: module boundaries', () => {
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
});
