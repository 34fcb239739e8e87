import '../../../test/dom-setup.ts';
import { SETUP_API } from '@tandem/contract/api';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createAppRouter } from '../../../app/router.tsx';
import { getSession } from '../../../shared/session/session-store.ts';
import { createUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

let router: ReturnType<typeof createAppRouter> | undefined;
const TOKEN = 'a'.repeat(43);

/** The server of a fresh installation: Ada is no admin until she uses the link; Ollama runs locally. */
function serve({ isValid = true } = {}) {
  let isSuper = false;
  return fakeApi({
    '/api/user/account': () => ({ data: createUser({ is_super: isSuper }) }),
    [SETUP_API.checkLink]: () => ({ data: { valid: isValid } }),
    [SETUP_API.claimLink]: () => {
      isSuper = true;
      return { data: { is_super: true } };
    },
    [SETUP_API.localServers]: () => ({
      data: [
        { name: 'Ollama', base_url: 'http://127.0.0.1:11434/v1', models: ['llama3.2:3b', 'qwen2.5:7b'] },
      ],
    }),
    [SETUP_API.connectModel]: () => ({ data: { provider_id: 1, model_id: 2 } }),
  });
}

beforeEach(() => {
  getSession().reset();
  getSession().setToken('token-1');
});
afterEach(() => {
  cleanup();
  router?.dispose();
  getSession().reset();
});

describe('the setup page', () => {
  it('makes the opener of the link platform admin and connects a local model in one click', async () => {
    const api = serve();
    router = await renderApp(`/setup?token=${TOKEN}`);
    expect(await screen.findByText('Found on this machine')).toBeTruthy();
    expect(api.bodiesOf(SETUP_API.claimLink)).toEqual([{ token: TOKEN }]);
    expect(getSession().user?.is_super).toBe(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Connect qwen2.5:7b' }));
    expect(await screen.findByText('qwen2.5:7b is connected')).toBeTruthy();
    expect(api.bodiesOf(SETUP_API.connectModel)).toEqual([
      { base_url: 'http://127.0.0.1:11434/v1', model_key: 'qwen2.5:7b', provider_name: 'Ollama' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
  });

  it('says so when the link was used already, and uses nothing', async () => {
    const api = serve({ isValid: false });
    router = await renderApp(`/setup?token=${TOKEN}`);
    expect(await screen.findByText('This setup link is invalid or has already been used.')).toBeTruthy();
    expect(api.bodiesOf(SETUP_API.claimLink)).toEqual([]);
  });
});
