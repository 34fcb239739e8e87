import '../../../test/dom-setup.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { createAppRouter } from '../../../app/router.tsx';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

afterEach(() => {
  cleanup();
  router?.dispose();
  getSession().reset();
});

async function openAsVisitor(path: string, locale: 'en-US' | 'ja-JP' = 'en-US') {
  fakeApi({ '/api/user/account': () => ({ data: null }) });
  router = await renderApp(path, { locale });
}

describe('the Terms of Service and the Privacy Policy', () => {
  it('are links on the sign-in page, opening in a new tab', async () => {
    await openAsVisitor('/login');
    const terms = await screen.findByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    expect(terms.getAttribute('target')).toBe('_blank');
  });

  it('are links beside the registration form’s checkbox, which they do not tick', async () => {
    await openAsVisitor('/register');
    const terms = await screen.findByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(terms);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('are pages a visitor can read', async () => {
    await openAsVisitor('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your content', level: 2 })).toBeTruthy();
    expect(window.location.pathname).toBe('/terms');
  });

  it('speak the visitor’s language', async () => {
    await openAsVisitor('/privacy', 'ja-JP');
    expect(await screen.findByRole('heading', { name: 'プライバシーポリシー', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/privacy');
  });
});
