import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { JoinTeamPage } from './join-team-page.tsx';
import { MemberApprovePage } from './member-approve-page.tsx';

const session = vi.hoisted(() => ({ reloadAtRoot: vi.fn() }));
vi.mock('../api/session.ts', () => ({ reloadAtRoot: session.reloadAtRoot, reloadSessionUser: vi.fn() }));

const notices = recordNotices();

beforeEach(() => session.reloadAtRoot.mockReset());
afterEach(() => useSessionStore.setState({ token: null, user: null }));

const applicant = (id: number, name: string) => ({
  id,
  user_id: 100 + id,
  name,
  real_name: name,
  phone: '',
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  created_at: '2026-03-01T09:00:00.000Z',
});

describe('member approval', () => {
  function serve(pending = [applicant(1, 'Hedy Lamarr'), applicant(2, 'Barbara Liskov')]) {
    let waiting = [...pending];
    return fakeApi({
      '/api/team/get-curr-team-info': () => ({ data: { apply_audit: 1 } }),
      '/api/team/apply-list': () => ({ data: { data: waiting, total: waiting.length } }),
      '/api/team/apply-audit': (body) => {
        const { ids, status } = body as { ids: number[]; status: number };
        waiting = waiting.filter((each) => !ids.includes(each.id));
        return { data: { approved: status === 1 ? ids.length : 0, rejected: status === 2 ? ids.length : 0 } };
      },
    });
  }

  it('offers the batch decisions only once something is selected', async () => {
    serve();
    await renderPage(
      <App>
        <MemberApprovePage />
      </App>,
    );
    await screen.findByText('Hedy Lamarr', { selector: '.member-cell__label' });
    const batchButtons = () =>
      [/Approve selected/, /Reject selected/].map((name) =>
        screen.getByRole<HTMLButtonElement>('button', { name }),
      );
    for (const button of batchButtons()) expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Hedy Lamarr' }));
    for (const button of batchButtons()) expect(button.disabled).toBe(false);
  });

  it('rejects the selected requests together, after a confirmation', async () => {
    const api = serve();
    await renderPage(
      <App>
        <MemberApprovePage />
      </App>,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Hedy Lamarr' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Barbara Liskov' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Reject selected/ }));
    const [title] = await screen.findAllByText('Reject the selected requests? (2)');
    const confirm = title!.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.bodiesOf('/api/team/apply-audit')).toEqual([{ ids: [1, 2], status: 2 }]));
    expect(await screen.findByText('No pending requests.')).toBeTruthy();
    expect(notices.texts()).toContain('2 requests were declined.');
  });

  it('approves one request from its row', async () => {
    const api = serve();
    await renderPage(
      <App>
        <MemberApprovePage />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Barbara Liskov' }));
    await waitFor(() => expect(api.bodiesOf('/api/team/apply-audit')).toEqual([{ ids: [2], status: 1 }]));
    expect(notices.texts()).toContain('Barbara Liskov joined the team.');
    await waitFor(() =>
      expect(screen.queryByText('Barbara Liskov', { selector: '.member-cell__label' })).toBeNull(),
    );
  });
});

describe('the join page', () => {
  const team = {
    team_id: 9,
    name: 'Acme Marketing',
    avatar: '',
    description: 'Campaigns and brand.',
    member_count: 8,
    apply_audit: 1,
    expiration_time: '2030-01-01T00:00:00.000Z',
    membership: 'none',
  };
  const open = () =>
    renderPage(<JoinTeamPage />, { path: '/join-team/K7QX2M9A', route: '/join-team/:invite_code' });

  it('shows a visitor the team and sends them to sign in, with the way back', async () => {
    fakeApi({ '/api/team/get-team-info-by-code': () => ({ data: team }) });
    await open();
    expect(await screen.findByRole('heading', { name: 'Acme Marketing' })).toBeTruthy();
    expect(screen.getByText(/Members: 8/)).toBeTruthy();
    expect(screen.getByText(/Invitation code K7QX2M9A/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to join' }));
    expect(await screen.findByText('landed on /login?redirect=%2Fjoin-team%2FK7QX2M9A')).toBeTruthy();
  });

  it('says so when the code is invalid or has expired', async () => {
    fakeApi({ '/api/team/get-team-info-by-code': () => ({ status: 400, code: 1103, msg: 'invalid' }) });
    await open();
    expect(await screen.findByText('This invitation does not work')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Join a team' })).toBeTruthy();
  });

  it('takes the real name and the consent, then shows the wait for approval', async () => {
    useSessionStore.setState({ token: 'tok' });
    let membership = 'none';
    const api = fakeApi({
      '/api/team/get-team-info-by-code': () => ({ data: { ...team, membership } }),
      '/api/team/join-team': () => {
        membership = 'pending';
        return { data: { status: 'applied', team_id: 9 } };
      },
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('Please enter your real name.')).toBeTruthy();
    expect(
      screen.getByText('Please accept the Terms of Service and the Privacy Policy to continue.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Real name'), { target: { value: ' Grace Hopper ' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    expect(api.bodiesOf('/api/team/join-team')).toEqual([
      { invite_code: 'K7QX2M9A', real_name: 'Grace Hopper' },
    ]);
    expect(session.reloadAtRoot).not.toHaveBeenCalled();
  });

  it('lets a member open the team, which starts the app again in it', async () => {
    useSessionStore.setState({ token: 'tok' });
    const api = fakeApi({
      '/api/team/get-team-info-by-code': () => ({ data: { ...team, membership: 'member' } }),
      '/api/team/switch-team': () => ({ data: null }),
    });
    await open();
    expect(await screen.findByText('You are already a member of this team.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the team' }));
    await waitFor(() => expect(session.reloadAtRoot).toHaveBeenCalled());
    expect(api.bodiesOf('/api/team/switch-team')).toEqual([{ current_team_id: 9 }]);
  });
});
