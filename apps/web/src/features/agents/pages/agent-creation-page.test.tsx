import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAgentDetail, createModel } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { AgentCreationPage } from './agent-creation-page.tsx';

const notices = recordNotices();

vi.mock('../api/debug-chat.ts', () => ({
  async *debugChat({ messages }: { messages: { content: string }[] }) {
    yield { type: 'done', content: `Echo: ${messages.at(-1)?.content}` };
  },
}));

function serve(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    '/api/agent/get-model-list': () => ({ data: [createModel()] }),
    '/api/agent/get-agent-templates': () => ({ data: [] }),
    '/api/agent/get-agent-members': () => ({ data: { data: [], total: 0 } }),
    '/api/knowledge/get-knowledge-bases': (_, params) => ({
      data: {
        data: KNOWLEDGE_BASES.filter((project) => project.name.includes(String(params.keyword ?? ''))),
        total: KNOWLEDGE_BASES.length,
      },
    }),
    ...routes,
  });
}

const KNOWLEDGE_BASES = [
  { id: 11, name: 'Handbook', doc_count: 3 },
  { id: 12, name: 'Release notes', doc_count: 8 },
];

const open = (path = '/agent/index/creation') =>
  renderPage(
    <App>
      <Link to="/dashboard">Leave the editor</Link>
      <AgentCreationPage />
    </App>,
    { path, route: '/agent/index/creation' },
  );

const fieldError = (label: string) => {
  const item = screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
  return within(item).queryByRole('alert')?.textContent ?? '';
};

// The editor is every section of a large antd form at once: on a busy 2-core machine one test can take 15 s.
describe('the agent editor', () => {
  it('names every missing required field, and says the form is incomplete, when publishing', async () => {
    // Two models: with one, the new agent would have taken it.
    const api = serve({
      '/api/agent/get-model-list': () => ({ data: [createModel(), createModel({ id: 4, name: 'Big' })] }),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Publish/ }));
    expect(await screen.findByText("Enter the agent's name.")).toBeTruthy();
    expect(await screen.findByText('Choose an avatar for the agent.')).toBeTruthy();
    expect(await screen.findByText('Describe what the agent does.')).toBeTruthy();
    expect(await screen.findByText("Write the agent's prompt.")).toBeTruthy();
    expect(await screen.findByText('Enter a first question for users to try.')).toBeTruthy();
    expect(await screen.findByText("Choose the agent's model.")).toBeTruthy();
    expect(notices.keys()).toEqual(['error.form_incomplete']);
    expect(api.bodiesOf('/api/agent/create-agent')).toEqual([]);
    expect(api.bodiesOf('/api/agent/publish-agent')).toEqual([]);
  });

  it('saves an incomplete draft, which creates the agent and moves to its address', async () => {
    const api = serve({
      '/api/agent/create-agent': () => ({ data: { id: 5, agent_key: 'key-000005' } }),
      '/api/agent/set-agent-access': (body) => ({ data: body }),
      '/api/agent/get-agent-info': () => ({ data: createAgentDetail() }),
    });
    const { router } = await open();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Helper' } });
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?agent_id=5'));
    const [created] = api.bodiesOf('/api/agent/create-agent') as { config: { name: string } }[];
    expect(created?.config.name).toBe('Helper');
    expect(api.bodiesOf('/api/agent/set-agent-access')).toEqual([
      { id: 5, access: 'team_private', embed_origins: [] },
    ]);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(notices.keys()).toContain('agents.editor.save_done');
    expect(fieldError('Name')).toBe('');
  });

  it("offers the team's projects as knowledge bases and saves the chosen ones", async () => {
    const api = serve({
      '/api/agent/create-agent': () => ({ data: { id: 5, agent_key: 'key-000005' } }),
      '/api/agent/set-agent-access': (body) => ({ data: body }),
      '/api/agent/get-agent-info': () => ({ data: createAgentDetail() }),
    });
    await open();
    const field = await screen.findByRole('combobox', { name: 'Knowledge bases' });
    fireEvent.mouseDown(field);
    fireEvent.click(await screen.findByTitle('8 documents'));
    fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(api.bodiesOf('/api/agent/create-agent')).toHaveLength(1));
    const [created] = api.bodiesOf('/api/agent/create-agent') as { config: { knowledge_ids: number[] } }[];
    expect(created?.config.knowledge_ids).toEqual([12]);
  });

  it('sets temperature, top_p and the penalties from a preset, and becomes custom when one is changed', async () => {
    serve();
    await open();
    fireEvent.click(await screen.findByText('Accurate'));
    const temperature = screen.getByRole('spinbutton', { name: 'Temperature' }) as HTMLInputElement;
    const topP = screen.getByRole('spinbutton', { name: 'Top P' }) as HTMLInputElement;
    await waitFor(() => expect(temperature.value).toBe('0.1'));
    expect(Number(topP.value)).toBe(0.7);
    fireEvent.click(screen.getByText('Random'));
    await waitFor(() => expect(temperature.value).toBe('1.3'));
    expect((screen.getByRole('spinbutton', { name: 'Presence penalty' }) as HTMLInputElement).value).toBe(
      '0.8',
    );

    fireEvent.change(temperature, { target: { value: '0.5' } });
    fireEvent.blur(temperature);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Custom' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(temperature.value).toBe('0.5');
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    serve({ '/api/agent/get-agent-info': () => ({ data: createAgentDetail() }) });
    const { router } = await open('/agent/index/creation?agent_id=5');
    await screen.findByText('Saved');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Helper bot' } });
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('link', { name: 'Leave the editor' }));
    const dialog = (await screen.findByText('Leave without saving?')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(router.state.blockers.get([...router.state.blockers.keys()][0]!)?.state).toBe('unblocked'),
    );
    expect(router.state.location.pathname).toBe('/agent/index/creation');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Helper bot');

    fireEvent.click(screen.getByRole('link', { name: 'Leave the editor' }));
    const again = (await screen.findByText('Leave without saving?')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('landed on /dashboard')).toBeTruthy();
  });

  it('leaves without asking when nothing has changed', async () => {
    serve();
    await open();
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('link', { name: 'Leave the editor' }));
    expect(await screen.findByText('landed on /dashboard')).toBeTruthy();
  });

  it("takes the platform's only model for a new agent, without counting it as an unsaved change", async () => {
    const api = serve({
      '/api/agent/create-agent': () => ({ data: { id: 5, agent_key: 'key-000005' } }),
      '/api/agent/set-agent-access': (body) => ({ data: body }),
      '/api/agent/get-agent-info': () => ({ data: createAgentDetail() }),
    });
    await open();
    await waitFor(() =>
      expect(document.querySelector('.model-picker')?.textContent).toContain('Local model'),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Helper' } });
    fireEvent.click(await screen.findByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(api.bodiesOf('/api/agent/create-agent')).toHaveLength(1));
    const [created] = api.bodiesOf('/api/agent/create-agent') as { config: { model_id: number | null } }[];
    expect(created?.config.model_id).toBe(createModel().id);
  });

  it('leaves the model to choose when the platform offers several', async () => {
    serve({
      '/api/agent/get-model-list': () => ({ data: [createModel(), createModel({ id: 4, name: 'Big' })] }),
    });
    await open();
    await screen.findByLabelText('Model', { selector: 'input' });
    expect(document.querySelector('.model-picker')?.textContent).not.toContain('Local model');
  });

  it('explains that an operator must connect a provider when no model is available', async () => {
    serve({ '/api/agent/get-model-list': () => ({ data: [] }) });
    await open();
    expect(await screen.findByText('No model is available yet')).toBeTruthy();
  });

  it('loads an existing agent into the form, and shows its points per request', async () => {
    serve({
      '/api/agent/get-agent-info': () => ({
        data: createAgentDetail({
          draft: { ...createAgentDetail().draft, name: 'Helper', model_id: 3, prompt: 'Be brief.' },
        }),
      }),
    });
    await open('/agent/index/creation?agent_id=5');
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Helper');
    expect((screen.getByRole('textbox', { name: 'Prompt' }) as HTMLTextAreaElement).value).toBe('Be brief.');
    expect((await screen.findAllByText('2 points per request')).length).toBeGreaterThan(0);
    expect(screen.getByText('Saved')).toBeTruthy();
    // A draft is in debug mode: nothing to share yet.
    expect(screen.getByText(/does not allow sharing/)).toBeTruthy();
  });

  it('keeps the debug conversation and the chosen start when the first save creates the agent', async () => {
    const template = {
      id: 'planner',
      name: 'Trip planner',
      description: 'Plans trips.',
      config: { ...createAgentDetail().draft, name: 'Trip planner', model_id: 3 },
    };
    serve({
      '/api/agent/get-agent-templates': () => ({ data: [template] }),
      '/api/agent/create-agent': () => ({ data: { id: 5, agent_key: 'key-000005' } }),
      '/api/agent/set-agent-access': (body) => ({ data: body }),
      '/api/agent/get-agent-info': () => ({ data: createAgentDetail({ draft: template.config }) }),
    });
    const { router } = await open();
    // Text and label queries: role queries over the whole editor take seconds each on a busy machine.
    fireEvent.click((await screen.findByText('Trip planner')).closest('button')!);
    const debug = screen.getByLabelText('Preview and debug');
    fireEvent.change(within(debug).getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
    fireEvent.click(within(debug).getByRole('button', { name: /Send/ }));
    expect(await within(debug).findByText('Echo: Hello')).toBeTruthy();

    fireEvent.click(screen.getByText('Save draft').closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe('?agent_id=5'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(within(screen.getByLabelText('Preview and debug')).getByText('Echo: Hello')).toBeTruthy();
    const start = screen.getByLabelText('Start from', { selector: 'section' });
    expect(within(start).getByText('Trip planner').closest('button')?.getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows no unsaved changes on a new agent until something is edited', async () => {
    serve();
    await open();
    await screen.findByLabelText('Name');
    await screen.findByLabelText('Model', { selector: 'input' });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Helper' } });
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });
});
