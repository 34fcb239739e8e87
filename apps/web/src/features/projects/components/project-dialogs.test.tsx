import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { createProject } from '../../../test/project-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { ProjectFormDialog } from './project-form-dialog.tsx';

const notices = recordNotices();

describe('creating and editing a project', () => {
  it('needs a name of at most 50 characters', async () => {
    const api = fakeApi({});
    await renderPage(<ProjectFormDialog open onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("Enter the project's name.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('The name can be at most 50 characters.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('creates the project with the gallery cover chosen', async () => {
    const api = fakeApi({ '/api/project/create-project': () => ({ data: { id: 40, uniq_code: 'p40' } }) });
    const onSaved = vi.fn();
    await renderPage(<ProjectFormDialog open onClose={() => {}} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Roadmap 2027 ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Plans' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Scenery' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Scenery cover 3' }));
    expect((screen.getByRole('radio', { name: 'Scenery cover 3' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith({ id: 40, uniq_code: 'p40', name: 'Roadmap 2027' }),
    );
    expect(api.bodiesOf('/api/project/create-project')).toEqual([
      { name: 'Roadmap 2027', description: 'Plans', cover: 'gallery:scenery/3' },
    ]);
    expect(notices.texts()).toEqual(['Project “Roadmap 2027” created.']);
  });

  it('draws a new random cover on request and saves the edit of an existing project', async () => {
    const api = fakeApi({ '/api/project/update-project': () => ({ data: null }) });
    const onSaved = vi.fn();
    await renderPage(
      <ProjectFormDialog open project={createProject()} onClose={() => {}} onSaved={onSaved} />,
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Handbook');
    expect((screen.getByRole('radio', { name: 'Work cover 2' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Random/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = api.bodiesOf('/api/project/update-project') as { id: number; cover: string }[];
    expect(body).toMatchObject({ id: 31, name: 'Handbook', description: 'How we work' });
    expect(body?.cover).toMatch(/^random:[A-Za-z0-9]{10}$/);
  });
});

describe('deleting a project', () => {
  it("waits for the project's name, says a wrong one cannot delete, then sends what was typed", async () => {
    const api = fakeApi({ '/api/project/delete-project': () => ({ data: null }) });
    const onDeleted = vi.fn();
    await renderPage(
      <DeleteProjectDialog project={createProject()} onClose={() => {}} onDeleted={onDeleted} />,
    );
    const button = () => screen.getByRole('button', { name: 'Delete project' }) as HTMLButtonElement;
    const input = screen.getByLabelText("Type the project's name, Handbook, to confirm");
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Handbok' } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The project name is incorrect, so it cannot be deleted.',
    );
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Handbook ' } });
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.bodiesOf('/api/project/delete-project')).toEqual([{ id: 31, confirm_name: 'Handbook' }]);
  });

  it("keeps the dialog open with the server's message when it refuses the name (2205)", async () => {
    fakeApi({
      '/api/project/delete-project': () => ({
        status: 400,
        code: 2205,
        msg: 'The project name is incorrect, so it cannot be deleted.',
      }),
    });
    const onDeleted = vi.fn();
    await renderPage(
      <DeleteProjectDialog project={createProject()} onClose={() => {}} onDeleted={onDeleted} />,
    );
    fireEvent.change(screen.getByLabelText("Type the project's name, Handbook, to confirm"), {
      target: { value: 'Handbook' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete project' }));
    await waitFor(() =>
      expect(notices.texts()).toEqual(['The project name is incorrect, so it cannot be deleted.']),
    );
    // The button leaves its loading state once the refused call has settled, and can be pressed again.
    expect(await screen.findByRole('button', { name: 'Delete project' })).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
