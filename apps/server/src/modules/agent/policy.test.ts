// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { AGENT_ACCESS, AGENT_STATUSES } from '@tandem/contract/agent-rules';
import { describe, expect, it } from 'vitest';
import { agentAbilities, agentRole, type PolicyActor, type PolicyAgent } from './policy.ts';

const OWNER = 1;
const agentWith = (overrides: Partial<PolicyAgent> = {}): PolicyAgent => ({
  ownerId: OWNER,
  access: 'team_private',
  status: 'published',
  ...overrides,
});
const member = (overrides: Partial<PolicyActor> = {}): PolicyActor => ({
  userId: 2,
  teamRoles: [],
  permission: null,
  ...overrides,
});

describe('the agent policy', () => {
  it('names the caller’s strongest role', () => {
    const agent = agentWith();
    expect(agentRole(agent, member({ userId: OWNER }))).toBe('owner');
    expect(agentRole(agent, member({ teamRoles: ['team_admin', 'team_manage'], permission: 'viewer' }))).toBe(
      'manager',
    );
    expect(agentRole(agent, member({ permission: 'editor' }))).toBe('editor');
    expect(agentRole(agent, member())).toBe('member');
    expect(agentRole(agent, member({ teamRoles: null, permission: 'admin' }))).toBe('visitor');
    expect(agentRole(agent, { teamRoles: null, permission: null })).toBe('visitor');
  });

  it('lets people use only a published agent, whatever their role', () => {
    for (const status of AGENT_STATUSES) {
      for (const access of AGENT_ACCESS) {
        const owner = agentAbilities(agentWith({ status, access }), member({ userId: OWNER }));
        expect(owner.use, `${status} ${access}`).toBe(status === 'published');
        expect(owner.edit).toBe(true);
      }
    }
  });

  it('opens a published agent to the team or the web as its access says', () => {
    const use = (access: PolicyAgent['access'], actor: PolicyActor) =>
      agentAbilities(agentWith({ access }), actor).use;
    const visitor: PolicyActor = { teamRoles: null, permission: null };
    expect([
      use('team_private', member()),
      use('team_public', member()),
      use('web_public', member()),
    ]).toEqual([false, true, true]);
    expect([use('team_private', visitor), use('team_public', visitor), use('web_public', visitor)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(use('team_private', member({ permission: 'viewer' }))).toBe(true);
  });

  it('lets the owner, the team’s managers and per-agent admins analyse the agent, and no one else', () => {
    const analyse = (actor: PolicyActor) => agentAbilities(agentWith(), actor).analyse;
    expect([
      analyse(member({ userId: OWNER })),
      analyse(member({ teamRoles: ['team_admin'] })),
      analyse(member({ permission: 'admin' })),
    ]).toEqual([true, true, true]);
    expect([
      analyse(member({ permission: 'editor' })),
      analyse(member({ permission: 'viewer' })),
      analyse(member()),
      analyse({ teamRoles: null, permission: null }),
    ]).toEqual([false, false, false, false]);
  });

  it('forgets a member’s permission once they have left the team', () => {
    const left = member({ teamRoles: null, permission: 'admin' });
    expect(agentAbilities(agentWith(), left)).toEqual({
      use: false,
      edit: false,
      publish: false,
      share: false,
      manage_members: false,
      analyse: false,
      delete: false,
      transfer: false,
    });
  });
});
