import '../../../test/dom-setup.ts';
import { MODEL_API } from '@tandem/contract/api';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createAppRouter } from '../../../app/router.tsx';
import { getSession } from '../../../shared/session/session-store.ts';
import { createUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;

const serveAs = (isSuper: boolean) =>
  fakeApi({
    '/api/user/account': () => ({ data: createUser({ is_super: isSuper }) }),
    [MODEL_API.providerList]: () => ({ data: [] }),
    [MODEL_API.modelList]: () => ({ data: [] }),
  });

beforeEach(() => {
  getSession().reset();
  getSession().setToken('token-1');
});
afterEach(() => {
  // Unmount first: a page still mounted would react to the reset below (navigate to sign-in, close its
  // connection) after its test has ended.
  cleanup();
  router?.dispose();
  getSession().reset();
});

describe('the models screen route', () => {
  it('opens for a platform admin, who finds it in the user menu', async () => {
    serveAs(true);
    router = await renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu of Ada' }));
    fireEvent.click(await screen.findByText('Models and providers'));
    expect(await screen.findByRole('heading', { name: 'Models and providers' })).toBeTruthy();
    expect(window.location.pathname).toBe('/platform/models');
    await waitFor(() => expect(document.title).toBe('Models and providers - Tandem'));
  });

  it('is not there for anyone else, in the menu or by address', async () => {
    serveAs(false);
    router = await renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu of Ada' }));
    expect(await screen.findByText('Account settings')).toBeTruthy();
    expect(screen.queryByText('Models and providers')).toBeNull();
    await router.navigate('/platform/models');
    await waitFor(() => expect(window.location.pathname).toBe('/404'));
  });
});
