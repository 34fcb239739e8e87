import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { bearer, createUser } from '../../../test/factories.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
async function data(method: Method, url: string, token: string, payload?: object) {
  const answer = await ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json().data;
}

async function person() {
  const user = await createUser(ctx.app);
  return { ...user, id: (await data('GET', '/api/user/account', user.token)).id as number };
}

async function teamOf(owner: { token: string }, name: string) {
  const { team_id } = await data('POST', '/api/team/create-team', owner.token, {
    name,
    industry_id: 101,
    scale: 0,
  });
  const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
  return { teamId: team_id as number, inviteCode: invite_code as string };
}

describe('team events on the member’s realtime channel', () => {
  it('tells a member at once that they were removed from the team', async () => {
    const owner = await person();
    const member = await person();
    const { teamId, inviteCode } = await teamOf(owner, 'Removal Works');
    await data('POST', '/api/team/join-team', member.token, { invite_code: inviteCode });
    const memberPage = await signedInRealtimeClient(ctx.app, member.token, member.id);

    await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [member.id] });
    await eventually(() => expect(memberPage.notifications).toHaveLength(1));
    expect(memberPage.notifications[0]).toEqual({
      type: 'UB:team_member_removed',
      team_id: teamId,
      team_name: 'Removal Works',
    });
  });

  it('tells an applicant at once that they were approved, and nobody when rejected', async () => {
    const owner = await person();
    const approved = await person();
    const rejected = await person();
    const { teamId, inviteCode } = await teamOf(owner, 'Approval Works');
    await data('POST', '/api/team/apply-status-set', owner.token, { apply_audit: 1 });
    for (const applicant of [approved, rejected]) {
      await data('POST', '/api/team/join-team', applicant.token, { invite_code: inviteCode });
    }
    const approvedPage = await signedInRealtimeClient(ctx.app, approved.token, approved.id);
    const rejectedPage = await signedInRealtimeClient(ctx.app, rejected.token, rejected.id);
    const { data: applications } = await data('GET', '/api/team/apply-list', owner.token);
    const idOf = (userId: number) => applications.find((a: { user_id: number }) => a.user_id === userId).id;

    await data('POST', '/api/team/apply-audit', owner.token, { ids: [idOf(rejected.id)], status: 2 });
    expect(
      await data('POST', '/api/team/apply-audit', owner.token, { ids: [idOf(approved.id)], status: 1 }),
    ).toEqual({ approved: 1, rejected: 0 });
    await eventually(() => expect(approvedPage.notifications).toHaveLength(1));
    expect(approvedPage.notifications[0]).toEqual({
      type: 'UB:team_join_approved',
      team_id: teamId,
      team_name: 'Approval Works',
    });
    expect(rejectedPage.notifications).toEqual([]);
  });

  it('tells every other member when the owner dissolves the team', async () => {
    const owner = await person();
    const member = await person();
    const { teamId, inviteCode } = await teamOf(owner, 'Short Lived');
    await data('POST', '/api/team/join-team', member.token, { invite_code: inviteCode });
    const memberPage = await signedInRealtimeClient(ctx.app, member.token, member.id);
    const ownerPage = await signedInRealtimeClient(ctx.app, owner.token, owner.id);

    await data('POST', '/api/team/del-team', owner.token, { confirm: 'DELETE' });
    await eventually(() => expect(memberPage.notifications).toHaveLength(1));
    expect(memberPage.notifications[0]).toMatchObject({ type: 'UB:team_member_removed', team_id: teamId });
    expect(ownerPage.notifications).toEqual([]);
  });
});
