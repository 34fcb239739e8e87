import { AI_WRITING_API } from '@tandem/contract/ai-writing';
import { MODEL_API } from '@tandem/contract/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setScreenWidth } from '../../../test/dom-setup.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import type { Model } from '../api/models.ts';
import type { ModelProvider } from '../api/providers.ts';
import { ModelsAdminPage } from './models-admin-page.tsx';

const PROVIDER: ModelProvider = {
  id: 3,
  name: 'Local Ollama',
  kind: 'openai-compatible',
  base_url: 'http://127.0.0.1:11434/v1',
  has_api_key: true,
  enabled: true,
  model_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const MODEL: Model = {
  id: 11,
  provider_id: 3,
  provider_name: 'Local Ollama',
  name: 'Llama 3.2',
  model_key: 'llama3.2:3b',
  type: 'completion',
  parameter_size: '3B',
  training_date: '2023-12',
  context_length: 128_000,
  supports_images: false,
  points_per_request: 2,
  enabled: true,
  sort: 0,
  is_default: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

const serve = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [MODEL_API.providerList]: () => ({ data: [PROVIDER] }),
    [MODEL_API.modelList]: () => ({ data: [MODEL] }),
    [AI_WRITING_API.adminWritingModel]: () => ({ data: { chosen_id: null, effective: null } }),
    [MODEL_API.available]: () => ({ data: [] }),
    ...routes,
  });

const dialog = () => screen.getByRole('dialog');

beforeEach(() => setScreenWidth(1440));
afterEach(() => setScreenWidth(null));

describe('the models screen', () => {
  it('lists providers with whether a key is saved, never the key, and every field of the models', async () => {
    serve();
    await renderPage(<ModelsAdminPage />);
    expect(await screen.findByText('Local Ollama', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('http://127.0.0.1:11434/v1')).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
    const row = (await screen.findByText('Llama 3.2')).closest('tr')!;
    for (const text of ['llama3.2:3b', 'Completion', '3B', '2023-12', '128,000', 'No', '2']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
  });

  it("on a phone keeps each row's name, price and buttons, and leaves the details for a wider screen", async () => {
    setScreenWidth(390);
    serve();
    await renderPage(<ModelsAdminPage />);
    const row = (await screen.findByText('Llama 3.2')).closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: /Llama 3.2/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /Edit Llama 3.2/ })).toBeTruthy();
    expect(within(row).queryByText('128,000')).toBeNull();
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('says what to do when there is no provider, and cannot add a model yet', async () => {
    serve({ [MODEL_API.providerList]: () => ({ data: [] }), [MODEL_API.modelList]: () => ({ data: [] }) });
    await renderPage(<ModelsAdminPage />);
    expect(await screen.findByText('No provider yet. Add one so agents can answer.')).toBeTruthy();
    expect(screen.getByText('No model yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add model/ }).hasAttribute('disabled')).toBe(true);
  });

  it('offers to try again when a list does not load', async () => {
    let attempts = 0;
    serve({
      [MODEL_API.providerList]: () => (++attempts === 1 ? { status: 500, code: 1005 } : { data: [PROVIDER] }),
    });
    await renderPage(<ModelsAdminPage />);
    const retry = await screen.findByRole('button', { name: /Retry/ });
    expect(
      screen.getByText('This list could not be loaded. Check your connection and try again.'),
    ).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByText('Local Ollama', { selector: 'strong' })).toBeTruthy();
  });

  it('adds a provider with its key', async () => {
    const api = serve({ [MODEL_API.saveProvider]: () => ({ data: { id: 4 } }) });
    await renderPage(<ModelsAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add provider/ }));
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'OpenAI' } });
    fireEvent.change(within(dialog()).getByLabelText('Base URL'), { target: { value: 'ftp://nope' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an address that starts with http:// or https://.')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Base URL'), {
      target: { value: ' https://api.openai.com/v1 ' },
    });
    fireEvent.change(within(dialog()).getByLabelText(/^API key/), { target: { value: 'sk-test' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(MODEL_API.saveProvider)).toEqual([
        {
          name: 'OpenAI',
          kind: 'openai-compatible',
          base_url: 'https://api.openai.com/v1',
          enabled: true,
          api_key: 'sk-test',
        },
      ]),
    );
  });

  it('keeps the saved key when the field stays empty, and removes it when asked', async () => {
    const api = serve({ [MODEL_API.saveProvider]: () => ({ data: { id: 3 } }) });
    await renderPage(<ModelsAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local Ollama' }));
    expect(within(dialog()).getByPlaceholderText('A key is saved. Leave empty to keep it.')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(MODEL_API.saveProvider)).toHaveLength(1));
    expect(api.bodiesOf(MODEL_API.saveProvider)[0]).not.toHaveProperty('api_key');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local Ollama' }));
    fireEvent.click(within(dialog()).getByLabelText('Remove the saved key'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(MODEL_API.saveProvider)).toHaveLength(2));
    expect(api.bodiesOf(MODEL_API.saveProvider)[1]).toMatchObject({ id: 3, api_key: null });
  });

  it("tests the connection from the dialog and shows the model's reply or the provider's error", async () => {
    let answer = { ok: true, message: 'Echo: ok', model_key: 'llama3.2:3b', latency_ms: 42 };
    const api = serve({ [MODEL_API.testProvider]: () => ({ data: answer }) });
    await renderPage(<ModelsAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local Ollama' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog()).findByText('Connected in 42 ms. llama3.2:3b replied:')).toBeTruthy();
    expect(within(dialog()).getByText('Echo: ok')).toBeTruthy();
    expect(api.bodiesOf(MODEL_API.testProvider)).toEqual([
      { id: 3, kind: 'openai-compatible', base_url: 'http://127.0.0.1:11434/v1' },
    ]);

    answer = {
      ok: false,
      message: '401: Incorrect API key provided',
      model_key: 'llama3.2:3b',
      latency_ms: 7,
    };
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog()).findByText('401: Incorrect API key provided')).toBeTruthy();
  });

  it('tests a saved provider from its row', async () => {
    serve({
      [MODEL_API.testProvider]: () => ({
        data: { ok: true, message: 'Hello', model_key: 'llama3.2:3b', latency_ms: 5 },
      }),
    });
    await renderPage(<ModelsAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Test the connection to Local Ollama' }));
    expect(await screen.findByText('Local Ollama: connected in 5 ms. llama3.2:3b replied:')).toBeTruthy();
  });

  it('adds a model with every field', async () => {
    const api = serve({ [MODEL_API.saveModel]: () => ({ data: { id: 12 } }) });
    await renderPage(<ModelsAdminPage />);
    await screen.findByText('Local Ollama', { selector: 'strong' });
    fireEvent.click(screen.getByRole('button', { name: /Add model/ }));
    await waitFor(() => expect(within(dialog()).getByText('Local Ollama')).toBeTruthy());
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Qwen 2.5' } });
    fireEvent.change(within(dialog()).getByLabelText('Model key'), { target: { value: 'qwen 2.5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A model key has no spaces.')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Model key'), { target: { value: 'qwen2.5:7b' } });
    fireEvent.change(within(dialog()).getByLabelText(/^Parameter size/), { target: { value: '7B' } });
    fireEvent.change(within(dialog()).getByLabelText('Points per request'), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Reads images' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(MODEL_API.saveModel)).toHaveLength(1));
    expect(api.bodiesOf(MODEL_API.saveModel)[0]).toEqual({
      provider_id: 3,
      type: 'completion',
      name: 'Qwen 2.5',
      model_key: 'qwen2.5:7b',
      parameter_size: '7B',
      training_date: '',
      context_length: 8192,
      points_per_request: 5,
      sort: 0,
      supports_images: true,
      enabled: true,
    });
  });

  it('switches a model off with its other fields unchanged', async () => {
    const api = serve({ [MODEL_API.saveModel]: () => ({ data: { id: 11 } }) });
    await renderPage(<ModelsAdminPage />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Llama 3.2 enabled' }));
    await waitFor(() => expect(api.bodiesOf(MODEL_API.saveModel)).toHaveLength(1));
    const { provider_name: _name, created_at: _created, ...fields } = MODEL;
    expect(api.bodiesOf(MODEL_API.saveModel)[0]).toEqual({ ...fields, enabled: false });
  });
});
