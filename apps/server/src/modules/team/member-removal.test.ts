import { describe, expect, it } from 'vitest';
import { agentApi, type Person } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team } = agentApi(ctx);

type Listed = { user_id: number; is_admin: boolean };

describe('an admin removing members', () => {
  it('may remove a plain member but not another admin', async () => {
    const { owner, member } = await team();
    const [admin, other, plain] = [await member(), await member(), await member()];
    for (const who of [admin, other]) {
      await data('POST', '/api/team/set-admin', owner.token, { user_id: who.id, is_admin: 1 });
    }
    const refused = await call('DELETE', '/api/team/remove-out-team', admin.token, {
      user_ids: [plain.id, other.id],
    });
    expect(refused.body.code).toBe(1100);
    await data('DELETE', '/api/team/remove-out-team', admin.token, { user_ids: [plain.id] });
    await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [other.id] });
    const left = await data('GET', '/api/team/user-list?page=1&page_size=100', owner.token);
    expect(left.data.map((m: Listed) => m.user_id).sort()).toEqual([owner.id, admin.id].sort());
  });

  it('takes a removed member off the departments they managed', async () => {
    const { owner, member } = await team();
    const manager = await member();
    const { id } = await data('POST', '/api/team/create-department', owner.token, {
      name: 'Sales',
      manager_user_id: manager.id,
    });
    const managerOf = async () =>
      (await data('GET', '/api/team/department-list', owner.token)).find((d: { id: number }) => d.id === id)
        .manager_user_id;
    expect(await managerOf()).toBe(manager.id);
    await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [manager.id] });
    expect(await managerOf()).toBeNull();
  });

  it('never removes a member the owner makes an admin at the same moment', async () => {
    const { owner, member } = await team();
    const admin = await member();
    await data('POST', '/api/team/set-admin', owner.token, { user_id: admin.id, is_admin: 1 });
    const rounds: { target: Person; promoted: number; removed: number }[] = [];
    for (let round = 0; round < 20; round++) {
      const target = await member();
      const [promotion, removal] = await Promise.all([
        call('POST', '/api/team/set-admin', owner.token, { user_id: target.id, is_admin: 1 }),
        call('DELETE', '/api/team/remove-out-team', admin.token, { user_ids: [target.id] }),
      ]);
      rounds.push({ target, promoted: promotion.body.code, removed: removal.body.code });
    }
    const { data: members } = await data('GET', '/api/team/user-list?page=1&page_size=100', owner.token);
    const outcomes = rounds.map(({ target, promoted, removed }) => {
      const kept = (members as Listed[]).find((m) => m.user_id === target.id);
      const state = kept ? (kept.is_admin ? 'admin' : 'member') : 'gone';
      return `promote ${promoted}, remove ${removed}, ${state}`;
    });
    // Promoted first: the removal is refused (1100). Removed first: the promotion finds no member (1108).
    const expected = ['promote 0, remove 1100, admin', 'promote 1108, remove 0, gone'];
    expect(outcomes.filter((outcome) => !expected.includes(outcome))).toEqual([]);
  });
});
