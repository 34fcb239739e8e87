import '../../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api.ts';
import { recordNotices } from '../../../../test/notices.ts';
import { createDocNode } from '../../../../test/project-factories.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { Catalogue } from './catalogue.tsx';

const TREE = '/api/knowledge/get-doc-tree';
const tree = () => [
  createDocNode(1, 'Plans', 'group', [createDocNode(2, 'Intro'), createDocNode(3, '')]),
  createDocNode(4, 'Notes'),
];

const notices = recordNotices();

const renderCatalogue = (canWrite = true) =>
  renderPage(<Catalogue projectId={31} projectName="Handbook" canWrite={canWrite} />);

describe('the catalogue', () => {
  it('offers the first document or an import in an empty project, and only says so to a viewer', async () => {
    fakeApi({ [TREE]: () => ({ data: [] }) });
    const { unmount } = await renderCatalogue();
    const empty = await screen.findByText(/This project has no documents yet. Write/);
    const actions = empty.closest('.ant-empty')!;
    expect(within(actions as HTMLElement).getByRole('button', { name: /New document/ })).toBeTruthy();
    expect(within(actions as HTMLElement).getByRole('button', { name: /Import/ })).toBeTruthy();
    unmount();
    await renderCatalogue(false);
    expect(await screen.findByText('This project has no documents yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New document|Import|New group/ })).toBeNull();
  });

  it('keeps the batch actions disabled until something is selected, then deletes the outermost entries', async () => {
    const api = fakeApi({
      [TREE]: () => ({ data: tree() }),
      '/api/knowledge/delete-doc': () => ({ data: null }),
    });
    await renderCatalogue();
    await screen.findByText('Plans');
    fireEvent.click(screen.getByRole('button', { name: /Select/ }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected items' });
    for (const name of [/Move to/, /Download/, /Delete/]) {
      expect((within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(within(bar).getByText('Select documents or groups')).toBeTruthy();

    fireEvent.click(screen.getByText('Plans'));
    fireEvent.click(screen.getByText('Notes'));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: /Delete 2 items/ });
    expect(
      within(dialog).getByText(
        "The groups and the 3 documents in them go to the project's trash, where they can be restored for 30 days.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.bodiesOf('/api/knowledge/delete-doc')).toEqual([{ ids: [1, 4] }]));
    expect(notices.texts()).toContain('2 items moved to the trash.');
  });

  it('says how many documents a group holds before deleting it', async () => {
    fakeApi({ [TREE]: () => ({ data: tree() }) });
    await renderCatalogue();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Plans' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: /Delete group “Plans”/ });
    expect(within(dialog).getByText(/the 2 documents in it|the 2 documents in them/)).toBeTruthy();
  });

  it('shows a name as the server will keep it before renaming', async () => {
    const api = fakeApi({
      [TREE]: () => ({ data: tree() }),
      '/api/knowledge/rename-doc': () => ({ data: null }),
    });
    await renderCatalogue();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Notes' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Notes”' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Q3: plan/draft #2' } });
    expect(within(dialog).getByRole('status').textContent).toMatch(/^Will be saved as “Q3- plan-draft -2”/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/knowledge/rename-doc')).toEqual([{ id: 4, name: 'Q3- plan-draft -2' }]),
    );
    expect(notices.texts()).toContain('“Notes” renamed to “Q3- plan-draft -2”.');
  });

  it("names an unnamed document in the reader's language and gives a viewer only downloads", async () => {
    fakeApi({ [TREE]: () => ({ data: tree() }) });
    await renderCatalogue(false);
    fireEvent.click(await screen.findByText('Plans'));
    expect(await screen.findByText('Untitled document')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New document|Import/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Notes' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Download']);
  });

  it('refuses a file it cannot import before sending it', async () => {
    const api = fakeApi({ [TREE]: () => ({ data: tree() }) });
    const { container } = await renderCatalogue();
    await screen.findByText('Plans');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(notices.texts()).toEqual([
        '“photo.png” cannot be imported: choose a Markdown (.md), Word (.docx), text (.txt) or HTML file.',
      ]),
    );
    expect(api.calls.filter((call) => call.url.includes('import'))).toEqual([]);
  });

  it('shows an imported file in the tree as soon as it is a document', async () => {
    let imported = false;
    const api = fakeApi({
      [TREE]: () => ({ data: imported ? [...tree(), createDocNode(9, 'Meeting notes')] : tree() }),
      '/api/knowledge/import-doc': () => {
        imported = true;
        return { data: { id: 9, uniq_code: 'd9' } };
      },
    });
    const { container } = await renderCatalogue();
    await screen.findByText('Plans');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['# Notes'], 'Meeting notes.md', { type: 'text/markdown' })] },
    });
    expect(await screen.findByText('Meeting notes')).toBeTruthy();
    const form = (api.bodiesOf('/api/knowledge/import-doc') as FormData[])[0]!;
    expect(form.get('project_id')).toBe('31');
    expect((form.get('file') as File).name).toBe('Meeting notes.md');
    expect(notices.texts()).toContain('“Meeting notes.md” imported.');
  });

  it('puts a new document into the group opened last and opens it', async () => {
    localStorage.clear();
    const api = fakeApi({
      [TREE]: () => ({ data: tree() }),
      '/api/knowledge/create-doc': () => ({ data: { id: 9, uniq_code: 'd9' } }),
    });
    await renderCatalogue();
    fireEvent.click(await screen.findByText('Plans'));
    expect(await screen.findByText('Intro')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New document/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New document' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Agenda' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('landed on /projects/d9')).toBeTruthy();
    expect(api.bodiesOf('/api/knowledge/create-doc')).toEqual([
      { project_id: 31, parent_id: 1, kind: 'doc', name: 'Agenda' },
    ]);
  });

  it('creates a group at the top level once the group opened last is closed again', async () => {
    localStorage.clear();
    const api = fakeApi({
      [TREE]: () => ({ data: tree() }),
      '/api/knowledge/create-doc': () => ({ data: { id: 9, uniq_code: 'd9' } }),
    });
    await renderCatalogue();
    fireEvent.click(await screen.findByText('Plans'));
    await screen.findByText('Intro');
    fireEvent.click(screen.getByText('Plans'));
    fireEvent.click(screen.getByRole('button', { name: /New group/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/knowledge/create-doc')).toEqual([
        { project_id: 31, parent_id: null, kind: 'group' },
      ]),
    );
  });

  it('opens the groups that were open when the project was left, per project', async () => {
    localStorage.clear();
    fakeApi({ [TREE]: () => ({ data: tree() }) });
    const first = await renderCatalogue();
    fireEvent.click(await screen.findByText('Plans'));
    expect(await screen.findByText('Intro')).toBeTruthy();
    first.unmount();

    const again = await renderCatalogue();
    expect(await screen.findByText('Intro')).toBeTruthy();
    again.unmount();

    await renderPage(<Catalogue projectId={32} projectName="Other" canWrite />);
    await screen.findByText('Plans');
    expect(screen.queryByText('Intro')).toBeNull();
  });

  it('lists the trash, restores an entry and deletes one for good after asking', async () => {
    const TRASH = '/api/knowledge/get-doc-trash';
    let trash = [
      {
        id: 7,
        name: 'Old plans',
        kind: 'group',
        doc_count: 2,
        deleted_at: '2026-12-01T10:00:00.000Z',
        purge_at: '2026-12-31T10:00:00.000Z',
        deleted_by: 'Ada',
      },
      {
        id: 8,
        name: '',
        kind: 'doc',
        doc_count: 0,
        deleted_at: '2026-11-30T10:00:00.000Z',
        purge_at: '2026-12-30T10:00:00.000Z',
        deleted_by: '',
      },
    ];
    const api = fakeApi({
      [TREE]: () => ({ data: tree() }),
      [TRASH]: () => ({ data: { data: trash } }),
      '/api/knowledge/restore-doc': (body) => {
        trash = trash.filter((item) => !(body as { ids: number[] }).ids.includes(item.id));
        return { data: null };
      },
      '/api/knowledge/purge-doc': (body) => {
        trash = trash.filter((item) => !(body as { ids: number[] }).ids.includes(item.id));
        return { data: null };
      },
    });
    await renderCatalogue();
    fireEvent.click(await screen.findByRole('button', { name: /Trash/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Trash' });
    expect(
      within(dialog).getByText(
        'Deleted documents and groups stay here for 30 days, then are deleted for good.',
      ),
    ).toBeTruthy();
    const list = await within(dialog).findByRole('list', { name: 'Trash' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Old plans'), expect.stringContaining('Untitled document')]);
    expect(within(list).getByText('Deleted Dec 1, 2026 by Ada · 2 documents inside')).toBeTruthy();
    expect(within(list).getByText('Deleted for good on Dec 31, 2026')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore Old plans' }));
    await waitFor(() => expect(api.bodiesOf('/api/knowledge/restore-doc')).toEqual([{ ids: [7] }]));
    await waitFor(() => expect(notices.texts()).toEqual(['“Old plans” restored.']));
    await waitFor(() => expect(within(dialog).queryByText('Old plans')).toBeNull());

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good Untitled document' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete “Untitled document” for good?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(api.bodiesOf('/api/knowledge/purge-doc')).toEqual([{ ids: [8] }]));
    expect(await within(dialog).findByText('The trash is empty.')).toBeTruthy();
  });
});
