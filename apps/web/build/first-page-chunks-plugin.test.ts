import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { type FirstPages, planOf } from './first-page-chunks-plugin.ts';

type Spec = { file: string; modules: string[]; imports?: string[]; entry?: string; lazy?: string };

const chunk = ({ file, modules, imports = [], entry, lazy }: Spec) =>
  ({
    fileName: file,
    moduleIds: modules,
    imports,
    facadeModuleId: entry ?? lazy ?? null,
    isEntry: entry !== undefined,
    isDynamicEntry: lazy !== undefined,
  }) as unknown as Rolldown.OutputChunk;

const FIRST_PAGES: FirstPages = {
  entry: 'index.html',
  pages: [
    { name: 'sign-in', roots: ['login.tsx'] },
    {
      name: 'first-screen',
      roots: ['dashboard.tsx'],
      sharedWith: { pages: /register|not-found/, name: 'shared' },
    },
  ],
  isOutside: (id) => id.startsWith('react'),
  leftOut: /locale/,
  planBuild: () => ({}),
};

/** The bundler's own splitting of a small app: one chunk per set of pages using a module. */
const CHUNKS = [
  chunk({
    file: 'index.js',
    modules: ['index.html', 'main.tsx'],
    imports: ['react.js'],
    entry: 'index.html',
  }),
  chunk({ file: 'react.js', modules: ['react', 'react-dom'] }),
  chunk({ file: 'login.js', modules: ['login.tsx'], imports: ['input.js'], lazy: 'login.tsx' }),
  chunk({ file: 'input.js', modules: ['input.js'] }),
  chunk({
    file: 'dashboard.js',
    modules: ['dashboard.tsx'],
    imports: ['input.js', 'menu.js', 'tabs.js', 'zh.js'],
    lazy: 'dashboard.tsx',
  }),
  chunk({ file: 'menu.js', modules: ['menu.js'] }),
  chunk({ file: 'tabs.js', modules: ['tabs.js', 'tab-bar.js'] }),
  chunk({ file: 'select.js', modules: ['select.js'] }),
  chunk({ file: 'zh.js', modules: ['pagination/zh.js'] }),
  chunk({
    file: 'register.js',
    modules: ['register.tsx'],
    imports: ['input.js', 'tabs.js'],
    lazy: 'register.tsx',
  }),
  chunk({ file: 'not-found.js', modules: ['not-found.tsx'], imports: ['menu.js'], lazy: 'not-found.tsx' }),
  chunk({ file: 'zh-locale.js', modules: ['locale/zh_CN.js'], imports: ['zh.js'], lazy: 'locale/zh_CN.js' }),
];

describe('the first pages’ chunks', () => {
  const plan = planOf(CHUNKS, FIRST_PAGES);

  it('gather what the entry loads into boot, leaving the framework to its own chunk', () => {
    expect(plan.get('main.tsx')).toBe('boot');
    expect(plan.has('index.html')).toBe(false);
    expect(plan.has('react')).toBe(false);
  });

  it('give a module two first pages use to the first of them, so sign-in never loads the shell', () => {
    expect(plan.get('input.js')).toBe('sign-in');
    expect(plan.get('login.tsx')).toBe('sign-in');
    expect(plan.get('dashboard.tsx')).toBe('first-screen');
  });

  it('put what another visitor page shares with the shell in a chunk per set of such pages', () => {
    expect(plan.get('tabs.js')).toBe(plan.get('tab-bar.js'));
    expect(plan.get('tabs.js')).toMatch(/^shared-/);
    expect(plan.get('menu.js')).toMatch(/^shared-/);
    expect(plan.get('menu.js')).not.toBe(plan.get('tabs.js'));
  });

  it('leave alone what a language’s texts share, and what no first page uses', () => {
    expect(plan.has('pagination/zh.js')).toBe(false);
    expect(plan.has('select.js')).toBe(false);
  });
});
