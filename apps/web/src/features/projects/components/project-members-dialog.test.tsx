import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCandidates } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { createProject } from '../../../test/project-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ProjectMembersDialog } from './project-members-dialog.tsx';

const notices = recordNotices();

const CANDIDATES = createCandidates();

/** The options of the open picker (antd renders them in a list box outside the dialog). */
const options = async () => {
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
};

describe('the project members dialog', () => {
  it('lets a project admin pick people from the project’s candidates, and add them', async () => {
    const api = fakeApi({
      '/api/project/get-project-members': () => ({
        data: [{ user_id: 8, name: 'Grace', avatar: '', permission: 'viewer' }],
      }),
      '/api/project/get-project-candidates': (_, params) => {
        const keyword = String(params.keyword ?? '').toLowerCase();
        const rows = CANDIDATES.filter((row) => row.name.toLowerCase().includes(keyword));
        return { data: { data: rows, total: rows.length } };
      },
      '/api/project/set-project-member': () => ({ data: null }),
    });
    await renderPage(
      <ProjectMembersDialog
        open
        project={createProject({ role: 'admin', access: 'team_private' })}
        onClose={() => {}}
        onAccessChanged={() => {}}
      />,
    );
    const chooser = await screen.findByRole('combobox', { name: 'Add people from the team' });
    fireEvent.mouseDown(chooser);
    const [ada, grace, linus] = await options();
    // The owner cannot be added; a member already on the project says so; contacts come masked.
    expect(ada!.getAttribute('aria-disabled')).toBe('true');
    expect(within(grace!).getByText('Already Viewer')).toBeTruthy();
    expect(within(linus!).getByText('li***@example.com')).toBeTruthy();

    fireEvent.change(chooser, { target: { value: 'lin' } });
    await waitFor(() =>
      expect(api.paramsOf('/api/project/get-project-candidates').at(-1)).toMatchObject({
        project_id: 31,
        keyword: 'lin',
      }),
    );
    fireEvent.click(within((await options())[0]!).getByText('Linus'));
    fireEvent.click(screen.getByRole('button', { name: /Add$/ }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/project/set-project-member')).toEqual([
        { project_id: 31, user_id: 9, permission: 'editor' },
      ]),
    );
    expect(notices.texts()).toContain('1 member added.');
    expect(api.calls.some((call) => call.url === '/api/team/user-list')).toBe(false);
  });
});
