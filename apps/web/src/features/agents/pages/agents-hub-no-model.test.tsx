import '../../../test/dom-setup.ts';
import { MODEL_API } from '@tandem/contract/api';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { createUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { AgentsHubPage } from './agents-hub-page.tsx';

afterEach(() => useSessionStore.setState({ token: null, user: null }));

const MODEL = {
  id: 1,
  name: 'gpt-4o-mini',
  provider_name: 'OpenAI',
  parameter_size: null,
  training_date: null,
  context_length: 128_000,
  supports_images: true,
  points_per_request: 1,
};

function serveModels(models: unknown[]) {
  return fakeApi({
    [MODEL_API.available]: () => ({ data: models }),
    '/api/agent/get-agent-list': () => ({ data: { data: [], total: 0 } }),
  });
}

describe('the agents hub while no model is connected', () => {
  it('shows on the agents hub, and nowhere once a model exists', async () => {
    useSessionStore.setState({ token: 'tok', user: createUser() });
    serveModels([]);
    const empty = await renderPage(<AgentsHubPage />, { path: '/' });
    expect(await screen.findByText('No model is connected yet')).toBeTruthy();
    empty.unmount();

    const api = serveModels([MODEL]);
    await renderPage(<AgentsHubPage />, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.calls.some((call) => call.url === MODEL_API.available)).toBe(true));
    expect(screen.queryByText('No model is connected yet')).toBeNull();
  });
});
