import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { pdfApi, textPdf } from '../../../test/pdfs.ts';
import { projectApi } from '../../../test/projects.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, project, doc } = projectApi(ctx);

const listOf = async (token: string, query = '') =>
  data('GET', `/api/project/get-project-list?page=1&page_size=20${query}`, token);

describe('projects', () => {
  it('creates a project in the current team and lists it with its documents and PDFs counted, groups not', async () => {
    const { owner } = await team('Project Works');
    const { id, code } = await project(owner.token, {
      name: ' Field guide ',
      description: 'How we work',
      cover: 'random:a1B2',
    });
    const group = await doc(owner.token, id, { kind: 'group', name: 'Chapter' });
    await doc(owner.token, id, { parent: group });
    await doc(owner.token, id);
    await pdfApi(ctx).uploaded(owner.token, id, await textPdf(['Field notes.']));

    const list = await listOf(owner.token);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id,
      uniq_code: code,
      name: 'Field guide',
      description: 'How we work',
      cover: 'random:a1B2',
      doc_count: 3,
      visited_at: null,
      role: 'owner',
      access: 'team_public',
      team_permission: 'editor',
    });
  });

  it('refuses a name past 50 characters, an empty one and a missing or foreign cover', async () => {
    const { owner } = await team();
    const create = (body: object) => call('POST', '/api/project/create-project', owner.token, body);
    const refused = [
      await create({ name: 'x'.repeat(51), cover: 'gallery:work/2' }),
      await create({ name: '   ', cover: 'gallery:work/2' }),
      await create({ name: 'Plans' }),
      await create({ name: 'Plans', cover: 'https://example.com/x.png' }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(Array(4).fill([400, 1001]));
    expect((await create({ name: '五'.repeat(50), cover: 'gallery:work/8' })).status).toBe(200);
  });

  it('searches name and description, and lists recently visited projects by visit', async () => {
    const { owner } = await team();
    const first = await project(owner.token, { name: 'Roadmap', description: 'quarterly goals' });
    const second = await project(owner.token, { name: 'Onboarding', description: 'first week 100%' });
    await project(owner.token, { name: 'Untouched' });

    expect((await listOf(owner.token, '&keyword=QUARTERLY')).data.map((p: { id: number }) => p.id)).toEqual([
      first.id,
    ]);
    expect((await listOf(owner.token, '&keyword=100%25')).data.map((p: { id: number }) => p.id)).toEqual([
      second.id,
    ]);

    for (const code of [second.code, first.code]) {
      await data('GET', `/api/project/get-project-info?uniq_code=${code}`, owner.token);
    }
    const recent = await listOf(owner.token, '&recent=1');
    expect(recent.total).toBe(2);
    expect(recent.data.map((p: { id: number }) => p.id)).toEqual([first.id, second.id]);
    expect(recent.data[0].visited_at).not.toBeNull();
    // Without recent, the latest changed comes first.
    expect((await listOf(owner.token)).data[0].name).toBe('Untouched');
  });

  it('shows the project info with the caller’s role, and updates it for its managers', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const { id, code } = await project(owner.token, { team_permission: 'viewer' });
    const info = await data('GET', `/api/project/get-project-info?uniq_code=${code}`, colleague.token);
    expect(info).toMatchObject({ id, role: 'viewer', team_permission: 'viewer' });

    await data('POST', '/api/project/update-project', owner.token, {
      id,
      name: 'Renamed',
      description: 'New words',
      cover: 'gallery:scenery/3',
    });
    const after = await data('GET', `/api/project/get-project-info?uniq_code=${code}`, owner.token);
    expect(after).toMatchObject({ name: 'Renamed', description: 'New words', cover: 'gallery:scenery/3' });
    const unknown = await call('GET', '/api/project/get-project-info?uniq_code=nothing-here', owner.token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 2207]);
  });

  it('deletes a project only when the typed name matches, telling its team', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const stranger = (await team('Elsewhere')).owner;
    const { id } = await project(owner.token, { name: 'Archive' });
    const docId = await doc(owner.token, id);
    const colleaguePage = await signedInRealtimeClient(ctx.app, colleague.token, colleague.id);
    const strangerPage = await signedInRealtimeClient(ctx.app, stranger.token, stranger.id);

    const wrong = await call(
      'POST',
      '/api/project/delete-project',
      owner.token,
      { id, confirm_name: 'archive' },
      {
        'accept-language': 'en-US',
      },
    );
    expect([wrong.status, wrong.body.code, wrong.body.msg]).toEqual([
      400,
      2205,
      'The project name is incorrect, so it cannot be deleted.',
    ]);
    await data('POST', '/api/project/delete-project', owner.token, { id, confirm_name: 'Archive' });
    await eventually(() =>
      expect(colleaguePage.notifications).toEqual([
        { type: 'SA:knowledge_deleted', knowledge_id: id, timestamp: expect.any(Number) },
      ]),
    );
    expect(strangerPage.notifications).toEqual([]);
    expect((await listOf(owner.token)).total).toBe(0);
    const tree = await call('GET', `/api/knowledge/get-doc-tree?project_id=${id}`, owner.token);
    expect([tree.status, tree.body.code]).toEqual([404, 2207]);
    const gone = await call('POST', '/api/knowledge/rename-doc', owner.token, { id: docId, name: 'x' });
    expect(gone.body.code).toBe(2201);
  });

  it('keeps members to the project’s team, lists them, and takes them off with permission null', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const stranger = (await team('Elsewhere')).owner;
    const { id } = await project(owner.token, { access: 'team_private' });
    const set = (userId: number, permission: string | null) =>
      call('POST', '/api/project/set-project-member', owner.token, {
        project_id: id,
        user_id: userId,
        permission,
      });

    expect((await set(colleague.id, 'editor')).status).toBe(200);
    const refused = await set(stranger.id, 'viewer');
    expect([refused.status, refused.body.code]).toEqual([400, 2209]);
    const members = await data('GET', `/api/project/get-project-members?project_id=${id}`, colleague.token);
    expect(members).toEqual([
      { user_id: colleague.id, name: expect.any(String), avatar: '', permission: 'editor' },
    ]);
    const info = await data('GET', `/api/project/get-project-list?page=1&page_size=5`, colleague.token);
    expect(info.data[0]).toMatchObject({ id, role: 'editor' });

    await set(colleague.id, null);
    expect((await listOf(colleague.token)).total).toBe(0);
  });

  it('lets a project admin who is no team manager choose people of the team to add', async () => {
    const { owner, member } = await team();
    const admin = await member();
    const colleague = await member();
    const stranger = (await team('Elsewhere')).owner;
    const { id } = await project(owner.token, { access: 'team_private' });
    const set = (token: string, userId: number, permission: string | null) =>
      data('POST', '/api/project/set-project-member', token, { project_id: id, user_id: userId, permission });
    await set(owner.token, admin.id, 'admin');
    const candidates = (token: string, query = '&page=1&page_size=10') =>
      call('GET', `/api/project/get-project-candidates?project_id=${id}${query}`, token);

    const answer = await candidates(admin.token);
    const page = answer.body.data;
    expect(page.total).toBe(3);
    expect(
      page.data.map((person: { user_id: number; is_owner: boolean; permission: string | null }) => [
        person.user_id,
        person.is_owner,
        person.permission,
      ]),
    ).toEqual([
      [owner.id, true, null],
      [admin.id, false, 'admin'],
      [colleague.id, false, null],
    ]);
    expect(page.data.map((person: { user_id: number }) => person.user_id)).not.toContain(stranger.id);

    await set(admin.token, colleague.id, 'viewer');
    const named = (
      await candidates(admin.token, `&page=1&page_size=10&keyword=${encodeURIComponent(colleague.email)}`)
    ).body.data;
    expect(named.data).toEqual([expect.objectContaining({ user_id: colleague.id, permission: 'viewer' })]);
    const second = (await candidates(admin.token, '&page=2&page_size=2')).body.data;
    expect([second.total, second.data.map((person: { user_id: number }) => person.user_id)]).toEqual([
      3,
      [colleague.id],
    ]);

    const refused = await candidates(colleague.token);
    expect([refused.status, refused.body.code]).toEqual([403, 1003]);
  });

  it('answers 400 naming the field for ids past the database’s integer', async () => {
    const { owner } = await team();
    for (const [method, url, body] of [
      ['POST', '/api/project/update-project', { id: 2 ** 31, name: 'x' }],
      ['GET', `/api/project/get-project-members?project_id=${2 ** 31}`, undefined],
      ['POST', '/api/project/delete-project', { id: 2 ** 31, confirm_name: 'x' }],
    ] as const) {
      const answer = await call(method, url, owner.token, body);
      expect([answer.status, answer.body.code], url).toEqual([400, 1001]);
    }
  });
});
