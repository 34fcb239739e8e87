import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { initialsOf } from '../../../shared/ui/agent-avatar/generated-avatar.ts';
import { createAgentDetail, createModel } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { BLANK_CONFIG } from '../model/wizard-values.ts';
import { AgentCreationPage } from './agent-creation-page.tsx';

// jsdom has no canvas: the drawn picture is its initials as text, which the upload below reads back.
vi.mock('../../../shared/ui/agent-avatar/generated-avatar.ts', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../../shared/ui/agent-avatar/generated-avatar.ts')>();
  return { ...original, drawGeneratedAvatar: async (name: string) => new Blob([original.initialsOf(name)]) };
});

const WEB_BUILDER = {
  id: 'web-builder',
  name: 'Web Builder',
  description: 'Builds web pages through chat.',
  config: {
    ...BLANK_CONFIG,
    name: 'Web Builder',
    description: 'Builds web pages through chat.',
    prompt: 'You build pages.',
    first_question: 'Make me a landing page.',
    web_build: true,
    model_id: 3,
  },
};

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** The editor's calls; each uploaded picture is named by what was drawn on it (`/api/upload/files/WR-2.png`). */
function serve() {
  let uploads = 0;
  return fakeApi({
    '/api/agent/get-model-list': () => ({ data: [createModel()] }),
    '/api/agent/get-agent-templates': () => ({ data: [WEB_BUILDER] }),
    '/api/agent/get-agent-members': () => ({ data: { data: [], total: 0 } }),
    '/api/knowledge/get-knowledge-bases': () => ({ data: { data: [], total: 0 } }),
    '/api/upload/upload_img': async (body) => {
      const drawn = await textOf((body as FormData).get('file') as Blob);
      return { data: { file: `/api/upload/files/${drawn}-${++uploads}.png` } };
    },
    '/api/agent/create-agent': () => ({ data: { id: 5, agent_key: 'key-000005' } }),
    '/api/agent/set-agent-access': (body) => ({ data: body }),
    '/api/agent/publish-agent': () => ({ data: null }),
    '/api/agent/get-agent-info': () => ({ data: createAgentDetail() }),
  });
}

const open = () =>
  renderPage(
    <App>
      <AgentCreationPage />
    </App>,
    { path: '/agent/index/creation' },
  );

const avatarSource = () =>
  screen.getByRole('group', { name: 'Avatar' }).querySelector('img')?.getAttribute('src') ?? null;

describe("the agent's generated avatar", () => {
  it('drawn before the agent had a name, follows the name it is given ("UA" becomes "WR")', async () => {
    expect(initialsOf('Untitled agent')).toBe('UA');
    const api = serve();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Generate$/ }));
    await waitFor(() => expect(avatarSource()).toBe('/api/upload/files/UA-1.png'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Weekly Report' } });
    await waitFor(() => expect(avatarSource()).toBe('/api/upload/files/WR-2.png'));
    expect(api.bodiesOf('/api/upload/upload_img')).toHaveLength(2);
  });

  it('counts for a template: publishing the web builder uploads the picture it shows, and asks for none', async () => {
    const api = serve();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Web Builder/ }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Web Builder'));
    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    await waitFor(() => expect(api.bodiesOf('/api/agent/publish-agent')).toHaveLength(1));
    const [created] = api.bodiesOf('/api/agent/create-agent') as { config: { avatar: string } }[];
    expect(created?.config.avatar).toBe('/api/upload/files/WB-1.png');
    expect(screen.queryByText('Choose an avatar for the agent.')).toBeNull();
  });
});
