import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { createProject } from '../../../test/project-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ProjectsPage } from './projects-page.tsx';

const LIST = '/api/project/get-project-list';

describe('the project list', () => {
  it('shows each project with its documents, and edit or delete only where the role allows', async () => {
    fakeApi({
      [LIST]: () => ({
        data: {
          data: [
            createProject(),
            createProject({ id: 32, uniq_code: 'p32', name: 'Field notes', role: 'viewer', doc_count: 1 }),
            createProject({ id: 33, uniq_code: 'p33', name: 'Specs', role: 'admin', description: '' }),
          ],
          total: 3,
        },
      }),
    });
    await renderPage(<ProjectsPage />, { path: '/projects' });
    const handbook = await screen.findByRole('article', { name: 'Handbook' });
    expect(within(handbook).getByText('3 documents')).toBeTruthy();
    expect(within(handbook).getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe(
      '/projects/space/p31',
    );
    expect(within(screen.getByRole('article', { name: 'Specs' })).getByText('No description')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Field notes' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(handbook).getByRole('button', { name: 'More actions for Handbook' }));
    expect(await screen.findByRole('menuitem', { name: /Delete/ })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Specs' })).getByRole('button', { name: /More actions/ }),
    );
    await waitFor(() => expect(screen.getAllByRole('menuitem', { name: /Edit/ }).length).toBeGreaterThan(0));
    const menus = screen.getAllByRole('menu');
    expect(within(menus.at(-1)!).queryByRole('menuitem', { name: /Delete/ })).toBeNull();
  });

  it('asks for the recently visited projects, and searches as the user types', async () => {
    const api = fakeApi({ [LIST]: () => ({ data: { data: [], total: 0 } }) });
    await renderPage(<ProjectsPage />, { path: '/projects' });
    expect(await screen.findByText(/No projects yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Recently visited' }));
    expect(await screen.findByText('Projects you open will be listed here.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search projects'), { target: { value: 'road' } });
    expect(await screen.findByText('No project matches “road”.')).toBeTruthy();
    expect(api.paramsOf(LIST).at(-1)).toMatchObject({ keyword: 'road', recent: 1, page: 1 });
    expect(api.paramsOf(LIST)[0]).toMatchObject({ recent: 0 });
    fireEvent.click(screen.getByRole('button', { name: /Clear search/ }));
    expect(await screen.findByText('Projects you open will be listed here.')).toBeTruthy();
    expect((screen.getByLabelText('Search projects') as HTMLInputElement).value).toBe('');
  });
});
