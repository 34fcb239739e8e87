import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { projectApi } from '../../../test/projects.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documents } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team, project, doc, tree, outline, writeState, stateOf } = projectApi(ctx);

/** A project of a new team with documents A, B and a group G holding G1 and a group H holding H1. */
async function catalogue() {
  const { owner, member } = await team('Tree Works');
  const { id: projectId } = await project(owner.token);
  const a = await doc(owner.token, projectId, { name: 'A' });
  const b = await doc(owner.token, projectId, { name: 'B' });
  const g = await doc(owner.token, projectId, { name: 'G', kind: 'group' });
  const g1 = await doc(owner.token, projectId, { name: 'G1', parent: g });
  const h = await doc(owner.token, projectId, { name: 'H', kind: 'group', parent: g });
  const h1 = await doc(owner.token, projectId, { name: 'H1', parent: h });
  return { owner, member, projectId, ids: { a, b, g, g1, h, h1 } };
}

const move = (token: string, ids: number[], parentId: number | null, index: number) =>
  call('POST', '/api/knowledge/move-doc', token, { ids, parent_id: parentId, index });

describe('the catalogue', () => {
  it('lists the tree nested, siblings in order, with ids, codes, kinds and update times', async () => {
    const { owner, projectId, ids } = await catalogue();
    const nodes = await tree(owner.token, projectId);
    expect(outline(nodes)).toEqual(['A', 'B', ['G', ['G1', ['H', ['H1']]]]]);
    expect(nodes[2]).toMatchObject({ id: ids.g, parentId: null, kind: 'group', sort: expect.any(Number) });
    expect(nodes[2]?.children[0]).toMatchObject({
      id: ids.g1,
      uniq_code: expect.stringMatching(/^[\w-]{16}$/),
      name: 'G1',
      parentId: ids.g,
      kind: 'doc',
      updated_at: expect.any(String),
      children: [],
    });
  });

  it('answers each change at once though the tree is cached, a save elsewhere included', async () => {
    const { owner, projectId, ids } = await catalogue();
    const listed = async () => outline(await tree(owner.token, projectId));
    expect(await listed()).toEqual(['A', 'B', ['G', ['G1', ['H', ['H1']]]]]);
    await move(owner.token, [ids.b], null, 0);
    expect(await listed()).toEqual(['B', 'A', ['G', ['G1', ['H', ['H1']]]]]);
    await move(owner.token, [ids.a], null, 0);
    expect(await listed()).toEqual(['A', 'B', ['G', ['G1', ['H', ['H1']]]]]);
    await data('POST', '/api/knowledge/rename-doc', owner.token, { id: ids.h1, name: 'H one' });
    expect(await listed()).toEqual(['A', 'B', ['G', ['G1', ['H', ['H one']]]]]);
    // The collaboration server's save moves the document's updated_at, which the tree shows.
    const before = (await tree(owner.token, projectId))[0]!.updated_at;
    await ctx.database.db
      .update(documents)
      .set({ updatedAt: sql`now() + interval '1 minute'` })
      .where(eq(documents.id, ids.a));
    expect((await tree(owner.token, projectId))[0]!.updated_at).not.toBe(before);
  });

  it('names an unnamed document empty (each screen shows "Untitled") and cleans names as the spec says', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const unnamed = await doc(owner.token, projectId);
    const messy = await doc(owner.token, projectId, { name: '  Plan/2026: 计划*v1.2 <b>  ' });
    await data('POST', '/api/knowledge/rename-doc', owner.token, { id: unnamed, name: 'Notes?!' });
    const names = (await tree(owner.token, projectId)).map((node) => [node.id, node.name]);
    expect(names).toEqual([
      [unnamed, 'Notes--'],
      [messy, 'Plan-2026- 计划-v1.2 -b-'],
    ]);
    const blank = await call('POST', '/api/knowledge/rename-doc', owner.token, { id: messy, name: '   ' });
    expect([blank.status, blank.body.code]).toEqual([400, 1001]);
  });

  it('puts documents only into groups of the same project', async () => {
    const { owner, projectId, ids } = await catalogue();
    const other = await project(owner.token, { name: 'Other' });
    const intoDoc = await call('POST', '/api/knowledge/create-doc', owner.token, {
      project_id: projectId,
      parent_id: ids.a,
      kind: 'doc',
    });
    expect([intoDoc.status, intoDoc.body.code]).toEqual([400, 2208]);
    const elsewhere = await call('POST', '/api/knowledge/create-doc', owner.token, {
      project_id: other.id,
      parent_id: ids.g,
      kind: 'doc',
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 2201]);
    expect((await move(owner.token, [ids.b], ids.a, 0)).body.code).toBe(2208);
  });

  it('moves items to an index, keeping their order, and never into themselves or their children', async () => {
    const { owner, projectId, ids } = await catalogue();
    for (const [target, moved] of [
      [ids.g, [ids.g]],
      [ids.h, [ids.g]],
      [ids.h, [ids.a, ids.g]],
    ] as const) {
      const refused = await move(owner.token, [...moved], target, 0);
      expect([refused.status, refused.body.code]).toEqual([400, 2206]);
    }
    expect(outline(await tree(owner.token, projectId))).toEqual(['A', 'B', ['G', ['G1', ['H', ['H1']]]]]);

    // Given in any order, A and H1 land where H was asked for, in the order the catalogue read them.
    expect((await move(owner.token, [ids.h1, ids.a], ids.g, 1)).status).toBe(200);
    expect(outline(await tree(owner.token, projectId))).toEqual(['B', ['G', ['G1', 'A', 'H1', ['H', []]]]]);
    // To the root's start, and past the end (appends).
    await move(owner.token, [ids.h], null, 0);
    await move(owner.token, [ids.b], null, 99);
    expect(outline(await tree(owner.token, projectId))).toEqual([['H', []], ['G', ['G1', 'A', 'H1']], 'B']);
    // A group moved with one of its own children takes the child along.
    await move(owner.token, [ids.g1, ids.g], ids.h, 0);
    expect(outline(await tree(owner.token, projectId))).toEqual([['H', [['G', ['G1', 'A', 'H1']]]], 'B']);
  });

  it('keeps order through many moves into the same gap', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const first = await doc(owner.token, projectId, { name: 'first' });
    const last = await doc(owner.token, projectId, { name: 'last' });
    const names: string[] = [];
    // Each lands right after `first`, halving the gap until the siblings are numbered afresh.
    for (let n = 0; n < 40; n++) {
      const id = await doc(owner.token, projectId, { name: `n${n}` });
      await move(owner.token, [id], null, 1);
      names.unshift(`n${n}`);
    }
    const nodes = await tree(owner.token, projectId);
    expect(nodes.map((node) => node.name)).toEqual(['first', ...names, 'last']);
    expect([nodes[0]?.id, nodes.at(-1)?.id]).toEqual([first, last]);
  });

  it('copies a group deeply, states included, right after the original', async () => {
    const { owner, projectId, ids } = await catalogue();
    await writeState(ids.h1, 300);
    const copy = await data('POST', '/api/knowledge/copy-doc', owner.token, { id: ids.g });
    await data('POST', '/api/knowledge/copy-doc', owner.token, { id: ids.a });
    const nodes = await tree(owner.token, projectId);
    expect(outline(nodes)).toEqual([
      'A',
      'A copy',
      'B',
      ['G', ['G1', ['H', ['H1']]]],
      ['G copy', ['G1', ['H', ['H1']]]],
    ]);
    const copied = nodes[4]!;
    expect(copied.id).toBe(copy.id);
    expect(copied.uniq_code).toBe(copy.uniq_code);
    const h1Copy = copied.children[1]!.children[0]!;
    expect(h1Copy.id).not.toBe(ids.h1);
    expect(await stateOf(h1Copy.id)).toBe(300);
  });

  it('names a copy in the caller’s language', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const id = await doc(owner.token, projectId, { name: '周报' });
    const copy = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge/copy-doc',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'zh-CN' },
      payload: { id },
    });
    expect(copy.statusCode).toBe(200);
    expect((await tree(owner.token, projectId)).map((node) => node.name)).toEqual(['周报', '周报 副本']);
  });

  it('deletes a group with everything in it, telling the team of each; their states go once the trash is emptied', async () => {
    const { owner, member, projectId, ids } = await catalogue();
    const colleague = await member();
    await writeState(ids.h1, 100);
    const page = await signedInRealtimeClient(ctx.app, colleague.token, colleague.id);

    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [ids.h, ids.a] });
    expect(outline(await tree(owner.token, projectId))).toEqual(['B', ['G', ['G1']]]);
    // In the trash (restorable) until deleted for good.
    expect(await stateOf(ids.h1)).toBe(100);
    await data('DELETE', '/api/knowledge/purge-doc', owner.token, { ids: [ids.h, ids.a] });
    expect(await stateOf(ids.h1)).toBeUndefined();
    await eventually(() => expect(page.notifications).toHaveLength(3));
    expect(page.notifications.map((n) => n.document_id).sort()).toEqual([ids.a, ids.h, ids.h1].sort());
    expect(page.notifications[0]).toEqual({
      type: 'SA:document_deleted',
      document_id: expect.any(Number),
      knowledge_id: projectId,
      timestamp: expect.any(Number),
    });
  });

  it('refuses ids of two projects at once, unknown ids and ids past 2^31', async () => {
    const { owner, projectId, ids } = await catalogue();
    const other = await project(owner.token, { name: 'Other' });
    const foreign = await doc(owner.token, other.id);
    const mixed = await call('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [ids.a, foreign] });
    expect([mixed.status, mixed.body.code]).toEqual([404, 2201]);
    const unknown = await move(owner.token, [ids.a, 2_000_000_000], null, 0);
    expect([unknown.status, unknown.body.code]).toEqual([404, 2201]);
    for (const [method, url, body] of [
      ['POST', '/api/knowledge/move-doc', { ids: [2 ** 31], parent_id: null, index: 0 }],
      ['POST', '/api/knowledge/move-doc', { ids: [ids.a], parent_id: 2 ** 31, index: 0 }],
      ['POST', '/api/knowledge/rename-doc', { id: 2 ** 31, name: 'x' }],
      ['POST', '/api/knowledge/copy-doc', { id: 2 ** 31 }],
      ['DELETE', '/api/knowledge/delete-doc', { ids: [2 ** 31] }],
      ['POST', '/api/knowledge/share-doc', { doc_id: 2 ** 31, enabled: true }],
      ['POST', '/api/knowledge/create-doc', { project_id: 2 ** 31, parent_id: null, kind: 'doc' }],
      ['GET', `/api/knowledge/get-doc-tree?project_id=${2 ** 31}`, undefined],
    ] as const) {
      const answer = await call(method, url, owner.token, body);
      expect([answer.status, answer.body.code], url).toEqual([400, 1001]);
    }
    expect(outline(await tree(owner.token, projectId))).toHaveLength(3);
  });

  it('turns a share link on with a new code each time, and off', async () => {
    const { owner, ids } = await catalogue();
    const share = (enabled: boolean) =>
      data('POST', '/api/knowledge/share-doc', owner.token, { doc_id: ids.a, enabled });
    const first = await share(true);
    const second = await share(true);
    expect(first.share_code).toMatch(/^[\w-]{16}$/);
    expect(second.share_code).not.toBe(first.share_code);
    expect(await share(false)).toEqual({ share_code: null });
  });
});
