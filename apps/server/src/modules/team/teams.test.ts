import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const call = async (method: Method, url: string, token?: string, payload?: unknown) => {
  const answer = await ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: answer.statusCode, body: answer.json() };
};
const data = async (method: Method, url: string, token: string, payload?: unknown) => {
  const answer = await call(method, url, token, payload);
  if (answer.status !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};
const account = (token: string) => data('GET', '/api/user/account', token);

/** A signed-in user with an organisation team they own and are switched to. */
async function ownerWithTeam(name = 'Acme Research') {
  const owner = await createUser(ctx.app);
  const { team_id } = await data('POST', '/api/team/create-team', owner.token, {
    name,
    industry_id: 101,
    scale: 0,
  });
  return { ...owner, teamId: team_id as number };
}

async function join(token: string, ownerToken: string) {
  const { invite_code } = await data('POST', '/api/team/get-invite-code', ownerToken, { is_reset: 0 });
  return data('POST', '/api/team/join-team', token, { invite_code, real_name: 'New Person' });
}

/** A team with an owner, an admin, a member, and a pending applicant (approval switched on at the end). */
async function populatedTeam() {
  const owner = await ownerWithTeam();
  const admin = await createUser(ctx.app);
  const member = await createUser(ctx.app);
  const applicant = await createUser(ctx.app);
  await join(admin.token, owner.token);
  await join(member.token, owner.token);
  const adminId = (await account(admin.token)).id;
  const memberId = (await account(member.token)).id;
  await data('POST', '/api/team/set-admin', owner.token, { user_id: adminId, is_admin: 1 });
  await data('POST', '/api/team/apply-status-set', owner.token, { apply_audit: 1 });
  expect((await join(applicant.token, owner.token)).status).toBe('applied');
  return { owner, admin, member, applicant, adminId, memberId };
}

describe('creating and switching teams', () => {
  it('makes the creator the one owner, with the back-office right, and switches to the team', async () => {
    const owner = await ownerWithTeam('  Acme Research  ');
    const user = await account(owner.token);
    expect(user.current_team).toMatchObject({ team_id: owner.teamId, name: 'Acme Research', team_type: 0 });
    expect(user.current_team.team_roles).toEqual(expect.arrayContaining(['team_owner', 'team_manage']));
    const teams = await data('GET', '/api/team/get-user-teams', owner.token);
    expect(teams.map((t: { team_type: number }) => t.team_type)).toEqual([1, 0]);
  });

  it('refuses short names, unknown industries and switching into a team one is not in', async () => {
    const user = await createUser(ctx.app);
    const short = await call('POST', '/api/team/create-team', user.token, { name: 'ab', industry_id: 101 });
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('name');
    const industry = await call('POST', '/api/team/create-team', user.token, {
      name: 'Valid name',
      industry_id: 99999,
    });
    expect(industry.body.data.fields[0].field).toBe('industry_id');
    const other = await ownerWithTeam();
    const switched = await call('POST', '/api/team/switch-team', user.token, {
      current_team_id: other.teamId,
    });
    expect(switched.body.code).toBe(1108);
  });

  it('serves the industry tree in the caller’s language', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/dict/get-tree-industry',
      headers: { 'accept-language': 'ja-JP' },
    });
    const tree = answer.json().data;
    expect(tree.length).toBeGreaterThan(10);
    expect(tree[0]).toMatchObject({ id: 1, name: '情報技術' });
    expect(tree[0].children[0]).toMatchObject({ id: 101, name: 'ソフトウェア' });
  });
});

describe('invitations and joining', () => {
  it('joins at once without approval, and switches to the team', async () => {
    const owner = await ownerWithTeam();
    const guest = await createUser(ctx.app);
    expect(await join(guest.token, owner.token)).toEqual({ status: 'joined', team_id: owner.teamId });
    expect((await account(guest.token)).current_team.team_id).toBe(owner.teamId);
  });

  it('with approval on, applies; an admin approves; the member list shows them', async () => {
    const { owner, applicant } = await populatedTeam();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, {});
    const info = await data(
      'GET',
      `/api/team/get-team-info-by-code?invite_code=${invite_code}`,
      applicant.token,
    );
    expect(info).toMatchObject({ apply_audit: 1, membership: 'pending' });
    const pending = await data('GET', '/api/team/apply-list', owner.token);
    expect(pending.total).toBe(1);
    const decided = await data('POST', '/api/team/apply-audit', owner.token, {
      ids: [pending.data[0].id],
      status: 1,
    });
    expect(decided).toEqual({ approved: 1, rejected: 0 });
    const members = await data('GET', '/api/team/user-list?page=1&page_size=10', owner.token);
    expect(members.total).toBe(4);
  });

  it('refuses a reset or unknown code, and never lets anyone join a personal team', async () => {
    const owner = await ownerWithTeam();
    const guest = await createUser(ctx.app);
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, {});
    await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 1 });
    const stale = await call('POST', '/api/team/join-team', guest.token, { invite_code });
    expect(stale.body.code).toBe(1103);
    const personal = await call('POST', '/api/team/get-invite-code', guest.token, {});
    expect(personal.body.code).toBe(1104);
    // A code of any shape that opens no team is the same "invalid or expired" answer.
    for (const typed of ['ab', 'not a code!']) {
      const answer = await call('POST', '/api/team/join-team', guest.token, { invite_code: typed });
      expect(answer.body.code).toBe(1103);
    }
  });

  it('sends invitations by email with the join link', async () => {
    const owner = await ownerWithTeam();
    const sent = await data('POST', '/api/team/invite-team', owner.token, {
      type: 0,
      email_list: ['friend@example.com'],
    });
    expect(sent.sent).toBe(1);
    const outbox = (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=5' })).json().data
      .data;
    const mail = outbox.find((m: { to: string }) => m.to === 'friend@example.com');
    expect(mail.text).toMatch(/\/join-team\/[A-Z0-9]{8}/);
    // Without a nickname the inviter is named by phone before email, as everywhere else.
    await ctx.database.db
      .update(users)
      .set({ nickName: '', phone: '13800138000' })
      .where(eq(users.email, owner.email));
    await data('POST', '/api/team/invite-team', owner.token, { type: 0, email_list: ['pal@example.com'] });
    const outboxAgain = (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=5' })).json()
      .data.data;
    const byPhone = outboxAgain.find((m: { to: string }) => m.to === 'pal@example.com');
    expect(byPhone.text).toContain('13800138000');
    expect(byPhone.text).not.toContain(owner.email);
    const badPhone = await call('POST', '/api/team/invite-team', owner.token, {
      type: 1,
      phone_list: [{ country_code: '86', value: '123' }],
    });
    expect(badPhone.status).toBe(400);
  });
});

describe('departments', () => {
  it('builds a tree, moves members, and refuses cycles, deleting parents and moving past the top', async () => {
    const { owner, memberId } = await populatedTeam();
    const { id: parent } = await data('POST', '/api/team/create-department', owner.token, {
      name: 'Research',
    });
    const { id: child } = await data('POST', '/api/team/create-department', owner.token, {
      name: 'Models',
      parent_id: parent,
    });
    const { id: sibling } = await data('POST', '/api/team/create-department', owner.token, { name: 'Sales' });
    await data('POST', '/api/team/change-member-department', owner.token, {
      user_ids: [memberId],
      department_id: child,
    });
    const tree = await data('GET', '/api/team/department-list', owner.token);
    expect(tree.map((d: { name: string }) => d.name)).toEqual(['Research', 'Sales']);
    expect(tree[0].children[0]).toMatchObject({ name: 'Models', parentId: parent, member_count: 1 });

    const cycle = await call('POST', '/api/team/save-department', owner.token, {
      id: parent,
      parent_id: child,
    });
    expect(cycle.body.code).toBe(1105);
    const withChildren = await call('DELETE', '/api/team/del-department', owner.token, { id: parent });
    expect(withChildren.body.code).toBe(1102);
    const top = await call('POST', '/api/team/department-sort', owner.token, { id: parent, direction: 'up' });
    expect(top.body.code).toBe(1106);
    const bottom = await call('POST', '/api/team/department-sort', owner.token, {
      id: sibling,
      direction: 'down',
    });
    expect(bottom.body.code).toBe(1106);
    await data('POST', '/api/team/department-sort', owner.token, { id: sibling, direction: 'up' });
    const reordered = await data('GET', '/api/team/department-list', owner.token);
    expect(reordered.map((d: { name: string }) => d.name)).toEqual(['Sales', 'Research']);

    const inChild = await data('GET', `/api/team/department-member-list?department_id=${child}`, owner.token);
    expect(inChild.data.map((m: { user_id: number }) => m.user_id)).toEqual([memberId]);
  });

  it('moves nobody when one of the people is not in the team', async () => {
    const { owner, memberId } = await populatedTeam();
    const outsider = await createUser(ctx.app);
    const outsiderId = (await account(outsider.token)).id;
    const { id } = await data('POST', '/api/team/create-department', owner.token, { name: 'Ops' });
    const answer = await call('POST', '/api/team/change-member-department', owner.token, {
      user_ids: [memberId, outsiderId],
      department_id: id,
    });
    expect(answer.body.code).toBe(1108);
    const inOps = await data('GET', `/api/team/department-member-list?department_id=${id}`, owner.token);
    expect(inOps.total).toBe(0);
  });
});

describe('members, ownership and dissolving', () => {
  it('removes a member into the leaving list, restores them, and keeps the owner', async () => {
    const { owner, member, memberId } = await populatedTeam();
    const ownerId = (await account(owner.token)).id;
    const refused = await call('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [ownerId] });
    expect(refused.body.code).toBe(1107);
    await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [memberId] });
    expect((await account(member.token)).current_team.team_type).toBeGreaterThan(0);
    const leavers = await data('GET', '/api/team/leave-member-list', owner.token);
    expect(leavers.data[0]).toMatchObject({ user_id: memberId, days_since_leaving: 0 });
    await data('POST', '/api/team/restore-leave-member', owner.token, { user_ids: [memberId] });
    expect((await data('GET', '/api/team/leave-member-list', owner.token)).total).toBe(0);
    const teams = await data('GET', '/api/team/get-user-teams', member.token);
    expect(teams).toHaveLength(2);
  });

  it('transfers ownership; the old owner stays as admin; the owner cannot leave before', async () => {
    const { owner, member, memberId } = await populatedTeam();
    expect((await call('POST', '/api/team/leave-team', owner.token)).body.code).toBe(1101);
    const ownerId = (await account(owner.token)).id;
    const fixed = await call('POST', '/api/team/set-admin', owner.token, { user_id: ownerId, is_admin: 0 });
    expect(fixed.body.code).toBe(1109);
    await data('POST', '/api/team/turn-over', owner.token, { user_id: memberId });
    const members = await data('GET', '/api/team/user-list', member.token);
    const roles = Object.fromEntries(
      members.data.map((m: { user_id: number; is_owner: boolean; is_admin: boolean }) => [m.user_id, m]),
    );
    expect(roles[memberId]).toMatchObject({ is_owner: true, is_admin: true });
    expect((await account(owner.token)).current_team.team_roles).toEqual(['team_admin', 'team_manage']);
    expect((await call('POST', '/api/team/leave-team', owner.token)).status).toBe(200);
  });

  it('dissolves after typing DELETE: every member lands in their personal team', async () => {
    const { owner, admin, member } = await populatedTeam();
    const wrong = await call('POST', '/api/team/del-team', owner.token, { confirm: 'delete' });
    expect(wrong.status).toBe(400);
    await data('POST', '/api/team/del-team', owner.token, { confirm: 'DELETE' });
    for (const user of [owner, admin, member]) {
      const current = (await account(user.token)).current_team;
      expect(current.team_type).toBeGreaterThan(0);
      expect(await data('GET', '/api/team/get-user-teams', user.token)).toHaveLength(1);
    }
  });
});

describe("members' contacts", () => {
  it('the owner and admins read phone and email whole; a platform admin outside the team reads them masked', async () => {
    const { owner, admin, member } = await populatedTeam();
    const visitor = await createUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ isSuper: true, currentTeamId: owner.teamId })
      .where(eq(users.email, visitor.email));
    const contactsSeenBy = async (token: string, list: string) =>
      ((await data('GET', `/api/team/${list}`, token)).data as { email: string; name: string }[]).map(
        (row) => row.email,
      );
    for (const manager of [owner, admin]) {
      expect(await contactsSeenBy(manager.token, 'user-list')).toContain(member.email);
    }
    const masked = await contactsSeenBy(visitor.token, 'user-list');
    expect(masked).toHaveLength(3);
    expect(masked).not.toContain(member.email);
    expect(masked).toContain(
      `${member.email.slice(0, 2)}***${member.email.slice(member.email.indexOf('@'))}`,
    );
    // Nor do names made from an address, on any of the back office's people lists.
    for (const list of ['user-list', 'apply-list', 'leave-member-list']) {
      const body = JSON.stringify(await data('GET', `/api/team/${list}`, visitor.token));
      for (const person of [owner, admin, member]) expect(body).not.toContain(person.email);
    }
  });
});

describe('races', () => {
  it('two admins approving the same applicant add them once', async () => {
    const { owner, admin } = await populatedTeam();
    const [application] = (await data('GET', '/api/team/apply-list', owner.token)).data;
    const answers = await Promise.all([
      data('POST', '/api/team/apply-audit', owner.token, { ids: [application.id], status: 1 }),
      data('POST', '/api/team/apply-audit', admin.token, { ids: [application.id], status: 1 }),
    ]);
    expect(answers.map((a) => a.approved).sort()).toEqual([0, 1]);
    expect((await data('GET', '/api/team/user-list', owner.token)).total).toBe(4);
  });

  it('transferring to a member while they are removed leaves one consistent owner', async () => {
    const { owner, admin, memberId } = await populatedTeam();
    const [transfer, removal] = await Promise.all([
      call('POST', '/api/team/turn-over', owner.token, { user_id: memberId }),
      call('DELETE', '/api/team/remove-out-team', admin.token, { user_ids: [memberId] }),
    ]);
    const members = (await data('GET', '/api/team/user-list', owner.token)).data as {
      user_id: number;
      is_owner: boolean;
    }[];
    const owners = members.filter((m) => m.is_owner);
    expect(owners).toHaveLength(1);
    if (transfer.status === 200) {
      // The transfer won: the new owner cannot have been removed.
      expect(owners[0]?.user_id).toBe(memberId);
      expect(removal.status).not.toBe(200);
    } else {
      expect(removal.status).toBe(200);
      expect(members.some((m) => m.user_id === memberId)).toBe(false);
    }
  });
});

describe('who may call what', () => {
  const NOT_FOUND_ID = 2_000_000;
  /** level: who may pass; payloads are harmless (they miss or change nothing) for those who pass. */
  const ROUTES: {
    method: Method;
    url: string;
    level: 'public' | 'session' | 'member' | 'manage' | 'owner';
    body?: object;
    anyTeam?: boolean;
  }[] = [
    { method: 'GET', url: '/api/team/get-user-teams', level: 'session' },
    { method: 'GET', url: '/api/team/get-curr-team-info', level: 'member', anyTeam: true },
    {
      method: 'POST',
      url: '/api/team/create-team',
      level: 'session',
      body: { name: 'Valid name', industry_id: 99999 },
    },
    {
      method: 'POST',
      url: '/api/team/switch-team',
      level: 'session',
      body: { current_team_id: NOT_FOUND_ID },
    },
    {
      method: 'POST',
      url: '/api/user/switch-curr-identity',
      level: 'session',
      body: { current_team_id: NOT_FOUND_ID },
    },
    { method: 'POST', url: '/api/team/get-invite-code', level: 'member', body: { is_reset: 0 } },
    { method: 'GET', url: '/api/team/get-team-info-by-code?invite_code=ZZZZZZZZ', level: 'public' },
    { method: 'POST', url: '/api/team/join-team', level: 'session', body: { invite_code: 'ZZZZZZZZ' } },
    {
      method: 'POST',
      url: '/api/team/invite-team',
      level: 'member',
      body: { type: 0, email_list: ['x@example.com'] },
    },
    { method: 'POST', url: '/api/team/update-team', level: 'manage', body: { description: 'Same' } },
    { method: 'POST', url: '/api/team/apply-status-set', level: 'manage', body: { apply_audit: 1 } },
    { method: 'POST', url: '/api/team/turn-over', level: 'owner', body: { user_id: NOT_FOUND_ID } },
    { method: 'POST', url: '/api/team/del-team', level: 'owner', body: { confirm: 'no' } },
    { method: 'GET', url: '/api/team/curr-ver-packet-data', level: 'member', anyTeam: true },
    { method: 'GET', url: '/api/team/all-ver-packet-data', level: 'session' },
    { method: 'GET', url: '/api/team/user-list', level: 'manage' },
    { method: 'GET', url: '/api/team/department-member-list?department_id=0', level: 'manage' },
    {
      method: 'POST',
      url: '/api/team/set-admin',
      level: 'owner',
      body: { user_id: NOT_FOUND_ID, is_admin: 1 },
    },
    {
      method: 'DELETE',
      url: '/api/team/remove-out-team',
      level: 'manage',
      body: { user_ids: [NOT_FOUND_ID] },
    },
    { method: 'GET', url: '/api/team/leave-member-list', level: 'manage' },
    {
      method: 'DELETE',
      url: '/api/team/del-leave-member',
      level: 'manage',
      body: { user_ids: [NOT_FOUND_ID] },
    },
    {
      method: 'POST',
      url: '/api/team/restore-leave-member',
      level: 'manage',
      body: { user_ids: [NOT_FOUND_ID] },
    },
    { method: 'GET', url: '/api/team/apply-list', level: 'manage' },
    {
      method: 'POST',
      url: '/api/team/apply-audit',
      level: 'manage',
      body: { ids: [NOT_FOUND_ID], status: 2 },
    },
    { method: 'GET', url: '/api/team/department-list', level: 'manage' },
    {
      method: 'POST',
      url: '/api/team/create-department',
      level: 'manage',
      body: { name: 'X', parent_id: NOT_FOUND_ID },
    },
    {
      method: 'POST',
      url: '/api/team/save-department',
      level: 'manage',
      body: { id: NOT_FOUND_ID, name: 'X' },
    },
    { method: 'DELETE', url: '/api/team/del-department', level: 'manage', body: { id: NOT_FOUND_ID } },
    {
      method: 'POST',
      url: '/api/team/department-sort',
      level: 'manage',
      body: { id: NOT_FOUND_ID, direction: 'up' },
    },
    {
      method: 'POST',
      url: '/api/team/batch-save-department',
      level: 'manage',
      body: { departments: [{ id: NOT_FOUND_ID, name: 'X' }] },
    },
    {
      method: 'POST',
      url: '/api/team/re-sort-department',
      level: 'manage',
      body: { parent_id: NOT_FOUND_ID, ids: [NOT_FOUND_ID] },
    },
    {
      method: 'POST',
      url: '/api/team/change-member-department',
      level: 'manage',
      body: { user_ids: [NOT_FOUND_ID], department_id: null },
    },
    // Last: those who pass really leave (the owner is refused with 1101).
    { method: 'POST', url: '/api/team/leave-team', level: 'member' },
  ];
  const PASSES = {
    owner: ['public', 'session', 'member', 'manage', 'owner'],
    admin: ['public', 'session', 'member', 'manage'],
    member: ['public', 'session', 'member'],
    outsider: ['public', 'session', 'member'],
    applicant: ['public', 'session'],
    anonymous: ['public'],
  } as const;

  it('answers every team route for owner, admin, member, applicant, member of another team and visitor', async () => {
    const { owner, admin, member, applicant } = await populatedTeam();
    const other = await ownerWithTeam('Other Company');
    const outsider = await createUser(ctx.app);
    await join(outsider.token, other.token);
    const actors = { owner, admin, member, outsider, applicant, anonymous: undefined };
    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const [name, user] of Object.entries(actors) as [
        keyof typeof PASSES,
        { token: string } | undefined,
      ][]) {
        const answer = await call(route.method, route.url, user?.token, route.body);
        const passes =
          (PASSES[name] as readonly string[]).includes(route.level) ||
          (name === 'applicant' && route.anyTeam);
        const expected = passes ? undefined : !user ? [401] : name === 'applicant' ? [409] : [403];
        const ok = expected
          ? expected.includes(answer.status)
          : ![401, 403, 409].includes(answer.status) || answer.body.code === 1101;
        if (!ok)
          failures.push(`${route.method} ${route.url} as ${name}: ${answer.status} ${answer.body.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never shows one team’s members to another team’s manager', async () => {
    const { owner } = await populatedTeam();
    const other = await ownerWithTeam('Rival Company');
    const ours = await data('GET', '/api/team/user-list', owner.token);
    const theirs = await data('GET', '/api/team/user-list', other.token);
    const ourIds = new Set(ours.data.map((m: { user_id: number }) => m.user_id));
    expect(theirs.data.some((m: { user_id: number }) => ourIds.has(m.user_id))).toBe(false);
    expect(theirs.total).toBe(1);
  });
});
