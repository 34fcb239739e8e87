import { maskEmail } from '@tandem/contract/contact-mask';
import { describe, expect, it, vi } from 'vitest';
import { agentApi, type Person } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { loadAgent } from './agent-data.ts';
import { listAgentCandidates } from './agent-members.ts';

const ctx = useTestApp();
const { call, data, person, team, agent } = agentApi(ctx);

type Candidate = {
  user_id: number;
  name: string;
  email: string;
  is_owner: boolean;
  permission: string | null;
};

/** A team whose owner made an agent; Ann (its per-agent admin, a plain member of the team) and more. */
async function agentWithAdmin() {
  const works = await team('Candidate Works');
  const joinNamed = async (realName: string): Promise<Person> => {
    const who = await person();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', works.owner.token, {
      is_reset: 0,
    });
    await data('POST', '/api/team/join-team', who.token, { invite_code, real_name: realName });
    return who;
  };
  const ann = await joinNamed('Ann Admin');
  const bob = await joinNamed('Bob 100%_sure');
  const cat = await joinNamed('Cat Viewer');
  const { id } = await agent(works.owner.token, { name: 'Picker' });
  await data('POST', '/api/agent/add-agent-members', works.owner.token, {
    id,
    user_ids: [ann.id],
    permission: 'admin',
  });
  await data('POST', '/api/agent/add-agent-members', works.owner.token, {
    id,
    user_ids: [cat.id],
    permission: 'viewer',
  });
  return { ...works, id, ann, bob, cat };
}

const candidates = async (token: string, id: number, query = '') =>
  (await data('GET', `/api/agent/get-agent-candidates?id=${id}${query}`, token)) as {
    data: Candidate[];
    total: number;
  };

describe('choosing people for an agent', () => {
  it('lets a per-agent admin who manages nothing in the team list its members, with their place on the agent and masked contacts', async () => {
    const { owner, id, ann, bob, cat } = await agentWithAdmin();
    // The team's own member list stays closed to them.
    expect((await call('GET', '/api/team/user-list', ann.token)).status).toBe(403);

    const page = await candidates(ann.token, id);
    expect(page.total).toBe(4);
    expect(page.data.map((row) => [row.user_id, row.is_owner, row.permission])).toEqual([
      [owner.id, true, null],
      [ann.id, false, 'admin'],
      [bob.id, false, null],
      [cat.id, false, 'viewer'],
    ]);
    // Her own address is hers to read whole; everyone else's is masked to her.
    expect(page.data[1]).toMatchObject({ name: 'Ann Admin', email: ann.email, phone: '' });
    expect(page.data[2]).toMatchObject({ email: maskEmail(bob.email) });
    // Someone known by no name is shown by their masked address, never the whole of it.
    expect(page.data[0]).toMatchObject({ name: maskEmail(owner.email), email: maskEmail(owner.email) });
    expect(JSON.stringify(page)).not.toContain(owner.email);

    // What they find they may add.
    await data('POST', '/api/agent/add-agent-members', ann.token, {
      id,
      user_ids: [bob.id],
      permission: 'editor',
    });
    expect((await candidates(ann.token, id)).data[2]).toMatchObject({
      user_id: bob.id,
      permission: 'editor',
    });
  });

  it('pages, and searches names by substring (wildcards taken literally) but addresses only whole', async () => {
    const { id, ann, bob, cat } = await agentWithAdmin();
    const second = await candidates(ann.token, id, '&page=2&page_size=3');
    expect([second.total, second.data.map((row) => row.user_id)]).toEqual([4, [cat.id]]);
    expect(await candidates(ann.token, id, '&page=9&page_size=3')).toEqual({ data: [], total: 4 });

    const ids = async (keyword: string) =>
      (await candidates(ann.token, id, `&keyword=${encodeURIComponent(keyword)}`)).data.map(
        (row) => row.user_id,
      );
    expect(await ids('viewer')).toEqual([cat.id]);
    expect(await ids('100%_')).toEqual([bob.id]);
    expect(await ids('%')).toEqual([bob.id]);
    expect(await ids('_')).toEqual([bob.id]);
    expect(await ids(bob.email.toUpperCase())).toEqual([bob.id]);
    expect(await ids(bob.email.slice(0, 6))).toEqual([]);
    expect(await ids('nobody at all')).toEqual([]);
  });

  it('answers a page with one query, however many people are on it', async () => {
    const { id, ann } = await agentWithAdmin();
    const context = await loadAgent(ctx.database.db, { id }, ann.id);
    const select = vi.spyOn(ctx.database.db, 'select');
    try {
      const page = await listAgentCandidates(
        ctx.database.db,
        context.agent,
        { page: 1, page_size: 20, keyword: '' },
        ann.id,
      );
      expect(page.data).toHaveLength(4);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it('is closed to editors and viewers, hides the agent from outsiders, and refuses bad queries', async () => {
    const { owner, id, cat } = await agentWithAdmin();
    const outsider = (await team('Elsewhere')).owner;
    expect((await call('GET', `/api/agent/get-agent-candidates?id=${id}`, cat.token)).body.code).toBe(1003);
    expect((await call('GET', `/api/agent/get-agent-candidates?id=${id}`, outsider.token)).body.code).toBe(
      2103,
    );
    expect((await call('GET', `/api/agent/get-agent-candidates?id=${id}`)).status).toBe(401);
    for (const query of [
      'id=abc',
      `id=${id}&page=0`,
      `id=${id}&page_size=1000`,
      `id=${id}&keyword=${'x'.repeat(101)}`,
    ]) {
      const answer = await call('GET', `/api/agent/get-agent-candidates?${query}`, owner.token);
      expect([query, answer.status, answer.body.code]).toEqual([query, 400, 1001]);
    }
  });
});
