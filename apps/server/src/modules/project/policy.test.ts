import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents, projectMembers, projects } from '../../db/schema.ts';
import {
  documentAccess,
  mayDo,
  type PolicyActor,
  type PolicyProject,
  projectAccess,
  projectRole,
} from './policy.ts';

const CREATOR = 1;
const project = (overrides: Partial<PolicyProject> = {}): PolicyProject => ({
  ownerId: CREATOR,
  access: 'team_public',
  teamPermission: 'editor',
  ...overrides,
});
const actor = (overrides: Partial<PolicyActor> = {}): PolicyActor => ({
  userId: 2,
  teamRoles: [],
  permission: null,
  ...overrides,
});

describe('the project policy', () => {
  it('makes the creator and the team’s owner and admins owners', () => {
    expect(projectRole(project(), actor({ userId: CREATOR }))).toBe('owner');
    expect(projectRole(project(), actor({ teamRoles: ['team_owner', 'team_manage'] }))).toBe('owner');
    expect(projectRole(project({ access: 'team_private' }), actor({ teamRoles: ['team_admin'] }))).toBe(
      'owner',
    );
  });

  it('gives a plain team member the team permission of a team-public project only', () => {
    expect(projectRole(project(), actor())).toBe('editor');
    expect(projectRole(project({ teamPermission: 'viewer' }), actor())).toBe('viewer');
    expect(projectRole(project({ access: 'team_private' }), actor())).toBeNull();
  });

  it('takes the stronger of a membership and the team permission', () => {
    const viewerMember = actor({ permission: 'viewer' });
    expect(projectRole(project(), viewerMember)).toBe('editor');
    expect(projectRole(project({ access: 'team_private' }), viewerMember)).toBe('viewer');
    expect(projectRole(project({ teamPermission: 'viewer' }), actor({ permission: 'admin' }))).toBe('admin');
  });

  it('forgets everything about someone outside the team, the creator included', () => {
    expect(projectRole(project(), actor({ teamRoles: null, permission: 'admin' }))).toBeNull();
    expect(projectRole(project(), actor({ userId: CREATOR, teamRoles: null }))).toBeNull();
  });

  it('ranks the abilities: view, edit, manage, delete', () => {
    const table = (['owner', 'admin', 'editor', 'viewer', null] as const).map((role) =>
      (['view', 'edit', 'manage', 'delete'] as const).map((ability) => mayDo(role, ability)),
    );
    expect(table).toEqual([
      [true, true, true, true],
      [true, true, true, false],
      [true, true, false, false],
      [true, false, false, false],
      [false, false, false, false],
    ]);
  });
});

const ctx = useTestApp();
const { team, data } = agentApi(ctx);

describe('projectAccess and documentAccess', () => {
  it('answer the role of a member of the team, and null once they have left it or for another team', async () => {
    const { owner, teamId, member } = await team('Policy Works');
    const [viewer, leaver] = [await member(), await member()];
    const outsider = (await team('Other Works')).owner;
    const { db } = ctx.database;
    const [row] = await db
      .insert(projects)
      .values({
        uniqCode: `p-${Date.now()}`,
        teamId,
        ownerId: owner.id,
        name: 'Handbook',
        cover: 'random:abc',
        access: 'team_private',
      })
      .returning({ id: projects.id });
    const projectId = row!.id;
    await db.insert(projectMembers).values([
      { projectId, userId: viewer.id, permission: 'viewer' },
      { projectId, userId: leaver.id, permission: 'admin' },
    ]);
    const [doc] = await db
      .insert(documents)
      .values({ uniqCode: `d-${Date.now()}`, projectId, kind: 'doc', name: 'Intro' })
      .returning({ id: documents.id });

    const grant = { projectId, teamId };
    expect(await projectAccess(db, owner.id, projectId)).toEqual({ role: 'owner', ...grant });
    expect(await documentAccess(db, viewer.id, doc!.id)).toEqual({ role: 'viewer', ...grant });
    expect(await documentAccess(db, leaver.id, doc!.id)).toEqual({ role: 'admin', ...grant });
    expect(await projectAccess(db, outsider.id, projectId)).toBeNull();
    expect(await documentAccess(db, owner.id, 2_000_000_000)).toBeNull();
    expect(await projectAccess(db, owner.id, 2_000_000_000)).toBeNull();

    await data('POST', '/api/team/leave-team', leaver.token);
    expect(await documentAccess(db, leaver.id, doc!.id)).toBeNull();
  });
});
