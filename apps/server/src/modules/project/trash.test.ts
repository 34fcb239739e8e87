import { KNOWLEDGE_API } from '@tandem/contract/api';
import { TRASH_API } from '@tandem/contract/document-trash';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgeApi } from '../../../test/knowledge.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { purgeExpiredTrash } from './trash.ts';

const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' });
const { call, data, team, project, doc, tree, docWith, found, settled } = knowledgeApi(ctx);

const outline = async (token: string, projectId: number) =>
  (await tree(token, projectId)).map((node) =>
    node.kind === 'group' ? [node.name, node.children.map((child) => child.name)] : node.name,
  );
const trashOf = async (token: string, projectId: number) =>
  (await data('GET', `${TRASH_API.list}?project_id=${projectId}`, token)).data as {
    id: number;
    name: string;
    kind: string;
    doc_count: number;
    deleted_at: string;
    purge_at: string;
    deleted_by: string;
  }[];
const remove = (token: string, ids: number[]) => data('DELETE', KNOWLEDGE_API.deleteDoc, token, { ids });

describe('the trash of a project', () => {
  it('keeps a deleted group with its documents out of sight for 30 days, and restores it where it was', async () => {
    const { owner } = await team('Trash Works');
    const { id: projectId } = await project(owner.token);
    const group = await doc(owner.token, projectId, { kind: 'group', name: 'Plans' });
    const inside = await docWith(owner.token, projectId, 'Roadmap', 'The zeppelin launches in spring.');
    await data('POST', KNOWLEDGE_API.moveDoc, owner.token, { ids: [inside], parent_id: group, index: 0 });
    await doc(owner.token, projectId, { name: 'Notes' });
    await settled(owner.token, projectId, [inside]);
    const { code: shareCode } = await data('POST', KNOWLEDGE_API.shareDoc, owner.token, {
      doc_id: inside,
      enabled: true,
    }).then((shared) => ({ code: shared.share_code as string }));
    const uniqCode = (await tree(owner.token, projectId))[0]!.children[0]!.uniq_code;
    expect(await found(owner.token, projectId, 'zeppelin')).toEqual(['Roadmap']);

    await remove(owner.token, [group]);
    expect(await outline(owner.token, projectId)).toEqual(['Notes']);
    const [entry, ...others] = await trashOf(owner.token, projectId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ id: group, name: 'Plans', kind: 'group', doc_count: 1 });
    // Who deleted it, their own address unmasked to themselves.
    expect(entry!.deleted_by).toBe(owner.email);
    const days = (Date.parse(entry!.purge_at) - Date.parse(entry!.deleted_at)) / 86_400_000;
    expect(days).toBe(30);
    // Out of reach: not found, not searched, its share link off.
    expect((await call('GET', `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}`, owner.token)).body.code).toBe(
      2201,
    );
    expect(
      (await call('GET', `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}&share_code=${shareCode}`)).status,
    ).not.toBe(200);
    expect(await found(owner.token, projectId, 'zeppelin')).toEqual([]);
    const list = await data('GET', '/api/project/get-project-list?page=1&page_size=20', owner.token);
    expect(list.data.find((item: { id: number }) => item.id === projectId).doc_count).toBe(1);

    await data('POST', TRASH_API.restore, owner.token, { ids: [group] });
    expect(await outline(owner.token, projectId)).toEqual([['Plans', ['Roadmap']], 'Notes']);
    expect(await trashOf(owner.token, projectId)).toEqual([]);
    await settled(owner.token, projectId, [inside]);
    expect(await found(owner.token, projectId, 'zeppelin')).toEqual(['Roadmap']);
    expect((await call('GET', `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}`, owner.token)).status).toBe(
      200,
    );
  });

  it('brings a document back to the top level when its group is gone, and deletes for good on demand', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const group = await doc(owner.token, projectId, { kind: 'group', name: 'Old' });
    const first = await doc(owner.token, projectId, { parent: group, name: 'First' });
    await doc(owner.token, projectId, { parent: group, name: 'Second' });
    await remove(owner.token, [first]);
    await remove(owner.token, [group]);
    expect((await trashOf(owner.token, projectId)).map((item) => [item.name, item.doc_count])).toEqual([
      ['Old', 1],
      ['First', 0],
    ]);

    await data('POST', TRASH_API.restore, owner.token, { ids: [first] });
    expect(await outline(owner.token, projectId)).toEqual(['First']);
    await data('DELETE', TRASH_API.purge, owner.token, { ids: [group] });
    expect(await trashOf(owner.token, projectId)).toEqual([]);
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from documents where project_id = ${projectId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // What is not in the trash is neither restored nor purged by these calls.
    expect((await call('POST', TRASH_API.restore, owner.token, { ids: [first] })).body.code).toBe(2201);
    expect((await call('DELETE', TRASH_API.purge, owner.token, { ids: [first] })).body.code).toBe(2201);
  });

  it('lets only those who may edit the catalogue see or change the trash', async () => {
    const { owner, member } = await team();
    const { id: projectId } = await project(owner.token, { team_permission: 'viewer' });
    const gone = await doc(owner.token, projectId, { name: 'Gone' });
    await remove(owner.token, [gone]);
    const viewer = await member();
    expect((await call('GET', `${TRASH_API.list}?project_id=${projectId}`, viewer.token)).status).toBe(403);
    expect((await call('POST', TRASH_API.restore, viewer.token, { ids: [gone] })).status).toBe(403);
    const { owner: stranger } = await team('Elsewhere');
    expect((await call('GET', `${TRASH_API.list}?project_id=${projectId}`, stranger.token)).status).toBe(404);
    expect((await call('DELETE', TRASH_API.purge, stranger.token, { ids: [gone] })).status).toBe(404);
    expect((await call('GET', `${TRASH_API.list}?project_id=${projectId}`)).status).toBe(401);
  });

  it('deletes for good what has been in the trash for 30 days, not before', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const old = await doc(owner.token, projectId, { name: 'Old' });
    const recent = await doc(owner.token, projectId, { name: 'Recent' });
    await remove(owner.token, [old, recent]);
    await ctx.database.db.execute(
      sql`update documents set deleted_at = now() - interval '30 days 1 minute' where id = ${old}`,
    );
    await ctx.database.db.execute(
      sql`update documents set deleted_at = now() - interval '29 days' where id = ${recent}`,
    );
    // The list never shows an entry past its days, whenever the hourly purge last ran.
    expect((await trashOf(owner.token, projectId)).map((item) => item.name)).toEqual(['Recent']);
    await ctx.database.db.execute(
      sql`update documents set deleted_at = now() - interval '31 days' where id = ${recent}`,
    );
    expect(await purgeExpiredTrash(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.execute(
      sql`select count(*)::int as n from documents where project_id = ${projectId}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
