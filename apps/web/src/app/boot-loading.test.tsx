import '../test/dom-setup.ts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_COOKIE } from '@tandem/contract/system';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../shared/session/session-store.ts';
import { createUser } from '../test/factories.ts';
import { fakeApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { PUBLIC_PATHS } from './route-guard.ts';
import type { createAppRouter } from './router.tsx';

const INDEX_HTML = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
/** index.html's first inline script: it runs before first paint and picks the boot screen. */
const BOOT_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(INDEX_HTML)?.[1] ?? '';

/** What index.html paints at `path` before any of the app's scripts: the shell's skeleton or the splash. */
function bootScreenAt(path: string, { hasToken }: { hasToken: boolean }) {
  window.history.replaceState(null, '', path);
  document.cookie = hasToken ? `${TOKEN_COOKIE}=t1; path=/` : `${TOKEN_COOKIE}=; max-age=0; path=/`;
  delete document.documentElement.dataset.boot;
  new Function(BOOT_SCRIPT)();
  return document.documentElement.dataset.boot === 'shell' ? 'skeleton' : 'splash';
}

/** A path each public pattern matches, its parameters filled in. */
const examplePath = (pattern: string) => pattern.replace(/\/:[a-z_]+\?/g, '').replace(/:[a-z_]+/g, 'x1');

describe('index.html before any script', () => {
  afterEach(() => {
    document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
    delete document.documentElement.dataset.boot;
  });

  it('paints the shell skeleton on a signed-in page', () => {
    for (const path of ['/', '/dashboard', '/chat', '/org-admin/index', '/agent/index/creation']) {
      expect(bootScreenAt(path, { hasToken: true }), path).toBe('skeleton');
    }
  });

  it('paints the splash on every public page, and for a visitor', () => {
    for (const pattern of PUBLIC_PATHS) {
      const path = examplePath(pattern);
      expect(bootScreenAt(path, { hasToken: true }), path).toBe('splash');
    }
    expect(bootScreenAt('/dashboard', { hasToken: false })).toBe('splash');
  });

  it('carries the same skeleton markup as the app’s loading state', () => {
    expect(INDEX_HTML).toContain('class="boot-shell boot-shell--html"');
    for (const part of ['boot-shell__sider', 'boot-shell__topbar', 'boot-shell__main', 'boot-shell__card']) {
      expect(INDEX_HTML, part).toContain(part);
    }
  });
});

describe('a cold load of a signed-in page', () => {
  let router: ReturnType<typeof createAppRouter> | undefined;
  let answerAccount: () => void = () => {};

  beforeEach(() => {
    getSession().reset();
  });

  afterEach(() => {
    answerAccount();
    cleanup();
    router?.dispose();
    getSession().reset();
  });

  it('shows the shell skeleton, not a blank or splash screen, until the page is there', async () => {
    getSession().setToken('token-1');
    const accountAnswered = new Promise<void>((resolve) => {
      answerAccount = resolve;
    });
    fakeApi({
      '/api/user/account': async () => {
        await accountAnswered;
        return { data: createUser() };
      },
    });
    router = await renderApp('/dashboard');
    const skeleton = await screen.findByRole('status', { name: 'Loading…' });
    expect(skeleton.className).toContain('boot-shell');
    answerAccount();
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
    expect(document.querySelector('.boot-shell')).toBeNull();
  });
});
