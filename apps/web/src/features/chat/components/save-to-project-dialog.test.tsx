import '../../../test/dom-setup.ts';
import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import { PROJECT_API } from '@tandem/contract/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { createProject } from '../../../test/project-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SaveToProjectDialog } from './save-to-project-dialog.tsx';

describe('save to project', () => {
  it('offers the projects the user may edit, saves the reply, and links to the new document', async () => {
    const api = fakeApi({
      [PROJECT_API.list]: () => ({
        data: {
          data: [
            createProject({ id: 31, name: 'Handbook', role: 'editor' }),
            createProject({ id: 32, name: 'Archive', role: 'viewer' }),
          ],
          total: 2,
        },
      }),
      [AGENT_KNOWLEDGE_API.saveToProject]: () => ({
        data: { id: 90, uniq_code: 'new-doc', name: 'Plan', project_id: 31 },
      }),
    });
    const { router } = await renderPage(
      <SaveToProjectDialog conversationId="conv-1" messageId={11} defaultName="" onClose={() => {}} />,
    );
    expect(
      screen.getByText('This reply becomes a new document, with its headings, code and tables.'),
    ).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project' }));
    const archive = (await screen.findByText('Archive')).closest('.ant-select-item-option')!;
    expect(archive.getAttribute('aria-disabled') ?? archive.className).toMatch(/true|disabled/);
    expect(screen.getByText('Read only')).toBeTruthy();
    fireEvent.click(screen.getByText('Handbook'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Document name' }), { target: { value: 'Plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as a new document in Handbook.')).toBeTruthy();
    expect(api.bodiesOf(AGENT_KNOWLEDGE_API.saveToProject)).toEqual([
      { project_id: 31, conversation_id: 'conv-1', message_id: 11, name: 'Plan' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the document' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/new-doc'));
  });
});
