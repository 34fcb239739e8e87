import '../../test/dom-setup.ts';
import { MODEL_API } from '@tandem/contract/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render-app.tsx';
import { useSessionStore } from '../session/session-store.ts';
import { NoModelNotice } from './no-model-notice.tsx';

afterEach(() => useSessionStore.setState({ token: null, user: null }));

const serveModels = (models: unknown[]) => fakeApi({ [MODEL_API.available]: () => ({ data: models }) });

describe('the notice while no model is connected', () => {
  it('sends a platform admin to connect a provider', async () => {
    useSessionStore.setState({ token: 'tok', user: createUser({ is_super: true }) });
    serveModels([]);
    await renderPage(<NoModelNotice />, { path: '/chat' });
    expect(await screen.findByText('No model is connected yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Connect a model provider' });
    expect(link.getAttribute('href')).toBe('/setup');
  });

  it('tells anyone else to ask their platform admin, with no link they could not follow', async () => {
    useSessionStore.setState({ token: 'tok', user: createUser({ is_super: false }) });
    serveModels([]);
    await renderPage(<NoModelNotice />, { path: '/chat' });
    expect(await screen.findByText(/Ask your platform admin to connect one/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Connect a model provider' })).toBeNull();
  });
});
