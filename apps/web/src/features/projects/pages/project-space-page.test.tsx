import '../../../test/dom-setup.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { createDocNode, createProject } from '../../../test/project-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ProjectSpacePage } from './project-space-page.tsx';

const notices = recordNotices();
const INFO = '/api/project/get-project-info';
const TREE = '/api/knowledge/get-doc-tree';

const renderSpace = () =>
  renderPage(<ProjectSpacePage />, { path: '/projects/space/p31', route: '/projects/space/:uniq_code' });

describe("a project's space", () => {
  it('refreshes the catalogue when a document is deleted elsewhere, and closes when the project is', async () => {
    let isDeleted = false;
    fakeApi({
      [INFO]: () => ({ data: createProject() }),
      [TREE]: () => ({
        data: isDeleted ? [createDocNode(2, 'Intro')] : [createDocNode(1, 'Old'), createDocNode(2, 'Intro')],
      }),
    });
    await renderSpace();
    expect(await screen.findByText('Old')).toBeTruthy();
    isDeleted = true;
    act(() =>
      emitRealtimeEvent({ type: 'SA:document_deleted', document_id: 1, knowledge_id: 31, timestamp: 1 }),
    );
    await waitFor(() => expect(screen.queryByText('Old')).toBeNull());
    expect(screen.getByText('Intro')).toBeTruthy();

    act(() => emitRealtimeEvent({ type: 'SA:knowledge_deleted', knowledge_id: 99, timestamp: 2 }));
    expect(screen.getByRole('heading', { name: 'Handbook' })).toBeTruthy();
    act(() => emitRealtimeEvent({ type: 'SA:knowledge_deleted', knowledge_id: '31', timestamp: 3 }));
    expect(await screen.findByText('landed on /projects')).toBeTruthy();
    expect(notices.texts()).toEqual(['The project has been deleted.']);
  });

  it('says a project it cannot find does not exist, and shows a viewer no edit controls', async () => {
    fakeApi({ [INFO]: () => ({ status: 404, code: 2207, msg: 'No such project.' }) });
    const { unmount } = await renderSpace();
    expect(await screen.findByText('This project does not exist, or you cannot open it.')).toBeTruthy();
    unmount();

    fakeApi({
      [INFO]: () => ({ data: createProject({ role: 'viewer' }) }),
      [TREE]: () => ({ data: [createDocNode(2, 'Intro')] }),
    });
    await renderSpace();
    expect(await screen.findByText('Intro')).toBeTruthy();
    expect(screen.getByText('Your role: Viewer')).toBeTruthy();
    for (const name of [/Members/, /Edit/, /Delete project/, /New document/, /New group/, /Import/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('says once that a project deleted from its own space is deleted, even when the notice of it comes first', async () => {
    fakeApi({
      [INFO]: () => ({ data: createProject() }),
      [TREE]: () => ({ data: [createDocNode(2, 'Intro')] }),
      '/api/project/delete-project': () => {
        // The server tells the team before it answers the caller.
        emitRealtimeEvent({ type: 'SA:knowledge_deleted', knowledge_id: 31, timestamp: 1 });
        return { data: null };
      },
    });
    await renderSpace();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete project' }));
    fireEvent.change(screen.getByLabelText("Type the project's name, Handbook, to confirm"), {
      target: { value: 'Handbook' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete project' }).at(-1)!);
    expect(await screen.findByText('landed on /projects')).toBeTruthy();
    expect(notices.texts()).toEqual(['Project “Handbook” deleted.']);
  });
});
