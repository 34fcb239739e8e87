import { describe, expect, it } from 'vitest';
import type { Method, Person } from '../../../test/agents.ts';
import { tinyPng } from '../../../test/factories.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { ProjectAbility } from './policy.ts';

const ctx = useTestApp();
const { call, data, team, project, doc, uploadInto } = projectApi(ctx);

/** The people of docs/decisions.md's matrix ("Projects and documents"). */
type Actor =
  | 'creator'
  | 'teamOwner'
  | 'teamAdmin'
  | 'projectAdmin'
  | 'projectEditor'
  | 'projectViewer'
  | 'publicEditor'
  | 'publicViewer'
  | 'privateMember'
  | 'otherTeam'
  | 'leaver'
  | 'anonymous';

/** What a route needs: a team of one's own, or an ability on the project. */
type Level = 'team' | ProjectAbility;

const PASSES: Record<Actor, Level[]> = {
  creator: ['team', 'view', 'edit', 'manage', 'delete'],
  teamOwner: ['team', 'view', 'edit', 'manage', 'delete'],
  teamAdmin: ['team', 'view', 'edit', 'manage', 'delete'],
  projectAdmin: ['team', 'view', 'edit', 'manage'],
  projectEditor: ['team', 'view', 'edit'],
  projectViewer: ['team', 'view'],
  publicEditor: ['team', 'view', 'edit'],
  publicViewer: ['team', 'view'],
  privateMember: ['team'],
  otherTeam: ['team'],
  leaver: ['team'],
  anonymous: [],
};

/**
 * Which project each person meets: a team-private one (members by their own permission), or one open
 * to the whole team as editors or as viewers.
 */
type Setting = 'private' | 'publicEditor' | 'publicViewer';
const SETTING_OF: Partial<Record<Actor, Setting>> = {
  publicEditor: 'publicEditor',
  publicViewer: 'publicViewer',
};
const BODY_OF_SETTING: Record<Setting, Record<string, unknown>> = {
  private: { access: 'team_private' },
  publicEditor: { access: 'team_public', team_permission: 'editor' },
  publicViewer: { access: 'team_public', team_permission: 'viewer' },
};

async function people() {
  const { owner: teamOwner, member, teamId } = await team('Matrix Projects');
  const joined: Person[] = [];
  while (joined.length < 7) joined.push(await member());
  const [creator, teamAdmin, projectAdmin, projectEditor, projectViewer, plain, leaver] = joined as [
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
  ];
  await data('POST', '/api/team/set-admin', teamOwner.token, { user_id: teamAdmin.id, is_admin: 1 });
  const actors: Record<Actor, Person | undefined> = {
    creator,
    teamOwner,
    teamAdmin,
    projectAdmin,
    projectEditor,
    projectViewer,
    publicEditor: plain,
    publicViewer: plain,
    privateMember: plain,
    otherTeam: (await team('Elsewhere Projects')).owner,
    leaver,
    anonymous: undefined,
  };
  let hasLeft = false;
  /** A project of the creator's, its members set (the leaver too, before they left), with a group holding a document. */
  const fixture = async (setting: Setting) => {
    const { id, code } = await project(creator.token, BODY_OF_SETTING[setting]);
    for (const [who, permission] of [
      [projectAdmin, 'admin'],
      [projectEditor, 'editor'],
      [projectViewer, 'viewer'],
      ...(hasLeft ? [] : [[leaver, 'admin'] as const]),
    ] as const) {
      await data('POST', '/api/project/set-project-member', creator.token, {
        project_id: id,
        user_id: who.id,
        permission,
      });
    }
    const group = await doc(creator.token, id, { kind: 'group', name: 'Group' });
    const docId = await doc(creator.token, id, { parent: group, name: 'Page' });
    return { id, code, name: 'Handbook', group, docId };
  };
  const fixtures = {
    private: await fixture('private'),
    publicEditor: await fixture('publicEditor'),
    publicViewer: await fixture('publicViewer'),
  };
  await data('POST', '/api/team/leave-team', leaver.token);
  hasLeft = true;
  return { actors, fixture, fixtures, teamId, creator };
}

type Fixture = Awaited<ReturnType<typeof people>>['fixtures']['private'];
type Route = {
  method: Method;
  url: (f: Fixture) => string;
  level: Level;
  /** What is refused to someone who cannot see the project: the project's or the document's 404. */
  notFound?: 2207 | 2201;
  body?: (f: Fixture) => object | Promise<object>;
  /** Acts on a fresh project, so one caller who may does not take it from the next. */
  fresh?: boolean;
  upload?: true;
};

describe('who may call what on a project', () => {
  it('answers every project and catalogue route as the matrix in docs/decisions.md says', async () => {
    const { actors, fixture, fixtures, creator } = await people();
    const ROUTES: Route[] = [
      {
        method: 'POST',
        url: () => '/api/project/create-project',
        level: 'team',
        body: () => ({ name: 'Mine', cover: 'random:x' }),
      },
      { method: 'GET', url: () => '/api/project/get-project-list?page=1&page_size=10', level: 'team' },
      { method: 'GET', url: (f) => `/api/project/get-project-info?uniq_code=${f.code}`, level: 'view' },
      { method: 'GET', url: (f) => `/api/project/get-project-members?project_id=${f.id}`, level: 'view' },
      { method: 'GET', url: (f) => `/api/knowledge/get-doc-tree?project_id=${f.id}`, level: 'view' },
      { method: 'GET', url: (f) => `/api/knowledge/search?project_id=${f.id}&query=page`, level: 'view' },
      {
        method: 'POST',
        url: () => '/api/project/update-project',
        level: 'manage',
        body: (f) => ({ id: f.id, description: 'changed' }),
      },
      {
        method: 'POST',
        url: () => '/api/project/set-project-member',
        level: 'manage',
        body: (f) => ({ project_id: f.id, user_id: creator.id, permission: null }),
      },
      {
        method: 'GET',
        url: (f) => `/api/project/get-project-candidates?project_id=${f.id}&page=1&page_size=10`,
        level: 'manage',
      },
      {
        method: 'POST',
        url: () => '/api/project/delete-project',
        level: 'delete',
        body: (f) => ({ id: f.id, confirm_name: f.name }),
        fresh: true,
      },
      {
        method: 'POST',
        url: () => '/api/knowledge/create-doc',
        level: 'edit',
        body: (f) => ({ project_id: f.id, parent_id: f.group, kind: 'doc' }),
      },
      {
        method: 'POST',
        url: () => '/api/knowledge/move-doc',
        level: 'edit',
        notFound: 2201,
        body: (f) => ({ ids: [f.docId], parent_id: f.group, index: 0 }),
      },
      {
        method: 'POST',
        url: () => '/api/knowledge/rename-doc',
        level: 'edit',
        notFound: 2201,
        body: (f) => ({ id: f.docId, name: 'Page' }),
      },
      {
        method: 'POST',
        url: () => '/api/knowledge/copy-doc',
        level: 'edit',
        notFound: 2201,
        body: (f) => ({ id: f.docId }),
      },
      {
        method: 'POST',
        url: () => '/api/knowledge/share-doc',
        level: 'edit',
        notFound: 2201,
        body: (f) => ({ doc_id: f.docId, enabled: false }),
      },
      {
        method: 'DELETE',
        url: () => '/api/knowledge/delete-doc',
        level: 'edit',
        notFound: 2201,
        body: async (f) => ({ ids: [await doc(creator.token, f.id, { parent: f.group })] }),
      },
      { method: 'POST', url: () => '/api/upload/upload_img', level: 'edit', notFound: 2201, upload: true },
    ];

    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const [name, user] of Object.entries(actors) as [Actor, Person | undefined][]) {
        const setting = SETTING_OF[name] ?? 'private';
        const target = route.fresh ? await fixture(setting) : fixtures[setting];
        const answer = route.upload
          ? await uploadInto(user?.token, target.docId, tinyPng()).then((reply) => ({
              status: reply.statusCode,
              body: reply.json(),
            }))
          : await call(route.method, route.url(target), user?.token, await route.body?.(target));
        const passes = PASSES[name].includes(route.level);
        const seesIt = PASSES[name].includes('view');
        const expected = passes
          ? [200, 0]
          : !user
            ? [401, 1010]
            : seesIt
              ? [403, 1003]
              : [404, route.notFound ?? 2207];
        if (answer.status !== expected[0] || answer.body.code !== expected[1]) {
          failures.push(
            `${route.method} ${route.url(target)} as ${name}: ${answer.status} ${answer.body.code}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lists to each person only the projects they may see', async () => {
    const { actors, fixtures } = await people();
    const listed = async (who: Person) =>
      (await data('GET', '/api/project/get-project-list?page=1&page_size=50', who.token)).data
        .map((item: { id: number }) => item.id)
        .sort();
    const all = [fixtures.private.id, fixtures.publicEditor.id, fixtures.publicViewer.id].sort();
    for (const name of ['creator', 'teamOwner', 'teamAdmin', 'projectAdmin', 'projectViewer'] as const) {
      expect(await listed(actors[name]!), name).toEqual(all);
    }
    expect(await listed(actors.privateMember!)).toEqual(
      [fixtures.publicEditor.id, fixtures.publicViewer.id].sort(),
    );
    expect(await listed(actors.otherTeam!)).toEqual([]);
    expect(await listed(actors.leaver!)).toEqual([]);
  });
});
