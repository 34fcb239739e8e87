import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import type { CurrentTeam } from '../../../shared/session/session-user.ts';
import { takeCarriedNotices } from '../../../shared/ui/notices.ts';
import { createTeam, createUserIn } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { DissolveTeamDialog } from './dissolve-team-dialog.tsx';
import { JoinTeamDialog } from './join-team-dialog.tsx';
import { TeamInvitationDialog } from './team-invitation-dialog.tsx';

const session = vi.hoisted(() => ({ reloadAtRoot: vi.fn() }));
vi.mock('../api/session.ts', () => ({ reloadAtRoot: session.reloadAtRoot, reloadSessionUser: vi.fn() }));

const ORGANISATION = createTeam();

function signIn(team: CurrentTeam) {
  useSessionStore.setState({ token: 'tok', user: createUserIn(team) });
}

const notices = recordNotices();

beforeEach(() => session.reloadAtRoot.mockReset());

describe('joining by code', () => {
  it('tells the user the request waits for approval and closes', async () => {
    const api = fakeApi({ '/api/team/join-team': () => ({ data: { status: 'applied', team_id: 9 } }) });
    const onClose = vi.fn();
    await renderPage(<JoinTeamDialog open onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Invitation code'), {
      target: { value: 'http://localhost/join-team/K7QX2M9A' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf('/api/team/join-team')).toEqual([{ invite_code: 'K7QX2M9A', real_name: '' }]);
    expect(notices.keys()).toEqual(['team.join_applied']);
    expect(session.reloadAtRoot).not.toHaveBeenCalled();
  });

  it('starts the app again in the team when the user joined at once', async () => {
    fakeApi({ '/api/team/join-team': () => ({ data: { status: 'joined', team_id: 9 } }) });
    await renderPage(<JoinTeamDialog open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: 'K7QX2M9A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(session.reloadAtRoot).toHaveBeenCalled());
  });

  it('puts an invalid or expired code (1103) beside the field', async () => {
    fakeApi({ '/api/team/join-team': () => ({ status: 400, code: 1103, msg: 'invalid' }) });
    const onClose = vi.fn();
    await renderPage(<JoinTeamDialog open onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: 'NOPE1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText('This invitation code is invalid or has expired. Ask for a new one.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(notices.keys()).toEqual([]);
  });
});

describe('dissolving the team', () => {
  it('waits for DELETE typed exactly, then dissolves, starts the app again and says so there', async () => {
    const api = fakeApi({ '/api/team/del-team': () => ({ data: null }) });
    await renderPage(<DissolveTeamDialog teamName="Acme" open onClose={() => {}} />);
    const button = () => screen.getByRole('button', { name: 'Dissolve the team' }) as HTMLButtonElement;
    const input = screen.getByLabelText('Type DELETE to confirm');
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'delete' } });
    expect(button().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE ' } });
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(session.reloadAtRoot).toHaveBeenCalled());
    expect(api.bodiesOf('/api/team/del-team')).toEqual([{ confirm: 'DELETE' }]);
    expect(notices.texts()).toEqual([]);
    // The page the app starts again on picks up what this one left for it.
    takeCarriedNotices();
    expect(notices.texts()).toEqual(['Acme was dissolved. You are back in your personal team.']);
  });
});

describe('the invitation dialog', () => {
  it('explains that a personal team cannot invite, and offers to create or join one', async () => {
    signIn({ ...ORGANISATION, team_type: 1, name: 'Ada' });
    const onOpen = vi.fn();
    await renderPage(<TeamInvitationDialog open onClose={() => {}} onOpenTeamDialog={onOpen} />);
    expect(screen.getByText('Your personal team cannot take members')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join a team' }));
    expect(onOpen).toHaveBeenCalledWith('join_team');
  });

  it('shows the link {origin}/join-team/{code} with its expiry, and the reset only to managers', async () => {
    signIn(ORGANISATION);
    fakeApi({
      '/api/team/get-invite-code': () => ({
        data: { invite_code: 'K7QX2M9A', expiration_time: '2030-03-08T12:00:00.000Z' },
      }),
    });
    await renderPage(<TeamInvitationDialog open onClose={() => {}} onOpenTeamDialog={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: /Link/ }));
    const link = (await screen.findByLabelText('Invitation link')) as HTMLInputElement;
    expect(link.value).toBe(`${location.origin}/join-team/K7QX2M9A`);
    expect(screen.getAllByText(/Valid until .*2030/).length).toBeGreaterThan(0);
    expect(screen.getByText('Only team managers can reset the invitation code.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reset code/ })).toBeNull();
  });

  it('lets a manager reset the code, and shows the new link', async () => {
    signIn({ ...ORGANISATION, team_roles: ['team_admin', 'team_manage'] });
    const api = fakeApi({
      '/api/team/get-invite-code': (body) => ({
        data: {
          invite_code: (body as { is_reset: number }).is_reset ? 'NEWC0DE2' : 'K7QX2M9A',
          expiration_time: '2030-03-08T12:00:00.000Z',
        },
      }),
    });
    await renderPage(<TeamInvitationDialog open onClose={() => {}} onOpenTeamDialog={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: /Link/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Reset code/ }));
    // The confirmation's own button.
    const confirm = await screen.findAllByRole('button', { name: /Reset code/ });
    fireEvent.click(confirm.at(-1)!);
    await waitFor(() =>
      expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toMatch(/NEWC0DE2$/),
    );
    expect(api.bodiesOf('/api/team/get-invite-code')).toEqual([{ is_reset: 0 }, { is_reset: 1 }]);
  });

  it('checks the phone numbers before sending the invitations', async () => {
    signIn(ORGANISATION);
    const api = fakeApi({
      '/api/team/get-invite-code': () => ({
        data: { invite_code: 'K7QX2M9A', expiration_time: '2030-03-08T12:00:00.000Z' },
      }),
      '/api/team/invite-team': () => ({ data: { sent: 1 } }),
    });
    await renderPage(<TeamInvitationDialog open onClose={() => {}} onOpenTeamDialog={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: /Mobile phone/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Send invitations/ }));
    expect(notices.keys()).toEqual(['team.invite_phone_empty']);
    fireEvent.change(screen.getByLabelText('Phone number 1'), { target: { value: '1380013800' } });
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    expect(await screen.findByText('Please enter a valid mobile number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone number 1'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/team/invite-team')).toEqual([
        { type: 1, phone_list: [{ country_code: '86', value: '13800138000' }] },
      ]),
    );
  });
});
