import '../../../test/dom-setup.ts';
import type { DepartmentNode } from '@tandem/contract/team';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { createTeam, createUserIn } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { MemberDepartmentPage } from './member-department-page.tsx';
import { TeamSettingsPage } from './team-settings-page.tsx';

vi.mock('../api/session.ts', () => ({ reloadAtRoot: vi.fn(), reloadSessionUser: vi.fn() }));

const notices = recordNotices();
const OWNER = createTeam({ team_roles: ['team_owner', 'team_manage'] });

afterEach(() => useSessionStore.setState({ token: null, user: null }));

const department = (id: number, name: string, children: DepartmentNode[] = []): DepartmentNode => ({
  id,
  name,
  parentId: null,
  manager_user_id: null,
  manager_name: '',
  member_count: 1,
  sort: id,
  children: children.map((child) => ({ ...child, parentId: id })),
});

const member = (user_id: number, name: string, department_id: number | null, department_name = '') => ({
  user_id,
  name,
  real_name: name,
  avatar: '',
  phone: '',
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  join_time: '2026-03-01T09:00:00.000Z',
  department_id,
  department_name,
  is_admin: false,
  is_owner: false,
});

describe('members and departments', () => {
  // Sales (East, West), Support
  const tree = [
    department(1, 'Sales', [department(11, 'East'), department(12, 'West')]),
    department(2, 'Support'),
  ];
  const people = [member(21, 'Ada Lovelace', 11, 'East'), member(22, 'Alan Turing', 2, 'Support')];

  function serve() {
    return fakeApi({
      '/api/team/department-list': () => ({ data: tree }),
      '/api/team/user-list': () => ({ data: { data: people, total: people.length } }),
      '/api/team/department-member-list': (_, params) => {
        const found = people.filter((each) => each.department_id === Number(params.department_id));
        return { data: { data: found, total: found.length } };
      },
      '/api/team/batch-save-department': () => ({ data: null }),
      '/api/team/re-sort-department': () => ({ data: null }),
      '/api/team/save-department': () => ({ data: null }),
    });
  }

  async function open() {
    useSessionStore.setState({ token: 'tok', user: createUserIn(OWNER) });
    const api = serve();
    await renderPage(
      <App>
        <MemberDepartmentPage />
      </App>,
    );
    await screen.findByText('Alan Turing', { selector: '.member-cell__label' });
    return api;
  }

  it('lists a chosen department’s members through the department member list, searched there too', async () => {
    const api = await open();
    expect(api.paramsOf('/api/team/department-member-list')).toEqual([]);
    fireEvent.click(screen.getByText('East', { selector: '.department-node__name' }));
    const east = await screen.findByRole('region', { name: 'Members: Sales / East' });
    await waitFor(() => expect(within(east).queryByText('Alan Turing')).toBeNull());
    expect(within(east).getByText('Ada Lovelace', { selector: '.member-cell__label' })).toBeTruthy();
    expect(api.paramsOf('/api/team/department-member-list').at(-1)).toMatchObject({ department_id: 11 });
    fireEvent.change(within(east).getByRole('searchbox', { name: 'Search members' }), {
      target: { value: 'ada' },
    });
    fireEvent.keyDown(within(east).getByRole('searchbox', { name: 'Search members' }), {
      key: 'Enter',
      code: 'Enter',
    });
    await waitFor(() =>
      expect(api.paramsOf('/api/team/department-member-list').at(-1)).toMatchObject({
        department_id: 11,
        keyword: 'ada',
      }),
    );
  });

  it('renames and reorders departments in one arrangement, saving the names together and each level’s order', async () => {
    const api = await open();
    fireEvent.click(screen.getByRole('button', { name: /Arrange/ }));
    const dialog = (await screen.findByText('Arrange departments')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByRole('button', { name: 'Move Sales up' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of West' }), {
      target: { value: ' West coast ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Support up' }));
    const order = within(dialog)
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value);
    expect(order).toEqual(['Support', 'Sales', 'East', ' West coast ']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices.keys()).toContain('org_admin.departments_arranged'));
    expect(api.bodiesOf('/api/team/batch-save-department')).toEqual([
      { departments: [{ id: 12, name: 'West coast' }] },
    ]);
    expect(api.bodiesOf('/api/team/re-sort-department')).toEqual([{ parent_id: null, ids: [2, 1] }]);
  });

  it('moves a department under another, never under itself or its own sub-departments', async () => {
    const api = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Sales' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Move under/ }));
    const dialog = (await screen.findByText('Move Sales')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Parent department' }));
    const picker = await waitFor(() => document.querySelector<HTMLElement>('.ant-select-tree')!);
    const option = (name: string) => within(picker).getByTitle(name);
    for (const own of ['Sales', 'East', 'West']) {
      expect(option(own).closest('[role="treeitem"]')!.getAttribute('aria-disabled')).toBe('true');
    }
    expect(option('Support').closest('[role="treeitem"]')!.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(option('Support'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf('/api/team/save-department')).toEqual([{ id: 1, parent_id: 2 }]));
  });

  it('saves nothing while a name is blank', async () => {
    const api = await open();
    fireEvent.click(screen.getByRole('button', { name: /Arrange/ }));
    const dialog = (await screen.findByText('Arrange departments')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name of Sales' }), {
      target: { value: '  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices.keys()).toEqual(['org_admin.department_name_required']));
    expect(api.bodiesOf('/api/team/batch-save-department')).toEqual([]);
  });
});

describe('team settings', () => {
  it('shows the current plan and every plan a team can be on, the current one marked', async () => {
    useSessionStore.setState({ token: 'tok', user: createUserIn(OWNER) });
    fakeApi({
      '/api/team/get-curr-team-info': () => ({
        data: {
          ...OWNER,
          description: '',
          member_count: 3,
          apply_audit: 0,
          owner_user_id: 7,
          industry_id: 101,
          scale: 0,
          created_at: '2026-03-01T09:00:00.000Z',
        },
      }),
      '/api/team/curr-ver-packet-data': () => ({
        data: {
          ver_id: 1,
          ver_name: 'free',
          expire_time: null,
          member_limit: 10000,
          member_count: 3,
          points_quota_surplus_numerical: 640,
        },
      }),
      '/api/team/all-ver-packet-data': () => ({
        data: [
          {
            ver_id: 1,
            ver_name: 'free',
            expire_time: null,
            member_limit: 10000,
            member_count: 0,
            points_quota_surplus_numerical: 1000,
          },
        ],
      }),
    });
    await renderPage(
      <App>
        <TeamSettingsPage />
      </App>,
    );
    const plans = await screen.findByRole('table', { name: 'Available plans' });
    const free = await within(plans).findByRole('row', { name: /Free/ });
    expect(free.textContent).toContain('Current');
    expect(free.textContent).toContain('10,000');
    expect(free.textContent).toContain('1,000');
    expect(screen.getByText('3 of 10,000')).toBeTruthy();
  });
});
